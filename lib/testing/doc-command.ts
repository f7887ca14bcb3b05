// `energy-conform` in a guide's shell block, or a CI recipe's line, while the unit project's warm CLI runs
// (doc-runner.ts): the command line (a guide's as the bench makes it, doc-args.ts), run by a warm CLI process in
// the shell's folder with the shell's environment, HOME and so the token store included; then its output and its
// exit code, as the bin's.
import { type DocBench, benchArgs } from './doc-args.js';
import { askWarm } from './warm-ask.js';

const { EC_WARM_CLI: url, ...env } = process.env;
try {
  const args = env.EC_DOC_BENCH ? benchArgs(process.argv.slice(2), JSON.parse(env.EC_DOC_BENCH) as DocBench) : process.argv.slice(2);
  const r = await askWarm(url!, { args, env, cwd: process.cwd(), timeoutMs: 240_000 });
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  process.exitCode = r.code ?? 137;
} catch (err) {
  process.stderr.write(`doc bench: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 3;
}
