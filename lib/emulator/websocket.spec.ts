// The emulator's WebSocket through a client written by others: the npm package `ws` (8.23.0), driving the
// documented handshake (DOC v2/websocket.mdx) over real TLS with the emulator's test CA, as an energy manager would.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Emulator, startEmulator } from './emulator.js';
import { connect } from '../testing/ws-test-client.js';

describe("the emulator's WebSocket, through the `ws` client", () => {
  let emu: Emulator;
  let token: string;
  beforeAll(async () => {
    emu = await startEmulator({ kind: 'p1dongle' });
    emu.state.press();
    token = emu.state.createUser('local/energy-manager');
  });
  afterAll(async () => emu.close());

  test('authorizes, subscribes to measurement and receives the current value, then a push about every second', async () => {
    const c = await connect(emu);
    expect(c.heard).toEqual([{ type: 'authorization_requested', data: { api_version: '2.2.0' } }]);
    c.ws.send(JSON.stringify({ type: 'authorization', data: token }));
    expect(await c.next('authorized')).toEqual({ type: 'authorized' });
    const from = c.heard.length;
    c.ws.send(JSON.stringify({ type: 'subscribe', data: 'measurement' }));
    const first = await c.next('measurement', from);
    expect(first.data).toMatchObject({ power_w: expect.any(Number), energy_import_kwh: expect.any(Number) });
    await new Promise((r) => setTimeout(r, 2300));
    expect(c.heard.slice(from).filter((m) => m.type === 'measurement').length).toBeGreaterThanOrEqual(3);
    c.ws.close();
  });

  test('a set over the socket reaches a second subscriber, and GET /api/system over HTTPS agrees', async () => {
    const [a, b] = [await connect(emu), await connect(emu)];
    for (const c of [a, b]) {
      c.ws.send(JSON.stringify({ type: 'authorization', data: token }));
      await c.next('authorized');
    }
    b.ws.send(JSON.stringify({ type: 'subscribe', data: 'system' }));
    await b.next('system');
    const from = b.heard.length;
    a.ws.send(JSON.stringify({ type: 'system', data: { status_led_brightness_pct: 12 } }));
    expect((await a.next('system')).data).toMatchObject({ status_led_brightness_pct: 12 });
    expect((await b.next('system', from)).data).toMatchObject({ status_led_brightness_pct: 12 });
    expect(emu.state.system.status_led_brightness_pct).toBe(12);
    for (const c of [a, b]) c.ws.close();
  });

  test('a wrong token is refused and nothing is served; a reboot closes every socket', async () => {
    const c = await connect(emu);
    c.ws.send(JSON.stringify({ type: 'authorization', data: '0'.repeat(32) }));
    expect(await c.next('error')).toEqual({ type: 'error', data: { message: 'user:unauthorized' } });
    c.ws.send(JSON.stringify({ type: 'subscribe', data: 'device' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(c.heard.map((m) => m.type)).toEqual(['authorization_requested', 'error', 'error']);
    const d = await connect(emu);
    const rebooted = emu.reboot(1);
    expect(await c.closed).toBeGreaterThan(0);
    expect(await d.closed).toBeGreaterThan(0);
    await rebooted;
  });
});
