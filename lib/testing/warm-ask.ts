// A command line for the unit project's shared warm CLI (warm-cli-service.ts), over loopback HTTP: from a test
// (shared-cli.ts); a guide's shell block asks with curl (doc-command.sh).
import { request } from 'node:http';
import { text } from 'node:stream/consumers';
import type { CliResult } from './cli-process.js';

/** `env` and `cwd`: the command's own, as a process of its own would have them. */
export interface Ask {
  args: string[];
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  timeoutMs?: number;
}

export function askWarm(url: string, ask: Ask): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/run`, { method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      text(res).then((body) => (res.statusCode === 200 ? resolve(JSON.parse(body) as CliResult) : reject(new Error(`the warm CLI service: ${body}`))), reject);
    });
    req.once('error', reject);
    req.end(JSON.stringify(ask));
  });
}
