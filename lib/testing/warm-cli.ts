// The CLI for the self-test's many runs, without starting a process for each: a few long-lived processes
// (warm-cli-server.ts) that run one command line after another through the same program as the bin
// (lib/cli/program.ts), from the build. A run then costs its work and its vitest, not Node's start and the
// loading of the CLI's modules again. The bin itself is proven by the runs that go through it (cli()).
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { SINGLE_THREADED_GC } from '../runner/kept-worker.js';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import type { CliResult } from './cli-process.js';
import type { WarmAnswer, WarmRequest } from './warm-cli-server.js';

const SERVER = path.join(PACKAGE_ROOT, 'dist', 'lib', 'testing', 'warm-cli-server.js');
/** The server's argument that leaves each run a fresh suite worker, as the bin's runs have. */
export const FRESH_SUITE_WORKERS = '--fresh-suite-workers';

interface Server {
  child: ChildProcess;
  busy: boolean;
}

const alive = (s: Server) => s.child.exitCode === null && s.child.signalCode === null;

/**
 * This process's Node options for a child it forks, without `-e`/`-p` and the code they name: a child forked with them
 * runs that code, not its module, and a script `node -e` that makes a WarmCli made one in each child, without end.
 */
export function forkableExecArgv(args: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (/^--(eval|print)=/.test(a)) continue;
    // `-e`, `-p`, `-pe` and the like: the next argument is the code.
    if (a === '--eval' || a === '--print' || /^-[a-z]*[ep][a-z]*$/i.test(a)) i++;
    else kept.push(a);
  }
  return kept;
}

export class WarmCli {
  private readonly servers: Server[] = [];
  private readonly waiting: ((s: Server) => void)[] = [];
  private next = 0;

  /** `size`: how many command lines run at once; `keepSuiteWorkers` false: a fresh suite worker each run, as the bin has (for the bench). */
  constructor(
    private readonly size: number,
    private readonly o: { keepSuiteWorkers?: boolean } = {},
  ) {}

  private spawn(): Server {
    // Garbage collected on the main thread alone: on two cores busy with some twenty processes, V8's helper threads only
    // compete (a warm process's socket runs: 0.57–0.63 CPU-s each with it, 0.66–0.67 without). The unit project's
    // workers have it too (vitest.config.ts), and the warm process's kept suite worker takes it (kept-worker.ts).
    const child = fork(SERVER, this.o.keepSuiteWorkers === false ? [FRESH_SUITE_WORKERS] : [], {
      cwd: PACKAGE_ROOT,
      env: { ...process.env, NO_COLOR: '1' },
      execArgv: [...forkableExecArgv(process.execArgv).filter((a) => a !== SINGLE_THREADED_GC), SINGLE_THREADED_GC],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const server: Server = { child, busy: false };
    this.servers.push(server);
    child.once('exit', () => this.servers.splice(this.servers.indexOf(server), 1));
    return server;
  }

  private async take(): Promise<Server> {
    const idle = this.servers.find((s) => !s.busy && alive(s));
    const server = idle ?? (this.servers.length < this.size ? this.spawn() : await new Promise<Server>((r) => this.waiting.push(r)));
    server.busy = true;
    return server;
  }

  /** To the next waiting run if there is one, still busy, so that no other run takes it on the way. */
  private give(server: Server): void {
    const waiter = this.waiting.shift();
    if (!waiter) {
      server.busy = false;
      return;
    }
    const next = alive(server) ? server : this.spawn();
    next.busy = true;
    waiter(next);
  }

  /** As cli(): `energy-conform <args>`; past `timeoutMs` the server is killed and the result is that of a killed process. */
  async run(args: string[], o: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number } = {}): Promise<CliResult> {
    const server = await this.take();
    const started = Date.now();
    const id = (this.next += 1);
    try {
      return await new Promise<CliResult>((resolve) => {
        const done = (a: Omit<WarmAnswer, 'id'>) => {
          clearTimeout(timer);
          server.child.off('message', onMessage).off('exit', onExit);
          resolve({ code: a.code, stdout: a.stdout, stderr: a.stderr, ms: Date.now() - started });
        };
        const onMessage = (m: WarmAnswer) => m.id === id && done(m);
        const onExit = () => done({ code: null, stdout: '', stderr: 'the warm CLI process ended during the run' });
        const timer = setTimeout(() => server.child.kill('SIGKILL'), o.timeoutMs ?? 120_000);
        server.child.on('message', onMessage).once('exit', onExit);
        server.child.send({ id, args, env: { ...process.env, NO_COLOR: '1', ...o.env }, cwd: o.cwd } satisfies WarmRequest);
      });
    } finally {
      this.give(server);
    }
  }

  close(): void {
    for (const s of [...this.servers]) s.child.kill('SIGTERM');
  }
}
