// What a run leaves, and how it ends, against devices that misbehave: the per-run deadline, and
// residue that could not be put back (users are in users.spec.ts).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator } from '../emulator/emulator.js';
import { cli, targetArgs } from '../testing/cli-process.js';

let dir: string;
beforeAll(async () => { dir = await mkdtemp(path.join(tmpdir(), 'ec-hostile-')); });
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function runAgainst(kind: 'p1dongle' | 'energysocket', fault: string, extra: string[]) {
  const emu = await startEmulator({ kind, faults: [fault] });
  try {
    const out = path.join(dir, fault);
    const res = await cli(['run', ...targetArgs(emu.ready, path.join(dir, `${fault}.json`)), '--reports', out, ...extra]);
    const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as { residue: string[]; verdict: string };
    return { res, results, after: emu.state.snapshot() };
  } finally {
    await emu.close();
  }
}

test('--run-timeout stops a run that hangs: cleaned up, reported, exit 2, saying so', async () => {
  const { res, results } = await runAgainst('p1dongle', 'measurement-never-answers', ['--suite', 'measurement', '--run-timeout', '3']);
  expect(res.code).toBe(2);
  expect(res.ms).toBeLessThan(30_000);
  expect(res.stderr).toMatch(/the run was interrupted \(--run-timeout 3 s passed\) and cleaned up; the device is as the run found it/);
  expect(results.verdict).toBe('error');
});

test('a socket state the run cannot put back is residue: it fails the run and says what is left', async () => {
  const { res, results, after } = await runAgainst('energysocket', 'brightness-full-stored-as-254', ['--suite', 'socket']);
  expect(res.code).toBe(1);
  expect(after.socket).toEqual({ power_on: true, switch_lock: false, brightness: 254 });
  expect(results.residue).toEqual(['the socket reads on, unlocked, brightness 254; it was on, unlocked, brightness 255 before the run']);
  expect(res.stderr).toMatch(/the run left the device changed, and could not undo it: the socket reads on, unlocked, brightness 254/);
});
