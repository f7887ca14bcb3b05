// A lane's reads are its own: where it found a watched state unread when it took the device, the checks that have the
// device while it waits find it unread too, wherever its waits happened to end (repeatable.spec.ts saw CLOUD-08 judged
// in ERR-03's check in one run of three: the lane had come back between ERR-02, whose PUT leaves the cloud setting
// unread, and ERR-03, whose PATCH it then judged against the lane's read).
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DeviceClient } from '../client/device-client.js';
import type { Exchange } from '../client/exchange-log.js';
import { forgetRun } from '../client/run-scope.js';
import type { SuiteContext } from '../contract/run-context.js';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import { inTurn } from './device-turn.js';
import { Lane } from './lane.js';
import { unreadStates } from './owned-watch.js';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator({ kind: 'p1dongle' });
});
afterAll(async () => {
  await emu.close();
});

const target = () => ({ host: '127.0.0.1', httpPort: emu.ready.httpPort, httpsPort: null, caPem: '', insecure: true });

/** A run that watches the cloud setting alone (CLOUD-08 reads GET /api/v1/system, no token), over v1; `read`: its read before the suites. */
const runOf = (read?: Exchange) =>
  ({
    target: target(),
    requestTimeoutMs: 5000,
    token: null,
    skips: { 'SOCK-18': 'not a socket', 'LIST-07': 'no token' },
    unreadable: [],
    owned: read ? { 'CLOUD-08': read } : undefined,
  }) as unknown as SuiteContext;

/** What a check that has the device while the lane waits finds unread; the lane writes elsewhere, then waits. */
async function unreadWhileLaneWaits(run: SuiteContext): Promise<string[]> {
  forgetRun();
  const lane = new Lane(run);
  const part = lane.part('PAIR-02', async (ctx) => {
    await ctx.device.v1.request('PATCH', '/api');
    await ctx.idle(50);
  });
  const seen = inTurn(async () => unreadStates(run));
  lane.end();
  const ended = await part;
  expect(ended.ended).toEqual({ value: undefined });
  // The part read the setting back after its PATCH, before its wait, and judged it in its own check.
  expect(ended.deferred.map((d) => d.clause)).toEqual(['CLOUD-08']);
  return seen;
}

test('a state the lane found unread, the checks between its waits find unread: its own reads are no read of theirs', async () => {
  expect(await unreadWhileLaneWaits(runOf())).toEqual(['CLOUD-08']);
});

test('a state read before the lane took the device stays read, as the last read before the wait', async () => {
  const device = new DeviceClient(target(), undefined, 5000);
  await device.v1.get('/api/v1/system');
  await device.close();
  expect(await unreadWhileLaneWaits(runOf(device.log.records[0]))).toEqual([]);
});
