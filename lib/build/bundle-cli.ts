// `npm run build`'s last step: the command line's modules, from the build, in a few files (dist/lib/bundle/) that
// bin/energy-conform.js loads. Node's ES module loader spends about a millisecond on each module it resolves, reads and
// compiles, and the main process of a run is the run's critical path until its first request: one file for the
// library's some 110 modules and zod's 95 (undici's CommonJS beside them) starts a default run 0.1 s sooner
// (docs/architecture.md, "The build"). The suites' worker loads dist/ as it is.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'rolldown';
import { PACKAGE_ROOT } from '../runner/package-root.js';

/** Where the bundle goes: two levels under dist/ as dist/lib/cli/ is, since package-root.ts finds dist/ from its own file. */
export const BUNDLE_DIR = path.join(PACKAGE_ROOT, 'dist', 'lib', 'bundle');

/** The packages taken into the bundle: many modules, and none that finds its own files beside it (yargs does: its locales). */
const BUNDLED_PACKAGES = /^(zod|undici)(\/|$)/;

/** bin/ loads it before the bundle to start the suites' worker early; the bundle must find the worker it started, not a copy. */
const SHARED_WITH_BIN = /kept-worker\.js$/;

/** What stays a module of its own: Node's, every package but those bundled, and the module bin/ shares. */
export function staysOutside(id: string): boolean {
  if (SHARED_WITH_BIN.test(id)) return true;
  if (id.startsWith('.') || path.isAbsolute(id)) return false;
  return !BUNDLED_PACKAGES.test(id);
}

export async function bundleCli(): Promise<void> {
  await rm(BUNDLE_DIR, { recursive: true, force: true });
  await build({
    input: { main: path.join(PACKAGE_ROOT, 'dist', 'lib', 'cli', 'main.js') },
    platform: 'node',
    external: staysOutside,
    // Each command's dynamic import stays a chunk of its own: --help loads neither zod nor a command (startup.spec.ts).
    output: { dir: BUNDLE_DIR, format: 'esm', entryFileNames: '[name].js', chunkFileNames: '[name].js' },
    logLevel: 'warn',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(PACKAGE_ROOT, 'dist', 'lib', 'build', 'bundle-cli.js')) await bundleCli();
