// A worker for the suites that outlives its run, for a process that runs one command after another (the
// self-test's warm CLI, lib/testing/warm-cli-server.ts): the worker's modules (vitest's runtime, undici, zod,
// the library) are loaded once, not once a run. `energy-conform run` itself is one run in one process and
// keeps nothing: its worker is started by the bin before the rest loads (startSuiteWorkerEarly), where vitest would
// fork it alike, else vitest's own fork, and goes with the run. A kept worker forgets each run before the next
// (kept-worker-entry.ts, lib/client/run-scope.ts); one that did not end its run cleanly is not kept.
import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isatty } from 'node:tty';
import { isDeepStrictEqual } from 'node:util';
import type { PoolOptions, PoolRunnerInitializer, PoolWorker, WorkerRequest } from 'vitest/node';
import { CODE_EXT, CODE_ROOT, PACKAGE_ROOT } from './package-root.js';

const ENTRY = path.join(CODE_ROOT, 'lib', 'runner', `kept-worker-entry.${CODE_EXT}`);

let kept: ChildProcess | undefined;
let keeping = false;
/** A worker started before vitest asked for one (startSuiteWorkerEarly), with what it was started with. */
let early: { child: ChildProcess; execArgv: string[]; env: NodeJS.ProcessEnv } | undefined;
/** The run under way left a check running (cancelled, or a check past its timeout): its worker is not kept. */
let leftRunning = false;

/**
 * V8 collecting garbage on the main thread alone: the tests' warm CLI processes run with it (lib/testing/warm-cli.ts),
 * and a kept worker takes it from the process that keeps it.
 */
export const SINGLE_THREADED_GC = '--single-threaded-gc';

/** From now on, this process's runs keep their suites' worker for the next run. */
export function keepSuiteWorkers(): void {
  keeping = true;
}

/**
 * The run under way was cancelled, or a check of it timed out: vitest stops waiting for that check, but it
 * goes on in the worker (its requests, its wait for a device that went away), into the next run if the worker
 * were kept. It is not.
 */
export function dropSuiteWorker(): void {
  leftRunning = keeping;
}

/** The pool of a run: vitest's fork for one run, or the kept worker (or the one started early). */
export const suitePool = (): 'forks' | PoolRunnerInitializer => (keeping || early ? KEPT_FORKS : 'forks');

const VITEST_ENV = { TEST: 'true', VITEST: 'true', VITEST_MODE: 'RUN', FORCE_TTY: isatty(1) ? 'true' : '' };
/**
 * What vitest 4 forks a suite worker with, for the run of this process (its `resolveOptions`, the conditions vite resolves
 * on a server, and the environment it merges): a worker started early serves the run only where vitest's match these.
 */
function vitestWorkerArgs(env: NodeJS.ProcessEnv, nodeArgs: readonly string[]): { execArgv: string[]; env: NodeJS.ProcessEnv } {
  const vitestRoot = path.dirname(createRequire(import.meta.url).resolve('vitest/package.json'));
  const profiling = nodeArgs.filter((a) => a.startsWith('--cpu-prof') || a.startsWith('--heap-prof') || a.startsWith('--diagnostic-dir'));
  return {
    execArgv: [
      ...profiling,
      '--experimental-import-meta-resolve',
      '--require',
      path.join(vitestRoot, 'suppress-warnings.cjs'),
      '--conditions',
      'node',
      '--conditions',
      'development',
    ],
    // vite's own, which it sets on creating the server (where NODE_ENV was not set, a development server's).
    env: { ...env, NODE_ENV: env.NODE_ENV ?? 'development', MODE: 'test', DEV: '1', PROD: '', BASE_URL: '/', ...VITEST_ENV },
  };
}

/**
 * Starts the suites' worker now, for a run that will ask for it once its command line is loaded and its device prepared:
 * the worker loads vitest's runtime and the library meanwhile, on the other core. Unused, it holds nothing up: the
 * process exits as if it were not there, and the worker with it. `processEnv`, `processArgs`: the process's environment and
 * Node options, which vitest forks with.
 */
