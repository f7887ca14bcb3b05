// The vendor profile is gentle on a small device (issue 34: the P1 meter's Wi-Fi chip struggles with several
// connections): `run --profile vendor` on the P1 meter within its budget of connections and requests, counted, not
// timed (its time is in `npm run bench`).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { targetArgs } from '../testing/cli-process.js';
import { withEmulator } from '../testing/emulator-client.js';
import { sharedCli } from '../testing/shared-cli.js';

/**
 * What the profile may cost on the P1 meter: 12 connections (5 of them WebSockets; 2 the runner's own, opened again after
 * the suites to put the device back, since it closes them before the suites so that the chip holds the suites' two
 * alone), and the requests of its checks, 27 of them the readings' (V-READ: the measurement and the v1 data once a
 * second for at most 12 s, and a last read).
 */
const VENDOR_BUDGET = { connections: 12, requests: 210 };

interface Check {
  clause: string;
  status: string;
  exchanges: { method: string; startedAt: string; responseBody?: string }[];
}
const LISTENING = ['V-WS-03', 'V-WS-04', 'V-WS-07', 'V-WS-08'];

test('run --profile vendor on a P1 meter: within 12 connections and 210 requests, every check passing, the listening WebSockets beside the readings', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ec-vendor-budget-'));
  try {
    await withEmulator({ kind: 'p1dongle' }, async (emu) => {
      const out = path.join(dir, 'out');
      const res = await sharedCli(['run', ...targetArgs(emu.ready, path.join(dir, 'tokens.json')), '--profile', 'vendor', '--reports', out]);
      expect(res.code, res.stdout + res.stderr).toBe(0);
      const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as { connections: number; requests: number; checks: Check[] };
      expect({ connections: results.connections, requests: results.requests }).toEqual({
        connections: expect.toSatisfy((n: number) => n <= VENDOR_BUDGET.connections),
        requests: expect.toSatisfy((n: number) => n <= VENDOR_BUDGET.requests),
      });
      // Their windows are the device's time: they pass while the readings are read once a second (vendor/listeners.ts),
      // each socket closed by the run once its window has passed, not held open to the WebSocket checks' file.
      const check = (id: string) => results.checks.find((c) => c.clause === id)!;
      const readingsFrom = check('V-READ-01').exchanges[0]!.startedAt;
      for (const id of LISTENING) {
        const [ws] = check(id).exchanges;
        expect({ id, status: check(id).status, method: ws?.method, before: ws!.startedAt < readingsFrom }).toEqual({
          id,
          status: 'pass',
          method: 'WS',
          before: true,
        });
      }
      // The quiet ones' transcripts are short enough to be kept whole (a body is kept to 4 KiB): each ends in the run's close.
      for (const id of ['V-WS-03', 'V-WS-04'])
        expect(check(id).exchanges[0]!.responseBody?.trimEnd().split('\n').at(-1)).toMatch(/\(closed by energy-conform\)$/);
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 120_000);
