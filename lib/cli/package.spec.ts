// The package as people get it: `npm pack`, installed into an empty folder, runs `emulate` and `run` with
// no development dependency. The install asks no registry (tests talk to this machine only): it is
// `npm ci --offline` from a lockfile holding the project's locked production dependencies, which the
// project's own `npm ci` has put in npm's cache.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ReadyInfo } from '../emulator/emulator.js';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { cli, targetArgs } from '../testing/cli-process.js';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface Lock {
  packages: Record<string, { dev?: boolean; devOptional?: boolean }>;
}
interface Manifest {
  version: string;
  license: string;
  private?: boolean;
  dependencies: Record<string, string>;
  bin: Record<string, string>;
  engines: Record<string, string>;
  files?: string[];
  repository?: unknown;
  keywords?: string[];
}

let dir: string;
let files: string[];
let manifest: Manifest;
let installed: string;
let emulator: ChildProcess | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-package-'));
  const { stdout } = await run(npm, ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: PACKAGE_ROOT });
  const [packed] = JSON.parse(stdout) as [{ filename: string; files: { path: string }[] }];
  files = packed.files.map((f) => f.path);
  const tarball = `file:../${packed.filename}`;
  manifest = JSON.parse(await readFile(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as Manifest;
  const lock = JSON.parse(await readFile(path.join(PACKAGE_ROOT, 'package-lock.json'), 'utf8')) as Lock;
  const app = path.join(dir, 'app');
  const packages: Record<string, unknown> = {
    '': { dependencies: { 'energy-conform': tarball } },
    'node_modules/energy-conform': {
      version: manifest.version,
      resolved: tarball,
      license: manifest.license,
      dependencies: manifest.dependencies,
      bin: manifest.bin,
      engines: manifest.engines,
    },
    ...Object.fromEntries(Object.entries(lock.packages).filter(([k, v]) => k !== '' && !v.dev && !v.devOptional)),
  };
  await run('mkdir', [app]);
  await writeFile(path.join(app, 'package.json'), JSON.stringify({ private: true, dependencies: { 'energy-conform': tarball } }));
  await writeFile(path.join(app, 'package-lock.json'), JSON.stringify({ name: 'app', lockfileVersion: 3, requires: true, packages }));
  await run(npm, ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: app });
  installed = app;
}, 120_000);

afterAll(async () => {
  emulator?.kill('SIGTERM');
  await rm(dir, { recursive: true, force: true });
});

describe('the tarball', () => {
  test("ships the build, the bin, the catalogue, the results.json schema, the API's descriptions, the vendor CA, the README and the guides it links", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'bin/energy-conform.js',
        'dist/lib/bundle/main.js',
        'dist/lib/bundle/run-command.js',
        'dist/lib/runner/vitest-run.js',
        'dist/suites/socket.test.js',
        'dist/suites/users/scenario.js',
        'dist/lib/spec/clauses.js',
        'spec/clauses.md',
        'schemas/results.schema.json',
        'schemas/openapi-v1.json',
        'schemas/openapi-v2.json',
        'schemas/asyncapi.json',
        'fixtures/homewizard-ca-cert.pem',
        'README.md',
        'package.json',
        'docs/real-devices.md',
        'docs/emulator.md',
        'docs/reports.md',
        'docs/fleets.md',
      ]),
    );
  });

  test('ships no tests, no test helpers, no research notes and no sources the build replaces', () => {
    expect(files.filter((f) => /\.spec\.[jt]s$/.test(f))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
    expect(
      files.filter((f) => /^(lib|suites|reports)\/|^dist\/lib\/(testing|bench|build)\/|junit-validate|capture\/described|tsbuildinfo|research/.test(f)),
    ).toEqual([]);
  });

  test('says what it is: not private, with files, repository, keywords and engines; no development tool among its dependencies', () => {
    expect(manifest.private).toBeUndefined();
    expect(manifest.files?.length).toBeGreaterThan(0);
    expect(manifest.repository).toBeTruthy();
    expect(manifest.keywords?.length).toBeGreaterThan(0);
    expect(manifest.engines.node).toMatch(/^>=20/);
    expect(Object.keys(manifest.dependencies)).not.toEqual(expect.arrayContaining(['tsx']));
    expect(Object.keys(manifest.dependencies)).not.toContain('typescript');
  });
});

describe('installed into an empty folder', () => {
  const bin = () => path.join(installed, 'node_modules', '.bin', 'energy-conform');

  test('has no development dependency to lean on', () => {
    for (const tool of ['tsx', 'typescript', '@types/node', 'playwright-core'])
      expect(existsSync(path.join(installed, 'node_modules', tool)), tool).toBe(false);
  });

  test('`energy-conform emulate` starts an energy socket and `energy-conform run` passes it, with every report', async () => {
    emulator = spawn(process.execPath, [bin(), 'emulate', '--kind', 'energysocket', '--cert-style', 'cn-only'], {
      cwd: installed,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ready = JSON.parse(await new Promise<string>((resolve) => createInterface({ input: emulator!.stdout! }).once('line', resolve))) as ReadyInfo;
    const reports = path.join(dir, 'reports');
    const res = await cli(['run', ...targetArgs(ready, path.join(dir, 'tokens.json')), '--reports', reports], { bin: bin(), cwd: installed });
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^energy-conform \d+\.\d+\.\d+: energysocket/m);
    const results = JSON.parse(await readFile(path.join(reports, 'results.json'), 'utf8')) as { verdict: string; summary: { pass: number } };
    expect(results.verdict).toBe('pass');
    expect(results.summary.pass).toBeGreaterThan(50);
    for (const f of ['junit.xml', 'report.html', 'exchanges.har']) expect(existsSync(path.join(reports, f)), f).toBe(true);
  }, 120_000);
});

test('a checkout that was never built says so and how to build it, with exit 2', async () => {
  const checkout = path.join(dir, 'checkout');
  await run('mkdir', ['-p', path.join(checkout, 'bin')]);
  await run('cp', [path.join(PACKAGE_ROOT, 'bin', 'energy-conform.js'), path.join(checkout, 'bin')]);
  const res = await cli(['--help'], { bin: path.join(checkout, 'bin', 'energy-conform.js'), cwd: checkout });
  expect(res.code).toBe(2);
  expect(res.stderr).toMatch(/not built: .*checkout\/ has no dist\/\. Run `npm run build` there\. \[EC_NOT_BUILT\]/);
});
