// A command in the unit project's shared warm CLI (warm-cli-service.ts), as cli() runs it in a process of its own.
import { request } from 'node:http';
import { text } from 'node:stream/consumers';
import { inject } from 'vitest';
import { type CliResult, cli } from './cli-process.js';
import type { Ask } from './warm-cli-service.js';

/**
 * As cli(), in one of the warm CLI processes: the same program from the same build, its output and exit code.
 * Where no service runs (a test file run on its own outside the unit project), in a process of its own.
 */
export async function sharedCli(args: string[], o: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<CliResult> {
  // The warm processes' own HOME holds (the default token store is read at their start): a test that sets it starts the CLI itself.
  if (o.env?.HOME !== undefined) throw new Error('sharedCli: HOME cannot be set for a warm CLI process; use cli()');
  const url = inject('warmCli');
  if (!url) return cli(args, o);
  // As cli(): a tester's own history is not the tests'.
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.ENERGY_CONFORM_HISTORY;
  Object.assign(env, o.env);
  const body = JSON.stringify({ args, env, timeoutMs: o.timeoutMs } satisfies Ask);
  return new Promise((resolve, reject) => {
    const req = request(`${url}/run`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      text(res).then((body) => (res.statusCode === 200 ? resolve(JSON.parse(body) as CliResult) : reject(new Error(`the warm CLI service: ${body}`))), reject);
    });
    req.once('error', reject);
    req.end(body);
  });
}
