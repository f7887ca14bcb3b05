// A run whose suites' worker cannot start runs none of its checks. vitest waits a minute for a worker that exited and
// then runs nothing without a word; the run used to pass after it, every clause "not implemented yet". Now the worker's
// answer comes at once with what it printed (kept-worker.ts), every check it could not run is an error naming why, and the
// run exits 2 saying it is no fault of the device. The worker here fails as vitest hands on `--cpu-prof-interval 200`:
// the option without its value (vitest keeps the profiling options of the process, one argument at a time).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator } from '../emulator/emulator.js';
import { cli, targetArgs } from '../testing/cli-process.js';
import { neverRan } from './vitest-run.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-worker-start-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

interface Results {
  verdict: string;
  checks: { clause: string; area: string; status: string; message: string }[];
}

test('a run whose suites cannot start says why at once, makes each check it could not run an error, and exits 2', async () => {
  const emu = await startEmulator({ kind: 'energysocket' });
  try {
    const out = path.join(dir, 'reports');
    const nodeArgs = ['--cpu-prof', `--cpu-prof-dir=${path.join(dir, 'profiles')}`, '--cpu-prof-interval', '200'];
    // Killed past 30 s: the minute vitest waits for a worker that exited would be a failure here.
    const res = await cli(['run', ...targetArgs(emu.ready, path.join(dir, 'tokens.json')), '--suite', 'info', '--reports', out], {
      nodeArgs,
      timeoutMs: 30_000,
    });
    expect(res.stderr).toMatch(
      /the suites could not run, so the device was judged only by the runner's own checks \(exit 2\): .*before it started: .*--cpu-prof-interval/,
    );
    expect(res.stderr).not.toMatch(/select clauses that apply/);
    expect(res.code).toBe(2);
    const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as Results;
    expect(results.verdict).toBe('error');
    const info = results.checks.filter((c) => c.area === 'info');
    expect(info.length).toBeGreaterThan(0);
    for (const c of info) {
      expect(c.status, c.clause).toBe('error');
      expect(c.message, c.clause).toMatch(/^the check itself failed: suites\/info\.test\.js did not load: .*--cpu-prof-interval requires an argument/);
    }
  } finally {
    await emu.close();
  }
}, 40_000);

test.for([
  {
    what: 'a file that ended is not listed',
    files: ['dist/suites/info.test.js', 'dist/suites/tls.test.js'],
    ended: ['tls.test.js'],
    errors: [new Error('[vitest-pool]: Failed to start', { cause: new Error('exited with code 9') })],
    output: '',
    want: [{ file: 'info.test.js', message: '[vitest-pool]: Failed to start: exited with code 9' }],
  },
  {
    what: 'without an error of vitest, what it printed says why',
    files: ['info.test.js'],
    ended: [],
    errors: [],
    output: 'something broke\n',
    want: [{ file: 'info.test.js', message: 'vitest ran no test of it, and printed: something broke' }],
  },
  { what: 'every file ended: nothing', files: ['info.test.js'], ended: ['info.test.js'], errors: [], output: '', want: [] },
])('neverRan: $what', ({ files, ended, errors, output, want }) => {
  expect(neverRan(files, new Set(ended), errors, output)).toEqual(want);
});
