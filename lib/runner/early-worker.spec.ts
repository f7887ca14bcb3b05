// `energy-conform run` starts its suites' worker before loading the rest of the command line (bin/energy-conform.js,
// startSuiteWorkerEarly): the worker serves the run only where vitest would have forked it alike, so this holds the
// arguments the early worker is started with to those vitest 4 gives its own, on the build, as the bin runs it.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { PACKAGE_ROOT } from './package-root.js';

const DIST = path.join(PACKAGE_ROOT, 'dist', 'lib');

const SCRIPT = `
import { earlyWorkerServed, startSuiteWorkerEarly, suitePool } from ${JSON.stringify(path.join(DIST, 'runner', 'kept-worker.js'))};
startSuiteWorkerEarly(process.env, process.execArgv);
const { createVitest } = await import('vitest/node');
const root = ${JSON.stringify(path.join(DIST, 'bench', 'trivial'))};
const vitest = await createVitest('test', { root, config: false, include: ['trivial.check.js'], watch: false, reporters: [{}], pool: suitePool() });
await vitest.start();
const passed = vitest.state.getFiles().every((f) => f.result?.state === 'pass');
await vitest.close();
console.log(JSON.stringify({ served: earlyWorkerServed(), passed }));
`;

test("the worker a run starts early serves it: started with the arguments and environment vitest's own fork gets", async () => {
  // The environment of a shell, without what vitest and vite set in this process.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(VITEST.*|TEST|NODE_ENV|MODE|DEV|PROD|BASE_URL|SSR)$/.test(k)));
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: PACKAGE_ROOT, encoding: 'utf8', env });
  expect(JSON.parse(stdout.trim().split('\n').at(-1)!)).toEqual({ served: true, passed: true });
}, 60_000);