export function startSuiteWorkerEarly(processEnv: NodeJS.ProcessEnv, processArgs: readonly string[]): void {
  if (early || keeping || CODE_EXT !== 'js') return;
  const { execArgv, env } = vitestWorkerArgs(processEnv, processArgs);
  const child = fork(ENTRY, [], { cwd: PACKAGE_ROOT, env, execArgv, stdio: 'pipe', serialization: 'advanced' });
  child.unref();
  child.channel?.unref();
  for (const s of [child.stdout, child.stderr]) (s as unknown as { unref?: () => void } | null)?.unref?.();
  early = { child, execArgv, env };
}

let servedEarly = false;
/** Whether a run of this process was served by the worker started early (lib/runner/early-worker.spec.ts). */
export const earlyWorkerServed = (): boolean => servedEarly;

/** The worker started early, where it can serve a run vitest forks with `options`; else it goes. */
function takeEarly(options: PoolOptions): ChildProcess | undefined {
  const e = early;
  early = undefined;
  if (!e) return undefined;
  if (alive(e.child) && isDeepStrictEqual(e.execArgv, options.execArgv) && isDeepStrictEqual(e.env, options.env)) {
    e.child.ref();
    e.child.channel?.ref();
    servedEarly = true;
    return e.child;
  }
  e.child.kill('SIGKILL');
  return undefined;
}

/** What writing to a worker that has exited fails with. */
const PIPE_GONE = ['EPIPE', 'ECONNRESET', 'ERR_IPC_CHANNEL_CLOSED'];

const alive = (c: ChildProcess | undefined): c is ChildProcess => c !== undefined && c.exitCode === null && c.signalCode === null && c.connected;

class KeptFork implements PoolWorker {
  readonly name = 'kept-forks';
  readonly cacheFs = true;
  private child: ChildProcess | undefined;
  /** vitest's listeners on the worker: `heard` is what listens in its place (an exit while starting is not heard: startFailed). */
  private readonly listening: { event: string; callback: (arg: unknown) => void; heard: (arg: unknown) => void }[] = [];
  /** The run's worker said it stopped: its run ended cleanly and it may serve the next. */
  private stopped = false;
  private readonly onStopped = (m: { __vitest_worker_response__?: boolean; type?: string }) => {
    if (m?.__vitest_worker_response__ && m.type === 'started') this.starting = false;
    if (m?.__vitest_worker_response__ && m.type === 'stopped') this.stopped = true;
  };
  /** vitest asked the worker to start and it has not answered: a worker that exits now answers for it (startFailed). */
  private starting = false;
  /** The end of what the worker printed on its standard error: why it could not start, where it could not. */
  private said = '';
  private readonly onSaid = (chunk: Buffer) => {
    this.said = (this.said + String(chunk)).slice(-2000);
  };
  /** The worker exited while starting: vitest hears of it from startFailed's answer, which says why, not from the exit. */
  private exitedStarting = false;
  /** The worker's process and its output have ended: all it printed is in `said`. */
  private closed = false;
  private readonly onExit = () => {
    this.exitedStarting = this.starting;
  };
  private readonly onClose = () => {
    this.closed = true;
    this.startFailed();
  };

  constructor(private readonly options: PoolOptions) {}

