// The bundle bin/ loads (bundle-cli.ts), as the build wrote it: what it keeps out, what a command loads before it starts,
// and the one module it shares with bin/.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { BUNDLE_DIR, dependencyTree, lazySegmenter, staysOutside } from './bundle-cli.js';

/** rolldown heads each module it takes in with its path: `// dist/lib/runner/run.js`, `// node_modules/zod/v4/…`. */
const modulesOf = (text: string) => [...text.matchAll(/^\/\/ ((?:dist|node_modules)\/\S+\.[cm]?js)$/gm)].map((m) => m[1]!);
const staticImportsOf = (text: string) => [...text.matchAll(/^import\s(?:[^;]*?\sfrom\s)?"([^"]+)";$/gm)].map((m) => m[1]!);

const chunk = (name: string) => readFileSync(path.join(BUNDLE_DIR, name), 'utf8');
const chunks = () => readdirSync(BUNDLE_DIR).filter((f) => f.endsWith('.js'));

/** The modules `entry` loads before its first line runs: its chunk's and those of every chunk it imports statically. */
function loadedBy(entry: string): Set<string> {
  const modules = new Set<string>();
  const seen = new Set<string>();
  for (const next = [entry]; next.length; ) {
    const name = next.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const text = chunk(name);
    for (const m of modulesOf(text)) modules.add(m);
    next.push(
      ...staticImportsOf(text)
        .filter((s) => s.startsWith('./'))
        .map((s) => s.slice(2)),
    );
  }
  return modules;
}

const KEPT_WORKER = path.join(PACKAGE_ROOT, 'dist', 'lib', 'runner', 'kept-worker.js');

test.for([
  { id: 'node:fs', outside: true },
  { id: 'yargs', outside: false },
  { id: 'yargs/helpers', outside: false },
  { id: 'cliui', outside: false },
  { id: 'string-width', outside: false },
  { id: 'vitest/node', outside: true },
  { id: '@vitest/runner', outside: true },
  { id: 'junit-report-builder', outside: true },
  { id: 'zod', outside: false },
  { id: 'zod/v4/core', outside: false },
  { id: 'undici', outside: false },
  { id: 'zodiac', outside: true },
  { id: './run.js', outside: false },
  { id: '../client/errors.js', outside: false },
  { id: './kept-worker.js', outside: true },
  { id: KEPT_WORKER, outside: true },
  { id: './kept-worker-entry.js', outside: false },
])('$id stays outside the bundle: $outside', ({ id, outside }) => {
  expect(staysOutside(id)).toBe(outside);
});

test("yargs' dependencies, found as Node finds them: cliui's own string-width among them", () => {
  const tree = dependencyTree('yargs');
  for (const p of ['yargs', 'yargs-parser', 'cliui', 'y18n', 'string-width', 'strip-ansi', 'wrap-ansi']) expect(tree.has(p), p).toBe(true);
  expect(tree.has('zod')).toBe(false);
});

test('string-width builds its Intl.Segmenter when first asked for a width, not as it loads; a string-width that no longer builds one so stops the build', async () => {
  const code = 'const segmenter = new Intl.Segmenter();\nexport default (s) => [...segmenter.segment(s)].length;';
  const lazy = lazySegmenter(code, 'string-width/index.js');
  expect(lazy).not.toContain('new Intl.Segmenter();');
  const { default: width } = (await import(`data:text/javascript,${encodeURIComponent(lazy)}`)) as { default: (s: string) => number };
  expect(width('a\u0301bc')).toBe(3);
  expect(() => lazySegmenter('export default () => 1;', 'string-width/index.js')).toThrow(/no longer holds `const segmenter = new Intl.Segmenter\(\);`/);
});

describe('the bundle as built', () => {
  test('holds the library, zod, undici and yargs, and none of the packages left outside', () => {
    const all = new Set(chunks().flatMap((c) => modulesOf(chunk(c))));
    expect(all.has('dist/lib/runner/run.js')).toBe(true);
    for (const p of ['zod', 'undici', 'yargs', 'cliui'])
      expect(
        [...all].some((m) => m.startsWith(`node_modules/${p}/`)),
        p,
      ).toBe(true);
    expect([...all].filter((m) => /^node_modules\/(vitest|vite|rolldown|junit-report-builder|yaml|sql\.js)\//.test(m))).toEqual([]);
  });

  test('prints the same help as the modules it was built from, in English whatever the locale', () => {
    const env = { ...process.env, LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8', NO_COLOR: '1' };
    for (const args of [['--help'], ['run', '--help'], ['emulate', '--help']]) {
      const help = (main: string) => execFileSync(process.execPath, [main, ...args], { env, encoding: 'utf8' });
      const bundled = help(path.join(BUNDLE_DIR, 'main.js'));
      expect(bundled).toMatch(/^Options:$/m);
      expect(bundled).toBe(help(path.join(PACKAGE_ROOT, 'dist', 'lib', 'cli', 'main.js')));
    }
  });

  test('--help loads neither zod nor undici nor a command; a run loads them when its command does', () => {
    const atStart = loadedBy('main.js');
    expect(atStart.has('dist/lib/cli/program.js')).toBe(true);
    expect([...atStart].filter((m) => /^node_modules\/(zod|undici)\/|^dist\/lib\/cli\/run-command\.js$/.test(m))).toEqual([]);
    const run = loadedBy('run-command.js');
    expect(run.has('dist/lib/runner/run.js')).toBe(true);
    expect([...run].some((m) => m.startsWith('node_modules/zod/'))).toBe(true);
  });

  test('the suites worker bin/ starts early is the one the run finds: kept-worker.js is imported from dist/lib/runner/, never copied in', () => {
    const importers = chunks().filter((c) => staticImportsOf(chunk(c)).some((s) => s.endsWith('kept-worker.js')));
    expect(importers).toContain('run-command.js');
    for (const c of importers) {
      for (const s of staticImportsOf(chunk(c)).filter((s) => s.endsWith('kept-worker.js'))) expect(path.resolve(BUNDLE_DIR, s)).toBe(KEPT_WORKER);
    }
    expect(chunks().filter((c) => modulesOf(chunk(c)).includes('dist/lib/runner/kept-worker.js'))).toEqual([]);
    expect(readFileSync(path.join(PACKAGE_ROOT, 'bin', 'energy-conform.js'), 'utf8')).toContain("'../dist/lib/runner/kept-worker.js'");
  });

  test('every file a chunk imports is there', () => {
    const missing = chunks().flatMap((c) =>
      staticImportsOf(chunk(c))
        .filter((s) => s.startsWith('.'))
        .filter((s) => !existsSync(path.resolve(BUNDLE_DIR, s)))
        .map((s) => `${c} -> ${s}`),
    );
    expect(missing).toEqual([]);
  });
});
