#!/usr/bin/env node
// The CLI from the build (dist/, written by `npm run build` and by `npm ci`; the package ships it).
import { existsSync } from 'node:fs';

const main = new URL('../dist/lib/bundle/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write(`energy-conform: not built: ${new URL('..', import.meta.url).pathname} has no dist/. Run \`npm run build\` there. [EC_NOT_BUILT]\n`);
  process.exit(2);
}
// A run starts its suites' worker before loading the rest of the command line: it loads on the other core meanwhile.
const args = process.argv.slice(2);
if (args[0] === 'run' && !args.some((a) => ['--help', '-h', '--version'].includes(a))) {
  (await import(new URL('../dist/lib/runner/kept-worker.js', import.meta.url).href)).startSuiteWorkerEarly(process.env, process.execArgv);
}
await import(main.href);
