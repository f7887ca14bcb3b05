// `npm run build`'s last step: the command line's modules, from the build, in a few files (dist/lib/bundle/) that
// bin/energy-conform.js loads. Node's ES module loader spends about a millisecond on each module it resolves, reads and
// compiles, and the main process of a run is the run's critical path until its first request: one file for the
// library's some 110 modules, zod's 95 and yargs' (undici's CommonJS beside them) starts a default run 0.15 s sooner
// (docs/architecture.md, "The build"). The suites' worker loads dist/ as it is.
import { existsSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'rolldown';
import { PACKAGE_ROOT } from '../runner/package-root.js';

/** Where the bundle goes: two levels under dist/ as dist/lib/cli/ is, since package-root.ts finds dist/ from its own file. */
export const BUNDLE_DIR = path.join(PACKAGE_ROOT, 'dist', 'lib', 'bundle');

/** The folder of package `name` as Node finds it from `from`: the nearest node_modules/<name> above. */
function packageDir(name: string, from: string): string {
  for (let at = from; ; at = path.dirname(at)) {
    const dir = path.join(at, 'node_modules', name);
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(at) === at) throw new Error(`the bundle needs ${name}, which is not installed above ${from}`);
  }
}

/** `name` and every package it depends on, by name. */
export function dependencyTree(name: string, from = PACKAGE_ROOT, found = new Set<string>()): Set<string> {
  if (found.has(name)) return found;
  found.add(name);
  const dir = packageDir(name, from);
  const { dependencies = {} } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  for (const dep of Object.keys(dependencies)) dependencyTree(dep, dir, found);
  return found;
}

/**
 * The packages taken into the bundle: those with many modules, and none that must find its own files beside it. yargs'
 * translations stay behind, which it does without: the command line speaks English whatever the locale (program.ts).
 */
const BUNDLED_PACKAGES = new Set(['zod', 'undici', ...dependencyTree('yargs')]);

/** A bare specifier's package: `zod` of `zod/v4/core`, `@scope/name` of `@scope/name/x`. */
const packageOf = (id: string) => id.split('/', id.startsWith('@') ? 2 : 1).join('/');

/** bin/ loads it before the bundle to start the suites' worker early; the bundle must find the worker it started, not a copy. */
const SHARED_WITH_BIN = /kept-worker\.js$/;

/** What stays a module of its own: Node's, every package but those bundled, and the module bin/ shares. */
export function staysOutside(id: string): boolean {
  if (SHARED_WITH_BIN.test(id)) return true;
  if (id.startsWith('.') || path.isAbsolute(id)) return false;
  return !BUNDLED_PACKAGES.has(packageOf(id));
}

/** string-width (cliui's, for the help's layout) builds an Intl.Segmenter as it loads, some 9 ms of ICU: here, once it is first used. */
const SEGMENTER_AT_LOAD = 'const segmenter = new Intl.Segmenter();';
export function lazySegmenter(code: string, id: string): string {
  if (!code.includes(SEGMENTER_AT_LOAD)) {
    throw new Error(`${id} no longer holds \`${SEGMENTER_AT_LOAD}\`: see what it builds as it loads, then mend lazySegmenter (lib/build/bundle-cli.ts)`);
  }
  return code.replace(SEGMENTER_AT_LOAD, 'let built; const segmenter = { segment: (text) => (built ??= new Intl.Segmenter()).segment(text) };');
}

export async function bundleCli(): Promise<void> {
  await rm(BUNDLE_DIR, { recursive: true, force: true });
  await build({
    input: { main: path.join(PACKAGE_ROOT, 'dist', 'lib', 'cli', 'main.js') },
    platform: 'node',
    external: staysOutside,
    plugins: [{ name: 'lazy-segmenter', transform: (code, id) => (/[\\/]string-width[\\/]index\.js$/.test(id) ? lazySegmenter(code, id) : null) }],
    // Each command's dynamic import stays a chunk of its own: --help loads neither zod nor a command (startup.spec.ts).
    output: { dir: BUNDLE_DIR, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name].js' },
    logLevel: 'warn',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(PACKAGE_ROOT, 'dist', 'lib', 'build', 'bundle-cli.js')) await bundleCli();
