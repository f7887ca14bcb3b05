// The users suite's lane (suites/users/lane.ts, lib/harness/lane.ts): while it waits (PAIR-02's polls, the window
// after the timed press), other areas' checks have the device; one exchange at a time, on the run's two pooled connections
// and a raw exchange's own; and the connections the run reports are the ones the device accepted, counted by a proxy.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Exchange } from '../client/exchange-log.js';
import type { Emulator } from '../emulator/emulator.js';
import { startEmulator } from '../emulator/emulator.js';
import type { RunResults as Results } from '../report/results.js';
import { targetArgs } from '../testing/cli-process.js';
import { type ConnectionCount, countingProxy, newCount } from '../testing/counting-proxy.js';
import { sharedCli } from '../testing/shared-cli.js';

let dir: string;
let emu: Emulator;
let results: Results;
const count: ConnectionCount = newCount();

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-lanes-'));
  emu = await startEmulator({ kind: 'energysocket' });
  const [v1, v2] = [await countingProxy(emu.ready.httpPort!, count), await countingProxy(emu.ready.httpsPort!, count)];
  try {
    const ready = { ...emu.ready, httpPort: v1.port, httpsPort: v2.port };
    const out = path.join(dir, 'out');
    const res = await sharedCli(['run', ...targetArgs(ready, path.join(dir, 'tokens.json')), '--reports', out]);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as Results;
  } finally {
    await Promise.all([v1.close(), v2.close()]);
  }
}, 120_000);

afterAll(async () => {
  await emu?.close();
  await rm(dir, { recursive: true, force: true });
});

const startOf = (e: Exchange) => Date.parse(e.startedAt);

/**
 * Every exchange of the run once (a check's record and the clauses it judged too may hold the same), in the order made.
 * Times are to the millisecond: of two that started in the same one, the shorter came first (a read-back that took no
 * whole millisecond, then the next row's PUT), else the first must have run on beyond the second's start.
 */
function exchanges(of: (c: Results['checks'][number]) => boolean = () => true): Exchange[] {
  const seen = new Map<string, Exchange>();
  for (const c of results.checks.filter(of)) for (const e of c.exchanges) seen.set(`${e.startedAt} ${e.method} ${e.url} ${e.durationMs}`, e);
  return [...seen.values()].sort((a, b) => startOf(a) - startOf(b) || a.durationMs - b.durationMs);
}

/** The lane's waits: the gaps of 400 ms and more between the exchanges PAIR-02's and PAIR-03's checks adopted from it. */
function laneWaits(): [number, number][] {
  const [pair02, pair03] = ['PAIR-02', 'PAIR-03'].map((id) => results.checks.find((c) => c.clause === id && !c.title?.includes('judged in'))!);
  // PAIR-03's record holds the pairing's POST too, made before the suites: the lane starts with PAIR-02's first poll.
  const first = startOf(pair02!.exchanges[0]!);
  const lane = exchanges((c) => c === pair02 || c === pair03).filter((e) => startOf(e) >= first);
  return lane.slice(1).flatMap((e, i): [number, number][] => {
    const end = startOf(lane[i]!) + lane[i]!.durationMs;
    return startOf(e) - end >= 400 ? [[end, startOf(e)]] : [];
  });
}

test("other areas' checks run while the users suite waits for the device (PAIR-02's polls, its press held back, the window after it)", () => {
  const waits = laneWaits();
  // PAIR-02's two waits of 500 ms between its polls, and the 3 s after the timed press before the re-use (and, where
  // the areas that ask POST /api/user outlast the polls, the press held back until they are done).
  expect(waits.length).toBeGreaterThanOrEqual(3);
  // The users suite's own checks come after the lane; its waits are other areas' time with the device. The longest, the
  // window after the press, holds some always: by then every area before the users suite is queued. The first polls'
  // waits may not, on a busy machine (the first suite file still loading while PAIR-02 polls): not a fault.
  const others = exchanges((c) => c.area !== 'users');
  const inWait = ([from, to]: [number, number]) => others.filter((e) => startOf(e) >= from && startOf(e) < to);
  const window = waits.reduce((a, b) => (b[1] - b[0] > a[1] - a[0] ? b : a));
  expect(window[1] - window[0]).toBeGreaterThanOrEqual(2000);
  expect(inWait(window).length).toBeGreaterThan(0);
  expect(waits.flatMap(inWait).length).toBeGreaterThan(50);
});

test('one exchange at a time: each starts once the one before it has ended', () => {
  const all = exchanges();
  // startedAt is to the millisecond: an exchange may seem to start up to 1 ms before the last one ended.
  const overlapping = all.slice(1).filter((e, i) => startOf(e) + 1 < startOf(all[i]!) + all[i]!.durationMs);
  expect(overlapping.map((e) => `${e.startedAt} ${e.method} ${e.url}`)).toEqual([]);
});

// Two conversations, v1 and v2, each on the run's one pooled connection of its side (the main process closes its own
// before the suites start, and the worker its own when they end); a raw exchange (the TLS checks' certificate
// reads, DEL-02's answer read byte for byte) opens its own connection beside them for its one exchange.
test('the connections the run reports are the ones the device accepted, at most three of them open at once', () => {
  expect(results.connections).toBe(count.accepted);
  expect(count.mostOpen).toBeLessThanOrEqual(3);
});

// The lane comes back after the socket's rows had the device and puts the lock back: what was read of the socket before
// that PUT no longer holds, so the lane reads it again, and the creation that clears the lock fails SOCK-18 (when the
// lane held its requests to the rows' last read, the PUT between left them unjudged: a pass, on a quiet machine each time).
test('a creation that clears the lock, made by the lane after the socket rows, fails SOCK-18', { timeout: 120_000 }, async () => {
  const faulty = await startEmulator({ kind: 'energysocket', faults: ['creation-clears-lock'] });
  try {
    const out = path.join(dir, 'creation-clears-lock');
    const res = await sharedCli(['run', ...targetArgs(faulty.ready, path.join(dir, 'faulty.json')), '--suite', 'users', 'socket', '--reports', out]);
    expect(res.code, res.stdout + res.stderr).toBe(1);
    const faultyResults = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as Results;
    expect(faultyResults.checks.find((c) => c.clause === 'SOCK-18')).toMatchObject({ status: 'fail' });
  } finally {
    await faulty.close();
  }
});
