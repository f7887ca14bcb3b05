// A command in the unit project's shared warm CLI (warm-cli-service.ts), as cli() runs it in a process of its own.
import { inject } from 'vitest';
import { type CliResult, cli } from './cli-process.js';
import { askWarm } from './warm-ask.js';

/**
 * As cli(), in one of the warm CLI processes: the same program from the same build, its output and exit code.
 * Where no service runs (a test file run on its own outside the unit project), in a process of its own.
 */
export async function sharedCli(args: string[], o: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {}): Promise<CliResult> {
  const url = inject('warmCli');
  if (!url) return cli(args, o);
  // As cli(): a tester's own history is not the tests'.
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.ENERGY_CONFORM_HISTORY;
  Object.assign(env, o.env);
  return askWarm(url, { args, env, cwd: o.cwd, timeoutMs: o.timeoutMs });
}
