// The unit project's global setup: the tests run the CLI as a user does (bin/ loads the build in dist/), so
// a source changed since the last build would be tested as it was. `npm test` builds first; a plain
// `vitest run` after an edit stops here and says so, rather than testing yesterday's code.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../runner/package-root.js';

/** Written by `npm run build` when tsc has built without an error. */
export const BUILT_STAMP = path.join('dist', '.built');

/**
 * Sources (not tests) under `dirs` changed since the last build that succeeded, all of them where there
 * was none. By time, not content: tsc leaves a file it would emit the same untouched, so a touched
 * source asks for a build (incremental: a few seconds) rather than being missed.
 */
export function staleBuilds(root: string, dirs: readonly string[]): string[] {
  let builtAt = -Infinity;
  try {
    builtAt = statSync(path.join(root, BUILT_STAMP)).mtimeMs;
  } catch {
    // never built
  }
  const stale: string[] = [];
  for (const dir of dirs) {
    for (const entry of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.spec.ts') || entry.name.endsWith('.d.ts')) continue;
      const source = path.join(entry.parentPath, entry.name);
      if (statSync(source).mtimeMs > builtAt) stale.push(path.relative(root, source));
    }
  }
  return stale;
}

export default function setup(): void {
  const stale = staleBuilds(PACKAGE_ROOT, ['lib', 'suites']);
  if (stale.length) {
    throw new Error(`dist/ was built before ${stale.length} source file(s) changed (${stale.slice(0, 3).join(', ')}${stale.length > 3 ? ', …' : ''}), `
      + 'or not at all: run `npm run build` first (`npm test` does)');
  }
}
