// A device that reboots in the middle of a run: the checks that meet the reboot are `error`, the
// checks after it run as usual, the run ends with exit 1 and leaves the device as it found it.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator } from '../emulator/emulator.js';
import { control } from '../testing/emulator-client.js';
import { targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-reboot-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

interface Results {
  summary: Record<string, number>;
  residue: string[];
  checks: { clause: string; status: string; message: string }[];
}

test('a reboot under GET /api/measurement: the check that met it errors, the device is awaited, every later check runs as usual; exit 1', async () => {
  const emu = await startEmulator({ kind: 'p1dongle' });
  try {
    const before = emu.state.snapshot();
    // The device goes away for 3 s instead of answering the run's first GET /api/measurement.
    expect((await control(emu, '/reboot', { seconds: 3, on: 'GET /api/measurement' })).status).toBe(200);
    const out = path.join(dir, 'run');
    const res = await sharedCli(['run', ...targetArgs(emu.ready, path.join(dir, 'tokens.json')), '--reports', out]);
    const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as Results;
    const errors = results.checks.filter((c) => c.status === 'error');
    // The first check to ask for a measurement meets the reboot, whichever it is as vitest orders the
    // files (a row of an endpoint table, or MEAS-01 with MEAS-02, judged on MEAS-01's answer). Only
    // that check is an error, and only in that one case.
    const ids = errors.map((c) => c.clause).sort();
    expect(ids.length === 1 || ids.join() === 'MEAS-01,MEAS-02', res.stdout + res.stderr).toBe(true);
    for (const e of errors) {
      expect(e.message).toMatch(/GET https:\S+\/api\/measurement: the connection was reset; the device was away and answered again [34]\.\d s later/);
      expect(e.message).toMatch(/\(1 of \d+ cases error\)$|^[^\n]*$/);
    }
    // Recovery: no other check errs, and the device is asked after the reboot (at least by the run's own
    // clean-up, where the measurement suite happens to run last), which puts everything back.
    const at = emu.requests.findIndex((r) => r.path === '/api/measurement');
    expect(emu.requests.slice(at + 1).some((r) => r.path === '/api/user')).toBe(true);
    expect(results.summary).toMatchObject({ fail: 0, error: errors.length });
    expect(results.residue).toEqual([]);
    // As found, but for the pairing user a run keeps (without --forget).
    expect(emu.state.snapshot()).toEqual({ ...before, users: ['local/energy-conform'] });
    expect(res.code).toBe(1);
    expect(res.stderr).not.toMatch(/Unhandled|\n\s+at /);
  } finally {
    await emu.close();
  }
});

test('without --allow-reboot the vendor profile never asks for a reboot, not even to judge V-TEL-03 after one', async () => {
  const emu = await startEmulator({ kind: 'p1dongle' });
  try {
    const out = path.join(dir, 'no-reboot');
    const res = await sharedCli([
      'run',
      ...targetArgs(emu.ready, path.join(dir, 'no-reboot.tokens.json')),
      '--profile',
      'vendor',
      '--suite',
      'vendor-system',
      'vendor-telegram',
      '--reports',
      out,
    ]);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(emu.requests.filter((r) => r.path === '/api/system/reboot')).toEqual([]);
    const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as Results;
    expect(results.checks.find((c) => c.clause === 'V-SYS-11')).toMatchObject({ status: 'skip', message: 'it reboots the device: run with --allow-reboot' });
  } finally {
    await emu.close();
  }
});
