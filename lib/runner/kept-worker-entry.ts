// The kept suite worker (kept-worker.ts): vitest's worker runtime, started afresh for each run it is sent,
// with the run-scoped state of the library forgotten first. Between runs it waits.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { init, runBaseTests, setupEnvironment } from 'vitest/worker';
import { forgetRun } from '../client/run-scope.js';
import { CODE_EXT, CODE_ROOT, NATIVE_MODULES } from './package-root.js';

// The suites' runtime makes process.exit throw; the worker's own end must still end it.
const exit = process.exit.bind(process);

type Listener = (message: unknown) => void;
interface Request {
  __vitest_worker_request__?: boolean;
  type?: string;
}

/** The listeners of the run being served: vitest's worker and its RPC. */
let listeners: Set<Listener> | undefined;

function serve(): Set<Listener> {
  const own = new Set<Listener>();
  forgetRun();
  init({
    post: (v) => process.send!(v),
    on: (cb) => void own.add(cb),
    off: (cb) => void own.delete(cb),
    // After the run's "stopped": the next "start" begins another.
    teardown: () => {
      // The run's connections close with it (lib/harness/run-pool.ts), before the main process puts the device back.
      forgetRun();
      own.clear();
      if (listeners === own) listeners = undefined;
    },
    runTests: (state, traces) => runBaseTests('run', state, traces),
    collectTests: (state, traces) => runBaseTests('collect', state, traces),
    setup: setupEnvironment,
  });
  return own;
}

process.on('message', (message: Request) => {
  if (message?.__vitest_worker_request__ && message.type === 'start' && listeners === undefined) listeners = serve();
  for (const listener of [...(listeners ?? [])]) listener(message);
});
// The process that kept it went away: so does the worker.
process.on('disconnect', () => exit(0));

/**
 * The modules of the library and beside the suites that the suite files import, loaded while the worker waits for its
 * first run: those vitest loads as Node does (NATIVE_MODULES, package-root.ts), so the run finds them loaded. From the
 * sources vitest transforms them all: nothing to load.
 */
function libraryOfSuites(): string[] {
  if (CODE_EXT !== 'js') return [];
  const suites = path.join(CODE_ROOT, 'suites');
  const files = readdirSync(suites, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
  const imported = files.flatMap((f) =>
    [...readFileSync(path.join(suites, f), 'utf8').matchAll(/from '(\.[^']+)'/g)].map((m) => path.resolve(path.dirname(path.join(suites, f)), m[1]!)),
  );
  return [...new Set(imported.filter((p) => NATIVE_MODULES.some((native) => native.test(p))))];
}
// A module that fails here fails again in the run, where it is reported.
for (const file of libraryOfSuites()) import(pathToFileURL(file).href).catch(() => undefined);
