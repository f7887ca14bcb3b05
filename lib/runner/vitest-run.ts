// The main process starts vitest on the suites; workers run the checks; only plain data comes back.
import { readdirSync } from 'node:fs';
import { Writable } from 'node:stream';
import path from 'node:path';
import { createVitest } from 'vitest/node';
import type { TestCase, TestModule, TestSuite } from 'vitest/node';
import type { CheckRecord, SuiteContext } from '../contract/run-context.js';
import { inRunOrder } from '../spec/run-order.js';
import { AreaSequencer } from './area-sequencer.js';
import { dropSuiteWorker, suitePool } from './kept-worker.js';
import { CODE_EXT, CODE_ROOT, NATIVE_MODULES, PACKAGE_ROOT } from './package-root.js';

/** The suites beside the library that runs: suites/*.test.ts from the sources, dist/suites/*.test.js from the build. */
const SUITES = path.join(CODE_ROOT, 'suites');
const TEST_SUFFIX = `.test.${CODE_EXT}`;
/** vitest's message for a test or hook past its timeout. */
const TIMED_OUT = /^(Test|Hook) timed out in \d+ms/;

export interface CollectedTest {
  title: string;
  state: 'passed' | 'failed' | 'skipped' | 'pending';
  message: string;
  durationMs: number;
  /** The test's own clause first, then those it also judged. */
  records: CheckRecord[];
}

/** The errors of the suites around a test (a hook that threw, a file that did not load): vitest then skips it, saying nothing. */
function aroundErrors(tc: TestCase): string[] {
  const errors: string[] = [];
  for (let p: TestSuite | TestModule | undefined = tc.parent; p; p = p.type === 'suite' ? p.parent : undefined) {
    errors.push(...p.errors().map((e) => e.message));
  }
  return errors;
}

/** A test as the runner keeps it; one that a suite's error kept from running is a check that could not run, never a skip. */
export function collect(tc: TestCase): CollectedTest {
  const r = tc.result();
  const meta = tc.meta();
  const records = [...(meta.energyConform ? [meta.energyConform] : []), ...(meta.energyConformAlso ?? [])];
  const base = { title: tc.name, durationMs: tc.diagnostic()?.duration ?? 0, records };
  const around = r.state === 'skipped' && records.length === 0 ? aroundErrors(tc) : [];
  if (around.length) return { ...base, state: 'failed', message: `the check itself failed: its suite could not run it: ${around.join('; ')}` };
  const message = r.state === 'failed' ? (r.errors?.map((e) => e.message).join('\n') ?? '') : r.state === 'skipped' ? (r.note ?? '') : '';
  return { ...base, state: r.state, message };
}

/** An error as vitest's state holds it, with its causes: `[vitest-pool]: Failed to start …: the suites' worker exited …`. */
function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e = error; e !== undefined && e !== null && parts.length < 4; e = (e as { cause?: unknown }).cause) {
    // vitest names every file of the run in its own words ("… worker for test files a.js, b.js, ….): each check names its own.
    parts.push((typeof e === 'object' && 'message' in e ? String(e.message) : String(e)).replace(/ for test files .*\.$/s, ''));
  }
  return parts.join(': ');
}

/**
 * The files of the run vitest never ran (no module of theirs ended: the worker could not start, say), each with vitest's
 * errors of the run, else what it printed: none of their checks ran, and nothing else would say so.
 */
export function neverRan(files: readonly string[], ended: ReadonlySet<string>, errors: readonly unknown[], output: string): UnloadedFile[] {
  const said = errors.length
    ? errors.map(errorText).join('; ')
    : `vitest ran no test of it${output.trim() ? `, and printed: ${output.trim().slice(-1000)}` : ''}`;
  return files
    .map((f) => path.basename(f))
    .filter((file) => !ended.has(file))
    .map((file) => ({ file, message: said, fate: 'did not run, or not to its end' as const }));
}

