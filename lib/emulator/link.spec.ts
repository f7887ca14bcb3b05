// Field conditions: the link profiles' pure parts, then an emulator under them, as a client meets it.
import { EventEmitter } from 'node:events';
import net, { type Socket } from 'node:net';
import { describe, expect, test } from 'vitest';
import { startEmulator } from './emulator.js';
import { LINKS, Slots, delayOf, parseLatency } from './link.js';

describe('--latency', () => {
  test.for([
    ['60±40', { latencyMs: 60, jitterMs: 40 }],
    ['60+-40', { latencyMs: 60, jitterMs: 40 }],
    ['60 +/- 40 ms', { latencyMs: 60, jitterMs: 40 }],
    ['60', { latencyMs: 60, jitterMs: 0 }],
    ['0', { latencyMs: 0, jitterMs: 0 }],
    ['40±60', undefined],
    ['-5', undefined],
    ['fast', undefined],
    ['60±', undefined],
  ] as const)('%s -> %j', ([text, want]) => {
    expect(parseLatency(text)).toEqual(want);
  });

  test('a delay is latency ± jitter, the extremes included, never below zero', () => {
    expect(delayOf(LINKS.wifi, () => 0)).toBe(20);
    expect(delayOf(LINKS.wifi, () => 1)).toBe(100);
    expect(delayOf(LINKS.wifi, () => 0.5)).toBe(60);
    expect(delayOf({ latencyMs: 0, jitterMs: 0 }, () => 0)).toBe(0);
  });
});

class FakeSocket extends EventEmitter {
  destroyed = false;
  destroy() {
    this.destroyed = true;
    this.emit('close');
  }
}

describe('connection slots', () => {
  test('a connection beyond the slots closes the least recently used one, not the newest', () => {
    const slots = new Slots(2);
    const [a, b, c, d] = [new FakeSocket(), new FakeSocket(), new FakeSocket(), new FakeSocket()];
    slots.add(a as unknown as Socket);
    slots.add(b as unknown as Socket);
    a.emit('data');
    slots.add(c as unknown as Socket);
    expect([a.destroyed, b.destroyed, c.destroyed]).toEqual([false, true, false]);
    slots.add(d as unknown as Socket);
    expect([a.destroyed, c.destroyed, d.destroyed]).toEqual([true, false, false]);
    expect(slots.size).toBe(2);
  });

  test('without a limit nothing is closed; a closed connection frees its slot', () => {
    const slots = new Slots(null);
    const many = Array.from({ length: 20 }, () => new FakeSocket());
    for (const s of many) slots.add(s as unknown as Socket);
    expect(many.some((s) => s.destroyed)).toBe(false);
    many[0]!.destroy();
    expect(slots.size).toBe(19);
  });
});

/** A GET on a connection of its own, kept open by the client (a raw socket: only the device can close it). */
async function connectionTo(port: number): Promise<{ closed: Promise<number>; ms: number; socket: net.Socket }> {
  const socket = net.connect({ host: '127.0.0.1', port });
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const started = performance.now();
  socket.write('GET /api HTTP/1.1\r\nHost: device\r\nConnection: keep-alive\r\n\r\n');
  let got = '';
  await new Promise<void>((resolve) => {
    const onData = (chunk: Buffer) => {
      got += chunk.toString('utf8');
      const head = got.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(got)?.[1] ?? 0);
      if (head !== -1 && Buffer.byteLength(got) - head - 4 >= length) {
        socket.off('data', onData);
        resolve();
      }
    };
    socket.on('data', onData);
  });
  return { closed, ms: performance.now() - started, socket };
}

test('an emulator under a link: each request waits the latency, a third connection purges the oldest, an idle one is closed', async () => {
  const emu = await startEmulator({ kind: 'p1dongle', link: { latencyMs: 80, jitterMs: 0, maxConnections: 2, idleCloseS: 1 } });
  try {
    expect(emu.ready.link).toEqual({ latencyMs: 80, jitterMs: 0, maxConnections: 2, idleCloseS: 1 });
    const port = emu.ready.httpPort!;
    const first = await connectionTo(port);
    expect(first.ms).toBeGreaterThanOrEqual(79);
    const second = await connectionTo(port);
    const third = await connectionTo(port);
    // The first was the least recently used: the third took its slot.
    const purged = await Promise.race([first.closed.then(() => 'first'), second.closed.then(() => 'second'), third.closed.then(() => 'third')]);
    expect(purged).toBe('first');
    // The third is closed by the device once idle for a second.
    const idleFrom = performance.now();
    const at = await third.closed;
    expect(at - idleFrom).toBeGreaterThanOrEqual(500);
    for (const c of [first, second, third]) c.socket.destroy();
  } finally {
    await emu.close();
  }
});
