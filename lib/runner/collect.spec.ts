// A suite whose hook throws: vitest skips its tests and says nothing of them; the runner keeps each as a check that
// could not run (an error, exit 1), never as a skip that a run would pass with. A file that does not load: vitest
// collects none of its tests; the runner names the file and why (assemble.ts then makes its area's clauses errors).
// Real vitest, on a file written here.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PACKAGE_ROOT } from './package-root.js';
import type { CollectedTest, UnloadedFile } from './vitest-run.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-collect-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

async function collected(file: string): Promise<CollectedTest[]> {
  return (await ran(file)).tests;
}

async function ran(file: string): Promise<{ tests: CollectedTest[]; unloaded: (UnloadedFile | null)[] }> {
  await writeFile(path.join(dir, 'a.test.mjs'), file);
  const script = `
    import { createVitest } from ${JSON.stringify(import.meta.resolve('vitest/node'))};
    import { collect, unloadedOf } from ${JSON.stringify(pathToFileURL(path.join(PACKAGE_ROOT, 'dist', 'lib', 'runner', 'vitest-run.js')).href)};
    const got = [];
    const unloaded = [];
    const vitest = await createVitest('test', { root: ${JSON.stringify(dir)}, config: false, globals: true, include: ['*.test.mjs'], watch: false,
      reporters: [{ onTestCaseResult: (tc) => got.push(collect(tc)), onTestModuleEnd: (m) => unloaded.push(unloadedOf(m)) }] });
    await vitest.start();
    await vitest.close();
    console.log(JSON.stringify({ tests: got, unloaded }));`;
  await writeFile(path.join(dir, 'run.mjs'), script);
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(dir, 'run.mjs')], { cwd: dir }).catch((e: { stdout: string }) => e);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { tests: CollectedTest[]; unloaded: (UnloadedFile | null)[] };
}

test('a test its suite could not run (a hook threw) is kept as failed, saying why', { timeout: 60_000 }, async () => {
  const tests = await collected(`
    beforeAll(() => { throw new Error('the setup broke'); });
    test('one', () => {});
    describe('inner', () => { test('two', () => {}); });`);
  expect(tests.map((t) => [t.title, t.state])).toEqual([
    ['one', 'failed'],
    ['two', 'failed'],
  ]);
  for (const t of tests) expect(t.message).toBe('the check itself failed: its suite could not run it: the setup broke');
});

test('a test skipped as written stays a skip, with its note', { timeout: 60_000 }, async () => {
  const tests = await collected(`
    test('ran', () => {});
    test.skip('not this one', () => {});
    test('skipped inside', (ctx) => ctx.skip('no device timer'));`);
  expect(tests.map((t) => [t.title, t.state, t.message])).toEqual([
    ['ran', 'passed', ''],
    ['not this one', 'skipped', ''],
    ['skipped inside', 'skipped', 'no device timer'],
  ]);
});

test('a file that does not load is named, with why; one that loads is not', { timeout: 60_000 }, async () => {
  expect(await ran(`throw new Error('a module it needs is missing'); test('never', () => {});`)).toEqual({
    tests: [],
    unloaded: [{ file: 'a.test.mjs', message: 'a module it needs is missing' }],
  });
  expect((await ran(`test('ran', () => {});`)).unloaded).toEqual([null]);
});