/**
 * A suite file that did not load (an import that threw), or that vitest did not run to its end (its worker could not start,
 * or died): the checks it did not run were collected by no one to say so.
 */
export interface UnloadedFile {
  /** The file's name, `socket-orders.test.js`: its area's (assemble.ts areaOfFile). */
  file: string;
  message: string;
  /** What became of it, as a message says it: `did not load` where absent. */
  fate?: 'did not run, or not to its end';
}

/** The file, where it did not load: vitest collected none of its tests, and says so only as the module's errors. */
export function unloadedOf(m: TestModule): UnloadedFile | null {
  const errors = m.errors();
  return errors.length && [...m.children.allTests()].length === 0
    ? { file: path.basename(m.moduleId), message: errors.map((e) => e.message).join('; ') }
    : null;
}

export interface SuiteRun {
  tests: CollectedTest[];
  unloaded: UnloadedFile[];
  /** Why vitest ran none of the run's files (its worker could not start, say): the run could not happen. */
  noneRan?: string;
  /** What vitest itself printed (errors of the suites, not of the device). */
  output: string;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** Where the run is: the area file (i of n) and the check (done of the file's total). */
export interface Progress {
  file: string;
  fileIndex: number;
  files: number;
  done: number;
  total: number;
  test: CollectedTest;
}

/** vitest, created and configured, waiting for the device context: it starts while the run prepares the device. */
export interface OpenSuites {
  /** Runs the areas' checks against the device `ctx` describes; once. */
  run(ctx: SuiteContext, signal?: AbortSignal): Promise<SuiteRun>;
  /** Closes vitest, for a run that stops before the suites (run() closes it itself). */
  close(): Promise<void>;
}

/** Creates vitest for the suites of `areas` while nothing about the device is known yet; `run` then runs them. */
export async function openSuites(areas: string[] | undefined, testTimeoutMs: number, onProgress?: (p: Progress) => void): Promise<OpenSuites> {
  // An area's checks are in suites/<area>.test.ts and suites/<area>-*.test.ts.
  const present = readdirSync(SUITES).filter((f) => f.endsWith(TEST_SUFFIX));
  const inSuites = (f: string) => path.relative(PACKAGE_ROOT, path.join(SUITES, f)).split(path.sep).join('/');
  const chosen = areas?.flatMap((a) => present.filter((f) => f === `${a}${TEST_SUFFIX}` || f.startsWith(`${a}-`)).map(inSuites));
  const files = chosen && inRunOrder(chosen, (f) => f);
  // No area to run (an exploration alone): nothing for vitest to run; the plan says why of each clause.
  if (files?.length === 0) return { run: async () => ({ tests: [], unloaded: [], output: '' }), close: async () => undefined };
  // Started ahead of their checks (suites/lanes.ts): the users suite's presses and waits, on a lane beside the areas that
  // touch neither (suites/users/lane.ts); the WebSocket checks' listening, from the first file of the vendor profile.
  const lanes = ['users', 'vendor-websocket'].filter((a) => !areas || areas.includes(a));
  const tests: CollectedTest[] = [];
  const unloaded: UnloadedFile[] = [];
  const ended = new Set<string>();
  const fileCount = files?.length ?? present.length;
  const current = { file: '', fileIndex: 0, done: 0, total: 0 };
  let output = '';
  const sink = new Writable({
    write(chunk, _enc, done) {
      output += String(chunk);
      done();
    },
  });
  // vitest's logger exits the process on SIGINT/SIGTERM; here the runner owns those signals, because it
  // must clean up the device first, and cancels the run through `signal` instead. vitest is created while
  // the run prepares the device, when a Ctrl-C is likely: its listeners go as soon as they are added.
  const drop = (event: string | symbol, listener: (...args: unknown[]) => void) => {
    if ((SIGNALS as readonly (string | symbol)[]).includes(event)) queueMicrotask(() => process.off(event as NodeJS.Signals, listener));
  };
  process.on('newListener', drop);
  // The configuration is given here, not read from a file: the package ships no vitest.config.ts, and
  // vitest need not bundle one. One file at a time (a real device is one device), in one worker with one
  // module graph, so what the harness learns of the device (given-up.ts, await-device.ts) holds for the run.
  // (A worker thread would start sooner, but a Ctrl-C during a check waiting on a press then does not end
  // it.) No cache: the order is SUITE_ORDER's, and an installed package may not write beside itself.
  const vitest = await createVitest(
    'test',
    {
      root: PACKAGE_ROOT,
      config: false,
      include: [inSuites(`*${TEST_SUFFIX}`)],
      // Absolute: vitest first tries a relative one as a package's module, and the error it builds costs some 18 ms.
      setupFiles: [path.join(SUITES, `lanes.${CODE_EXT}`)],
      exclude: [],
      fileParallelism: false,
      isolate: false,
      cache: false,
      watch: false,
      server: { deps: { external: [...NATIVE_MODULES] } },
      pool: suitePool(),
      reporters: [
        {
          onTestModuleCollected: (m: TestModule) => {
            // One file at a time (fileParallelism off): its checks are counted when it is collected.
            [current.file, current.total, current.done] = [path.basename(m.moduleId, TEST_SUFFIX), [...m.children.allTests()].length, 0];
            current.fileIndex += 1;
            if (current.fileIndex === 1) warmLater();
          },
          onTestModuleEnd: (m: TestModule) => {
            ended.add(path.basename(m.moduleId));
            const u = unloadedOf(m);
            if (u) unloaded.push(u);
          },
          onTestCaseResult: (tc: TestCase) => {
            if (tc.result().errors?.some((e) => TIMED_OUT.test(e.message))) dropSuiteWorker();
            const t = collect(tc);
            tests.push(t);
            current.done += 1;
            onProgress?.({ ...current, files: fileCount, test: t });
          },
        },
      ],
      testTimeout: testTimeoutMs,
      hookTimeout: testTimeoutMs,
      // Same device, same outcomes: the areas in SUITE_ORDER (spec/run-order.ts), never vitest's cached order.
      sequence: { sequencer: AreaSequencer, shuffle: false },
    },
    {},
    { stdout: sink, stderr: sink },
  ).finally(() => process.off('newListener', drop));
  // The worker asks this process for each file as vite transforms it, some 15 ms each: the last files' (the cloud
  // setting's, after the users suite's late re-use) would be asked for with nothing left to hide them behind. Once the
  // first file is loaded (before, this process is the run's critical path: the setup file that starts the lane, the
  // first file), the others are transformed one after another in run order while the run waits on the device, and
  // the worker finds them ready.
  const environment = vitest.projects[0]?.vite.environments.ssr;
  const rest = inRunOrder(files ?? present.map(inSuites), (f) => f).slice(1);
  const warmLater = () => {
    void (async () => {
      // A file vite cannot transform fails again where the worker loads it, and is reported there.
      for (const file of rest) await environment?.warmupRequest(`/${file}`).catch(() => undefined);
    })();
  };
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await vitest.close();
  };
  return {
    async run(ctx, signal) {
      vitest.provide('energyConform', ctx);
      vitest.provide('energyConformLanes', lanes);
      const cancel = () => {
        dropSuiteWorker();
        void vitest.cancelCurrentRun('keyboard-input');
      };
      signal?.addEventListener('abort', cancel);
      let noneRan: string | undefined;
      try {
        if (!signal?.aborted) {
          await vitest.start(files);
          const never = signal?.aborted ? [] : neverRan(files ?? present, ended, vitest.state.getUnhandledErrors(), output);
          unloaded.push(...never);
          if (never.length && ended.size === 0) noneRan = never[0]!.message;
        }
      } finally {
        signal?.removeEventListener('abort', cancel);
        await close();
      }
      return { tests, unloaded, output, ...(noneRan === undefined ? {} : { noneRan }) };
    },
    close,
  };
}
