// The warm CLI service's answer to `energy-conform` in a guide's shell block (doc-command.sh): the command line (a
// guide's as the bench makes it, doc-args.ts), run by a warm CLI process in the shell's folder with the shell's
// environment; its output left in the files the shell reads, its exit code the answer.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CliResult } from './cli-process.js';
import { type DocBench, benchArgs } from './doc-args.js';
import type { Ask } from './warm-ask.js';

/**
 * doc-command.sh's request, NUL-separated: the folder for the output, the working folder, the count of arguments, the
 * arguments, then `env -0`. The command line as the shell gave it.
 */
export function shellAsk(body: Buffer): { outDir: string; ask: Ask } {
  const [outDir, cwd, count, ...rest] = body.toString('utf8').split('\0');
  const n = Number(count);
  const { EC_WARM_CLI: _, ...env } = Object.fromEntries(
    rest
      .slice(n)
      .filter((e) => e.includes('='))
      .map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]),
  );
  return { outDir: outDir!, ask: { args: rest.slice(0, n), env, cwd, timeoutMs: 240_000 } };
}

/** The command line as the bench makes it where the shell is a guide's (doc-args.ts); it throws for an address the bench does not stand in for. */
const benched = ({ args, env }: Ask) => (env?.EC_DOC_BENCH ? benchArgs(args, JSON.parse(env.EC_DOC_BENCH) as DocBench) : args);

/** Runs the shell's command with `run`, writes its stdout and stderr where the shell reads them, and gives its exit code. */
export async function answerShell(body: Buffer, run: (ask: Ask) => Promise<CliResult>): Promise<string> {
  const { outDir, ask } = shellAsk(body);
  let result: Pick<CliResult, 'code' | 'stdout' | 'stderr'>;
  try {
    result = await run({ ...ask, args: benched(ask) });
  } catch (err) {
    result = { code: 3, stdout: '', stderr: `doc bench: ${err instanceof Error ? err.message : String(err)}\n` };
  }
  await writeFile(path.join(outDir, 'stdout'), result.stdout);
  await writeFile(path.join(outDir, 'stderr'), result.stderr);
  return String(result.code ?? 137);
}
