// The conformance project (suites/ run by vitest itself against a clean emulator, lib/testing/emulator-global-setup.ts)
// as a file of the unit project: npm test runs the unit project alone (package.json), because vitest runs projects
// with different worker counts one after the other, and the conformance project's ten seconds, mostly the users
// suite's waits, came first with a core idle.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../runner/package-root.js';

const VITEST = path.join(PACKAGE_ROOT, 'node_modules', 'vitest', 'vitest.mjs');

interface JsonReport {
  numFailedTests: number;
  numPassedTests: number;
  testResults: { name: string; status: string }[];
}

test('the conformance project passes against a clean energy socket, every suite file run', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'ec-conformance-'));
  try {
    const out = path.join(dir, 'report.json');
    // A vitest of its own, not this worker's: none of this run's VITEST_* settings; the project's default kind, whatever the tester's.
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST'))) as NodeJS.ProcessEnv;
    env.EC_SELFTEST_KIND = 'energysocket';
    const res = await new Promise<{ code: number; output: string }>((resolve) => {
      execFile(
        process.execPath,
        [VITEST, 'run', '--project', 'conformance', '--reporter=json', '--outputFile', out],
        { cwd: PACKAGE_ROOT, env, timeout: 170_000, maxBuffer: 64 * 1024 * 1024 },
        (err, stdout, stderr) => resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, output: `${stdout}${stderr}` }),
      );
    });
    expect(res.code, res.output).toBe(0);
    const report = JSON.parse(await readFile(out, 'utf8')) as JsonReport;
    expect(report.numFailedTests).toBe(0);
    expect(report.numPassedTests).toBeGreaterThan(0);
    const suites = (await readdir(path.join(PACKAGE_ROOT, 'suites'))).filter((f) => f.endsWith('.test.ts')).sort();
    expect(report.testResults.map((r) => path.basename(r.name)).sort()).toEqual(suites);
    expect(report.testResults.filter((r) => r.status !== 'passed').map((r) => r.name)).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 180_000);
