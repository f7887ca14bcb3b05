// Runs a guide's shell block as a reader would, in bash, on the test bench: `energy-conform` and
// `npx energy-conform` are this checkout's bin with the guide's device addresses standing for emulators
// (doc-args.ts); `bench-relay <serial>` presses that emulator's button, as a lab's relay board would. The
// npm commands that cannot run inside `npm test` say where they do run instead (NPM below). Where the unit
// project's warm CLI runs, every command but `emulate` (a server the block stops) runs there (doc-command.sh).
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { BIN } from './cli-process.js';
import type { DocBench } from './doc-args.js';
import type { ShellBlock } from './doc-blocks.js';

const NODE = process.execPath;
const ARGS = path.join(PACKAGE_ROOT, 'dist', 'lib', 'testing', 'doc-args.js');
const WARM = path.join(PACKAGE_ROOT, 'lib', 'testing', 'doc-command.sh');

/**
 * `energy-conform` for a shell line a test runs as a CI runner would: the warm CLI's (doc-command.sh) where it runs,
 * else the bin; `env` is what tells a guide's shim (SHIMS) to use it too.
 */
export function installedCommand(): { command: string; env: NodeJS.ProcessEnv } {
  const warm = inject('warmCli');
  return warm ? { command: `bash "${WARM}"`, env: { EC_WARM_CLI: warm } } : { command: `"${NODE}" "${BIN}"`, env: {} };
}

/** The README and every guide in docs/, as paths from the package root. */
export const DOC_FILES = [
  'README.md',
  ...readdirSync(path.join(PACKAGE_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];

/** A package script that builds first, without its build: the tests run on the build that npm test made. */
function afterBuild(script: string): string {
  const line = (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts[script]!;
  const BUILD = 'npm run build --silent && ';
  if (!line.startsWith(BUILD)) throw new Error(`npm run ${script} no longer starts with "${BUILD}": lib/testing/doc-runner.ts NPM`);
  return line.slice(BUILD.length);
}

/** npm as the guides use it: each command, and what the bench does for it. */
export const NPM: Record<string, string> = {
  ci: 'echo "(npm ci: .ci/run runs it in a clean clone, before npm test)"',
  test: 'echo "(npm test: the run this test is part of)"',
  start: `shift; [ "\${1:-}" = -- ] && shift; exec "${NODE}" "${path.join(PACKAGE_ROOT, 'dist', 'lib', 'cli', 'start.js')}" "$@"`,
  'run build': 'echo "(npm run build: done before the tests; lib/testing/build-fresh.ts holds the build to the sources)"',
  'run bench': `cd "${PACKAGE_ROOT}" && BENCH_RUNS=1 BENCH_MATRIX=0 BENCH_WIFI=0 BENCH_VENDOR=0 exec ${afterBuild('bench')}`,
  pack: 'echo "(npm pack: lib/cli/package.spec.ts packs the package and installs it offline)"',
  install: 'echo "(npm install: lib/cli/package.spec.ts installs the packed package offline)"',
};

const SHIMS = {
  'energy-conform': `[ -n "\${EC_WARM_CLI:-}" ] && [ "\${1:-}" != emulate ] && exec bash "${WARM}" "$@"\nmapfile -d '' args < <("${NODE}" "${ARGS}" "$@"); wait $! || exit 2\nexec "${NODE}" "${BIN}" "\${args[@]}"`,
  npx: '[ "$1" = energy-conform ] || { echo "npx $1: the guides use npx for energy-conform only" >&2; exit 127; }\nshift\nexec energy-conform "$@"',
  npm: `case "$* " in\n${Object.entries(NPM)
    .map(([k, v]) => `  "${k} "*) ${v};;`)
    .join('\n')}\n  *) echo "npm $*: no command the guides may use (lib/testing/doc-runner.ts NPM)" >&2; exit 127;;\nesac`,
  'bench-relay': `exec curl -sf -X POST "$("${NODE}" -p 'JSON.parse(process.env.EC_DOC_RELAYS)[process.argv[1]]' "$1")/press"`,
};

export interface DocShell {
  env: NodeJS.ProcessEnv;
  /** A reader's working folder: `node_modules/.bin/energy-conform` is there, as in a project that installed it, and `examples/`, as in a clone. */
  workdir(name: string): Promise<string>;
}

/** The shims in `dir`/bin; `relays`: serial → control URL of each emulator bench-relay can press. */
export async function docShell(dir: string, bench: DocBench, relays: Record<string, string> = {}): Promise<DocShell> {
  const bin = path.join(dir, 'bin');
  await mkdir(bin, { recursive: true });
  for (const [name, body] of Object.entries(SHIMS)) {
    await writeFile(path.join(bin, name), `#!/usr/bin/env bash\n${body}\n`);
    await chmod(path.join(bin, name), 0o755);
  }
  const env = { ...process.env, PATH: `${bin}:${process.env.PATH}`, NO_COLOR: '1', EC_DOC_BENCH: JSON.stringify(bench), EC_DOC_RELAYS: JSON.stringify(relays) };
  return {
    env,
    async workdir(name) {
      const work = path.join(dir, name);
      await mkdir(path.join(work, 'node_modules', '.bin'), { recursive: true });
      await writeFile(path.join(work, 'node_modules', '.bin', 'energy-conform'), `#!/usr/bin/env bash\nexec energy-conform "$@"\n`, { mode: 0o755 });
      // The README's examples are run from a clone's root.
      await symlink(path.join(PACKAGE_ROOT, 'examples'), path.join(work, 'examples'));
      return work;
    },
  };
}

export interface BlockResult {
  code: number | null;
  output: string;
}

/** Runs the block in `cwd` with HOME there too (the token store a reader's first run creates). */
export function runBlock(block: ShellBlock, shell: DocShell, cwd: string, timeoutMs = 240_000): Promise<BlockResult> {
  return new Promise((resolve, reject) => {
    // A block that serves is stopped by its test: the shim starts its command cold.
    const warm = block.mode === 'serves' ? {} : installedCommand().env;
    const child = spawn('bash', ['-c', `set -eo pipefail\n${block.script}`], {
      cwd,
      env: { ...shell.env, HOME: cwd, ...warm },
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const stop = () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        /* already gone */
      }
    };
    child.stdout.on('data', (d: Buffer) => {
      output += d;
      // A server is ready once it prints its line of JSON; then it is stopped as Ctrl-C would.
      if (block.mode === 'serves' && /^\{.*\}$/m.test(output)) stop();
    });
    child.stderr.on('data', (d: Buffer) => (output += d));
    const timer = setTimeout(() => {
      output += `\n(doc test: stopped after ${timeoutMs / 1000} s)`;
      process.kill(-child.pid!, 'SIGKILL');
    }, timeoutMs);
    child.once('error', reject);
    // The block is over when bash is; what it left running in the background (an emulator a failing
    // command did not reach the `kill` of) goes with it.
    child.once('exit', (code) => {
      clearTimeout(timer);
      stop();
      child.once('close', () => resolve({ code, output }));
    });
  });
}
