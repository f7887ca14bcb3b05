// A run whose suites' worker cannot start, or dies mid-run, does not run all its checks. vitest waits a minute for a
// worker that exited before it started and then runs nothing without a word; the run used to pass after it, every clause
// "not implemented yet" (a skip), as it passed the checks a worker killed mid-run never reached. Now the worker's answer comes at once
// with what it printed (kept-worker.ts), each check not run is an error naming why (vitest-run.ts neverRan), and a run
// that ran none exits 2, saying it is no fault of the device. The worker here cannot start as vitest hands on
// `--cpu-prof-interval 200`: the option without its value (vitest keeps the profiling options one argument at a time).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator } from '../emulator/emulator.js';
import { BIN, cli, targetArgs } from '../testing/cli-process.js';
import { neverRan } from './vitest-run.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-worker-start-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

interface Results {
  verdict: string;
  profiles: { profile: string; verdict: string }[];
  notes: string[];
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
    expect(res.stdout).toMatch(
      /^note: the suites could not run, so the device was judged only by the runner's own checks \(exit 2\): .*before it started: .*--cpu-prof-interval/m,
    );
    expect(res.stderr).not.toMatch(/select clauses that apply/);
    expect(res.code).toBe(2);
    const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as Results;
    expect(results.verdict).toBe('error');
    expect(results.profiles).toMatchObject([{ profile: 'spec', verdict: 'error' }]);
    expect(results.notes).toContainEqual(
      expect.stringMatching(
        /^the suites could not run, so the device was judged only by the runner's own checks \(exit 2\): .*--cpu-prof-interval.*This is no fault of the device/,
      ),
    );
    const info = results.checks.filter((c) => c.area === 'info');
    expect(info.length).toBeGreaterThan(0);
    for (const c of info) {
      expect(c.status, c.clause).toBe('error');
      expect(c.message, c.clause).toMatch(
        /^the check itself failed: suites\/info\.test\.js did not run, or not to its end: .*--cpu-prof-interval requires an argument/,
      );
    }
  } finally {
    await emu.close();
  }
}, 40_000);

test("a run whose suites' worker is killed mid-run makes each check it did not reach an error, never a pass", async () => {
  const emu = await startEmulator({ kind: 'energysocket' });
  try {
    const out = path.join(dir, 'killed');
    const run = spawn(process.execPath, [BIN, 'run', ...targetArgs(emu.ready, path.join(dir, 'killed.tokens.json')), '--reports', out], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1' },
    });
    let stderr = '';
    run.stderr.on('data', (d) => (stderr += d));
    run.stdout.resume();
    const exited = new Promise<number | null>((resolve) => run.once('close', resolve));
    // Well into the socket's tables: the run's own steering of the socket is one PUT, the tables' some two hundred.
    const puts = () => emu.requests.filter((r) => r.method === 'PUT' && r.path === '/api/v1/state').length;
    while (puts() < 40 && run.exitCode === null) await new Promise((r) => setTimeout(r, 5));
    // The run's worker (a child of the run's process, not another test's): killed as the kernel kills a process out of memory.
    const workers = execFileSync('pgrep', ['-P', String(run.pid), '-f', 'kept-worker-entry'], { encoding: 'utf8' })
      .trim()
      .split('\n');
    for (const pid of workers) process.kill(Number(pid), 'SIGKILL');
    expect(await exited, stderr).toBe(1);
    const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as Results;
    expect(results.verdict).toBe('fail');
    const unreached = results.checks.filter((c) => c.status === 'error');
    expect(unreached.map((c) => c.area)).toEqual(expect.arrayContaining(['socket', 'users', 'cloud']));
    for (const c of unreached)
      expect(c.message, c.clause).toMatch(/^the check itself failed: suites\/[a-z-]+\.test\.js did not run, or not to its end: .*Worker exited unexpectedly/);
    expect(results.checks.filter((c) => /not implemented yet/.test(c.message)).map((c) => c.clause)).toEqual([]);
    // The socket's tables were under way: what ran of them is no pass of the clauses they judge.
    expect(results.checks.filter((c) => c.area === 'socket' && c.status === 'pass').map((c) => c.clause)).toEqual([]);
  } finally {
    await emu.close();
  }
}, 40_000);

test.for([
  {
    what: 'a file that ended is not listed',
    files: ['dist/suites/info.test.js', 'dist/suites/tls.test.js'],
    ended: ['tls.test.js'],
    errors: [
      new Error('[vitest-pool]: Failed to start kept-forks worker for test files /p/info.test.js, /p/tls.test.js.', { cause: new Error('exited with code 9') }),
    ],
    output: '',
    want: [{ file: 'info.test.js', message: '[vitest-pool]: Failed to start kept-forks worker: exited with code 9', fate: 'did not run, or not to its end' }],
  },
  {
    what: 'without an error of vitest, what it printed says why',
    files: ['info.test.js'],
    ended: [],
    errors: [],
    output: 'something broke\n',
    want: [{ file: 'info.test.js', message: 'vitest ran no test of it, and printed: something broke', fate: 'did not run, or not to its end' }],
  },
  { what: 'every file ended: nothing', files: ['info.test.js'], ended: ['info.test.js'], errors: [], output: '', want: [] },
])('neverRan: $what', ({ files, ended, errors, output, want }) => {
  expect(neverRan(files, new Set(ended), errors, output)).toEqual(want);
});
