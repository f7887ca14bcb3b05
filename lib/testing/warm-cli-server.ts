// The child of a warm CLI (warm-cli.ts): `energy-conform <args>` for each command line it is sent, one at a
// time, its output captured, its exit code sent back. Run from the build, as bin/energy-conform.js is.
import { runProgram } from '../cli/program.js';
import { keepSuiteWorkers } from '../runner/kept-worker.js';
import { FRESH_SUITE_WORKERS } from './warm-cli.js';

if (!process.argv.includes(FRESH_SUITE_WORKERS)) keepSuiteWorkers();

/** `env` and `cwd`: the command's, as a process of its own would have them (HOME, and with it the default token store, too). */
export interface WarmRequest {
  id: number;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
}
export interface WarmAnswer {
  id: number;
  code: number | null;
  stdout: string;
  stderr: string;
}

type Write = typeof process.stdout.write;

/** What `fn` writes to stdout and stderr while it runs, instead of the pipes. */
async function captured(fn: () => Promise<number | undefined>): Promise<Omit<WarmAnswer, 'id'>> {
  const out = { stdout: '', stderr: '' };
  const keep = { stdout: process.stdout.write, stderr: process.stderr.write };
  const into = (k: 'stdout' | 'stderr'): Write =>
    ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      out[k] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString();
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      done?.();
      return true;
    }) as Write;
  process.stdout.write = into('stdout');
  process.stderr.write = into('stderr');
  try {
    return { code: (await fn()) ?? 0, ...out };
  } catch (err) {
    return { code: 2, ...out, stderr: `${out.stderr}${err instanceof Error ? err.stack : String(err)}\n` };
  } finally {
    process.stdout.write = keep.stdout;
    process.stderr.write = keep.stderr;
  }
}

/** `fn` with the process's environment and working folder those of the command; this process's own after. */
async function within<T>(env: NodeJS.ProcessEnv, cwd: string | undefined, fn: () => Promise<T>): Promise<T> {
  const own = { env: { ...process.env }, cwd: process.cwd() };
  const become = (e: NodeJS.ProcessEnv, dir: string) => {
    for (const k of Object.keys(process.env)) delete process.env[k];
    Object.assign(process.env, e);
    process.chdir(dir);
  };
  become(env, cwd ?? own.cwd);
  try {
    return await fn();
  } finally {
    become(own.env, own.cwd);
  }
}

let queue = Promise.resolve();
process.on('message', (m: WarmRequest) => {
  queue = queue.then(async () => {
    const answer: WarmAnswer = { id: m.id, ...(await within(m.env, m.cwd, () => captured(() => runProgram(m.args, m.env)))) };
    process.send!(answer);
  });
});
// The parent went away: so does this process.
process.on('disconnect', () => process.exit(0));