  async start(): Promise<void> {
    if (!alive(kept)) kept = takeEarly(this.options);
    if (!alive(kept)) {
      // In the package root: the command that starts it runs in a folder of its own, which may go before the worker does.
      // vitest's Node options, and the garbage collection of the process that keeps it (the tests' warm CLI's, warm-cli.ts).
      const gc = process.execArgv.filter((a) => a === SINGLE_THREADED_GC);
      kept = fork(ENTRY, [], {
        cwd: PACKAGE_ROOT,
        env: this.options.env,
        execArgv: [...this.options.execArgv, ...gc],
        stdio: 'pipe',
        serialization: 'advanced',
      });
      // Its output goes to whichever run it serves (start pipes it there).
      kept.stdout!.setMaxListeners(0);
      kept.stderr!.setMaxListeners(0);
    }
    this.child = kept;
    this.said = '';
    this.exitedStarting = false;
    this.closed = false;
    const { outputStream, errorStream } = this.options.project.vitest.logger;
    this.child.stdout!.pipe(outputStream, { end: false });
    this.child.stderr!.pipe(errorStream, { end: false });
    this.child.stderr!.on('data', this.onSaid);
    this.child.on('message', this.onStopped);
    this.child.once('exit', this.onExit);
    this.child.once('close', this.onClose);
  }

  /**
   * The worker exited before it answered vitest's start (a Node option it cannot take, a broken install): vitest waits
   * for that answer a minute, and then runs nothing without saying why. It gets the answer a worker gives that could
   * not start, with what the worker printed, at once; the run reports every check it could not run (vitest-run.ts).
   */
  private startFailed(): void {
    if (!this.starting || !this.closed) return;
    this.starting = false;
    const child = this.child;
    const ended = child?.signalCode ? `on ${child.signalCode}` : `with code ${child?.exitCode}`;
    const said = this.said.trim();
    const error = new Error(`the suites' worker (a Node process with this one's Node options) exited ${ended} before it started${said ? `: ${said}` : ''}`);
    const answer = { __vitest_worker_response__: true, type: 'started', error };
    setImmediate(() => {
      for (const { event, heard } of this.listening) if (event === 'message') heard(answer);
    });
  }

  on(event: string, callback: (arg: unknown) => void): void {
    // A worker dying while it starts also fails the write of vitest's start to it: that too is startFailed's to say.
    const heard =
      event === 'exit'
        ? (arg: unknown) => this.exitedStarting || callback(arg)
        : event === 'error'
          ? (arg: unknown) => (this.starting && PIPE_GONE.includes((arg as NodeJS.ErrnoException)?.code ?? '')) || callback(arg)
          : callback;
    this.listening.push({ event, callback, heard });
    this.fork.on(event, heard);
  }

  off(event: string, callback: (arg: unknown) => void): void {
    const i = this.listening.findIndex((l) => l.event === event && l.callback === callback);
    this.fork.off(event, i === -1 ? callback : this.listening.splice(i, 1)[0]!.heard);
  }

  send(message: WorkerRequest): void {
    if (message.type === 'start') {
      this.starting = true;
      if (!alive(this.fork)) {
        // It exited before vitest listened: it answers once its output has ended (onClose), or now where it has.
        this.exitedStarting = true;
        this.startFailed();
        return;
      }
    }
    this.fork.send(message);
  }

  deserialize(data: unknown): unknown {
    return data;
  }

  async stop(): Promise<void> {
    const child = this.fork;
    for (const { event, heard } of this.listening.splice(0)) child.off(event, heard);
    child.off('message', this.onStopped);
    child.off('exit', this.onExit);
    child.off('close', this.onClose);
    child.stderr!.off('data', this.onSaid);
    child.stdout!.unpipe();
    child.stderr!.unpipe();
    this.child = undefined;
    const dropped = leftRunning;
    leftRunning = false;
    if (keeping && this.stopped && alive(child) && !dropped) return;
    // Cancelled or broken mid-run: what it was doing must not go on into the next run.
    if (kept === child) kept = undefined;
    const exited = new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r(null) : child.once('exit', r)));
    child.kill('SIGKILL');
    await exited;
  }

  private get fork(): ChildProcess {
    if (!this.child) throw new Error('the kept suite worker is not started');
    return this.child;
  }
}

const KEPT_FORKS: PoolRunnerInitializer = { name: 'kept-forks', createPoolWorker: (options) => new KeptFork(options) };
