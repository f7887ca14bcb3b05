// Where the package's files are, whether the code runs from its sources (vitest) or from the build
// (dist/, which the package ships): the suites sit beside the library that loads them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeRegExp } from '../client/redactor.js';

const self = fileURLToPath(import.meta.url);

/** The folder holding lib/ and suites/: the package root for the sources, its dist/ for the build. */
export const CODE_ROOT = path.resolve(path.dirname(self), '..', '..');

/** The extension of the code that runs: `ts` from the sources, `js` from the build. */
export const CODE_EXT = path.extname(self).slice(1);

/**
 * The modules the suites' worker loads as Node does, not through vite's transform (which would parse and source-map
 * each again on every run): from the build, the library and the suites' own modules beside their files (suites/users/,
 * suites/socket/, suites/vendor/), not the suite files. vitest-run.ts gives them to vitest; the kept worker loads them
 * ahead (kept-worker-entry.ts). From the sources vitest transforms everything.
 */
export const NATIVE_MODULES: readonly RegExp[] =
  CODE_EXT === 'js'
    ? [new RegExp(`^${escapeRegExp(path.join(CODE_ROOT, 'lib'))}[\\/]`), new RegExp(`^${escapeRegExp(path.join(CODE_ROOT, 'suites'))}[\\/][^\\/]+[\\/]`)]
    : [];

function packageRootAbove(dir: string): string {
  for (let at = dir; ; at = path.dirname(at)) {
    if (existsSync(path.join(at, 'package.json'))) return at;
    if (path.dirname(at) === at) return dir;
  }
}

/** The folder of the package's package.json: the version, the README, the vendor CA. */
export const PACKAGE_ROOT = packageRootAbove(CODE_ROOT);

/** The package's version, from its package.json. */
export const packageVersion = (): string => (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
