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

test('run --profile vendor on a P1 meter: within 12 connections and 210 requests, every check passing', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ec-vendor-budget-'));
  try {
    await withEmulator({ kind: 'p1dongle' }, async (emu) => {
      const out = path.join(dir, 'out');
      const res = await sharedCli(['run', ...targetArgs(emu.ready, path.join(dir, 'tokens.json')), '--profile', 'vendor', '--reports', out]);
      expect(res.code, res.stdout + res.stderr).toBe(0);
      const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as { connections: number; requests: number };
      expect({ connections: results.connections, requests: results.requests }).toEqual({
        connections: expect.toSatisfy((n: number) => n <= VENDOR_BUDGET.connections),
        requests: expect.toSatisfy((n: number) => n <= VENDOR_BUDGET.requests),
      });
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 120_000);
