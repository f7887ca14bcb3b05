// The unit project's global setup: the tests run the CLI as a user does (bin/ loads the build in dist/), so
// a source changed since the last build would be tested as it was. Where one did (or there is no build), it builds
// first, incrementally; where none did (a clean clone after `npm ci`, which builds), it spends nothing on tsc.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../runner/package-root.js';

/** Written by `npm run build` when tsc has built without an error. */
export const BUILT_STAMP = path.join('dist', '.built');

/** What the build reads besides the sources: its configuration. */
const BUILD_CONFIG = ['tsconfig.json', 'tsconfig.build.json'];

/**
 * Sources (not tests) under `dirs`, and the files of `config`, changed since the last build that succeeded, all
 * of them where there was none. By time, not content: tsc leaves a file it would emit the same untouched, so a
 * touched source asks for a build (incremental: a few seconds) rather than being missed.
 */
export function staleBuilds(root: string, dirs: readonly string[], config: readonly string[] = []): string[] {
  let builtAt = -Infinity;
  try {
    builtAt = statSync(path.join(root, BUILT_STAMP)).mtimeMs;
  } catch {
    // never built
  }
  const sources = dirs.flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') && !e.name.endsWith('.d.ts'))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name))),
  );
  const files = [...sources, ...config.filter((f) => existsSync(path.join(root, f)))];
  return files.filter((f) => statSync(path.join(root, f)).mtimeMs > builtAt);
}

export default function setup(): void {
  const stale = () => staleBuilds(PACKAGE_ROOT, ['lib', 'suites'], BUILD_CONFIG);
  const before = stale();
  if (!before.length) return;
  // npm's own script, through the npm that runs `npm test` where it does.
  const npm = process.env.npm_execpath;
  const build = spawnSync(npm ? process.execPath : 'npm', [...(npm ? [npm] : []), 'run', 'build', '--silent'], { cwd: PACKAGE_ROOT, stdio: 'inherit' });
  const after = build.status === 0 ? stale() : before;
  if (after.length) {
    throw new Error(
      `dist/ was built before ${after.length} file(s) changed (${after.slice(0, 3).join(', ')}${after.length > 3 ? ', …' : ''}), ` +
        `or not at all, and \`npm run build\` ${build.status === 0 ? 'left it so' : 'failed (its errors are above)'}: mend the build, then run the tests again`,
    );
  }
}
