// The bundle bin/ loads (bundle-cli.ts), as the build wrote it: what it keeps out, what a command loads before it starts,
// and the one module it shares with bin/.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { BUNDLE_DIR, staysOutside } from './bundle-cli.js';

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
  { id: 'yargs', outside: true },
  { id: 'yargs/helpers', outside: true },
  { id: 'vitest/node', outside: true },
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

describe('the bundle as built', () => {
  test('holds the library, zod and undici, and none of the packages left outside', () => {
    const all = new Set(chunks().flatMap((c) => modulesOf(chunk(c))));
    expect(all.has('dist/lib/runner/run.js')).toBe(true);
    expect([...all].some((m) => m.startsWith('node_modules/zod/'))).toBe(true);
    expect([...all].some((m) => m.startsWith('node_modules/undici/'))).toBe(true);
    expect([...all].filter((m) => /^node_modules\/(yargs|vitest|vite|junit-report-builder)\//.test(m))).toEqual([]);
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
