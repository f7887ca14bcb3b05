// The unit project's warm CLI (vitest.config.ts globalSetup): a few warm CLI processes (warm-cli.ts) that
// every test file shares over loopback HTTP, so a test that runs a command pays for the command, not for
// starting Node, loading the CLI and vitest again (shared-cli.ts asks it). Tests about the process itself
// (signals, a working folder, the bin) start it with cli() instead.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { buffer, text } from 'node:stream/consumers';
import type { TestProject } from 'vitest/node';
import type { Ask } from './warm-ask.js';
import { answerShell } from './doc-command.js';
import { WarmCli } from './warm-cli.js';

declare module 'vitest' {
  interface ProvidedContext {
    /** The warm CLI service's URL, where the unit project's global setup started one. */
    warmCli?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The guides' blocks (docs.spec.ts, a guide at a time each, as many at once as maxConcurrency) and the files that
  // ask beside them: a command waits for a free process, and that wait is its test's time. Some commands hold theirs
  // for a minute or more, mostly waiting (users.spec.ts's two --slow runs, certify.spec.ts's four scenarios, a guide's
  // certify-client): with eight places, discover.spec.ts (one command after another, of the longest files) waited behind
  // them 38 s in its first minute, and the commands of npm test 266 s in all (18 s with twelve). An idle process costs nothing.
  const warm = new WarmCli(4 * availableParallelism() + 4);
  const run = (ask: Ask) => warm.run(ask.args, { env: ask.env, cwd: ask.cwd, timeoutMs: ask.timeoutMs });
  const server = createServer((req, res) => {
    // A test's command (shared-cli.ts), or a guide's shell block's (doc-command.sh).
    const answer =
      req.url === '/shell'
        ? buffer(req).then((body) => answerShell(body, run))
        : text(req).then(async (body) => JSON.stringify(await run(JSON.parse(body) as Ask)));
    answer.then(
      (a) => res.writeHead(200).end(a),
      (err: unknown) => res.writeHead(500).end(String(err)),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  project.provide('warmCli', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return async () => {
    warm.close();
    await new Promise((r) => server.close(r));
  };
}
