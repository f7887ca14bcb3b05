// docs/fleets.md's recipes, run as the engines run them: GitHub's `run:` lines through bash, the
// matrix expressions filled in from the discover job's output; GitLab's scripts, the child pipeline they write and
// its jobs' scripts; all against two emulators advertised on loopback.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestCa } from '../emulator/certs.js';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { BIN } from '../testing/cli-process.js';

const bash = promisify(execFile);

let dir: string;
let emus: Emulator[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-fleet-'));
  const ca = await createTestCa();
  emus = [await startEmulator({ kind: 'energysocket', ca, mdns: { interface: '127.0.0.1' } }),
    await startEmulator({ kind: 'p1dongle', ca, mdns: { interface: '127.0.0.1' } })];
  await writeFile(path.join(dir, 'ca.pem'), ca.certPem);
});

afterAll(async () => {
  await Promise.all(emus.map((e) => e.close()));
  await rm(dir, { recursive: true, force: true });
});

/** The `run:` lines of one job of the workflow in docs/fleets.md. */
function runLines(workflow: string, job: string): string[] {
  const start = workflow.indexOf(`\n  ${job}:\n`);
  const end = workflow.slice(start + 1).search(/\n {2}[a-z-]+:\n/);
  const body = workflow.slice(start, end === -1 ? undefined : start + 1 + end);
  return [...body.matchAll(/^ +(?:- )?run: (.+)$/gm)].map((m) => m[1]!);
}

test('discover, then a job per device, then each job\'s summary: both devices pass, as the engine would show them', async () => {
  const doc = await readFile(path.join(PACKAGE_ROOT, 'docs', 'fleets.md'), 'utf8');
  const workflow = /## GitHub Actions[\s\S]*?```yaml\n([\s\S]*?)```/.exec(doc)![1]!;
  const [output, summary, hook] = ['github-output', 'step-summary.md', 'press.mjs'].map((f) => path.join(dir, f)) as [string, string, string];
  const urls = Object.fromEntries(emus.map((e) => [e.ready.serial, e.ready.controlUrl]));
  await writeFile(hook, `const urls = ${JSON.stringify(urls)};\nconst r = await fetch(\`\${urls[process.argv[2]]}/press\`, { method: 'POST' });\nprocess.exit(r.ok ? 0 : 1);\n`);
  const env = { ...process.env, HOME: dir, NO_COLOR: '1', BENCH_INTERFACE: '127.0.0.1', BENCH_CA: path.join(dir, 'ca.pem'),
    PRESS_HOOK: `"${process.execPath}" ${hook} {serial}`, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary };
  // The runner has the package installed: `npx energy-conform` is this checkout's bin.
  const step = (line: string, matrix: Record<string, unknown> = {}) => bash('bash', ['-c',
    line.replaceAll('npx energy-conform', `"${process.execPath}" "${BIN}"`).replace(/\$\{\{ matrix\.([a-z_]+) \}\}/g, (_, k: string) => String(matrix[k]))],
  { cwd: dir, env, timeout: 120_000 }).then(() => 0, (err: { code?: number; stderr?: string }) => { console.error(err.stderr); return err.code ?? -1; });

  const [find] = runLines(workflow, 'discover');
  expect(await step(find!)).toBe(0);
  const line = (await readFile(output, 'utf8')).trim();
  expect(line).toMatch(/^matrix=\{"include":\[/);
  const { include } = JSON.parse(line.slice('matrix='.length)) as { include: Record<string, unknown>[] };
  expect(include.map((j) => j.serial).sort()).toEqual(emus.map((e) => e.ready.serial).sort());

  const [run, show] = runLines(workflow, 'device');
  for (const job of include) {
    expect(await step(run!, job), String(job.serial)).toBe(0);
    expect(await step(show!, job)).toBe(0);
    expect(existsSync(path.join(dir, 'reports', String(job.serial), 'junit.xml'))).toBe(true);
  }
  const page = await readFile(summary, 'utf8');
  for (const e of emus) expect(page).toMatch(new RegExp(`## energy-conform \\S+: PASS\\n\\n${e.ready.kind} \\S+ serial ${e.ready.serial} `));
}, 180_000);

test('GitLab: the discover job writes a child pipeline with a job per device, and each job\'s script passes its device', async () => {
  const doc = await readFile(path.join(PACKAGE_ROOT, 'docs', 'fleets.md'), 'utf8');
  const pipeline = /## GitLab CI[\s\S]*?```yaml\n([\s\S]*?)```/.exec(doc)![1]!;
  const work = path.join(dir, 'gitlab');
  await bash('mkdir', ['-p', work]);
  const urls = Object.fromEntries(emus.map((e) => [e.ready.serial, e.ready.controlUrl]));
  const hook = path.join(work, 'press.mjs');
  await writeFile(hook, `const urls = ${JSON.stringify(urls)};\nconst r = await fetch(\`\${urls[process.argv[2]]}/press\`, { method: 'POST' });\nprocess.exit(r.ok ? 0 : 1);\n`);
  const env = { ...process.env, HOME: work, NO_COLOR: '1', BENCH_INTERFACE: '127.0.0.1', BENCH_CA: path.join(dir, 'ca.pem'),
    PRESS_HOOK: `"${process.execPath}" ${hook} {serial}` };
  const sh = (line: string) => bash('bash', ['-c', line.replaceAll('npx energy-conform', `"${process.execPath}" "${BIN}"`)], { cwd: work, env, timeout: 120_000 });
  const discover = pipeline.slice(0, pipeline.indexOf('\n  artifacts:'));
  for (const [, line] of discover.matchAll(/^ {4}- (.+)$/gm)) await sh(line!);
  const generated = await readFile(path.join(work, 'devices.yml'), 'utf8');
  const jobs = [...generated.matchAll(/^device-([0-9a-f]{12}):\n[\s\S]*?^ {4}- (.+)$/gm)];
  expect(jobs.map((j) => j[1]).sort()).toEqual(emus.map((e) => e.ready.serial).sort());
  for (const [, serial, script] of jobs) {
    await sh(script!);
    const results = JSON.parse(await readFile(path.join(work, 'reports', 'results.json'), 'utf8')) as { verdict: string; target: { serial: string } };
    expect([results.target.serial, results.verdict]).toEqual([serial, 'pass']);
    expect(existsSync(path.join(work, 'reports', 'junit.xml'))).toBe(true);
  }
}, 180_000);
