// For tests: the CLI in a real pseudo-terminal (tmux), read from its screen and typed into.
import { type ChildProcessWithoutNullStreams, execFileSync, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

export const hasTmux = (() => {
  try {
    execFileSync('tmux', ['-V']);
    return true;
  } catch {
    return false;
  }
})();

let made = 0;
const quote = (a: string) => `'${a.replaceAll("'", "'\\''")}'`;

/**
 * A shell that runs tmux for one terminal while a test waits on its screen: a process started from a test worker (a
 * large heap) costs it far more than one started from a shell. Reading the screens five times a second through
 * processes of the worker's own took 42 CPU-seconds of the four terminal files run together, this 36.
 */
class TmuxShell {
  private readonly child: ChildProcessWithoutNullStreams = spawn('sh', [], { stdio: 'pipe' });
  private output = '';
  private readonly waiting: ((field: [string, number]) => void)[] = [];

  constructor() {
    this.child.stdout.setEncoding('utf8').on('data', (d: string) => {
      this.output += d;
      // Each answer is its output and its exit code, each ended by a NUL (which a screen never holds).
      for (let m = /^([^\0]*)\0(\d+)\0/.exec(this.output); m; m = /^([^\0]*)\0(\d+)\0/.exec(this.output)) {
        this.output = this.output.slice(m[0].length);
        this.waiting.shift()?.([m[1]!, Number(m[2])]);
      }
    });
    this.child.stderr.resume();
    this.child.unref();
  }

  async run(args: string[]): Promise<string> {
    const answer = new Promise<[string, number]>((resolve) => this.waiting.push(resolve));
    this.child.stdin.write(`out=$(tmux ${args.map(quote).join(' ')} 2>&1); c=$?; printf '%s\\000%s\\000' "$out" "$c"\n`);
    const [out, code] = await answer;
    if (code !== 0) throw new Error(`tmux ${args.join(' ')} exited ${code}: ${out}`);
    return out;
  }

  close(): void {
    this.child.stdin.end();
  }
}

export class Terminal {
  // One tmux server per terminal: a new session on a server that is still shutting down fails with
  // "server exited unexpectedly".
  private readonly socket = `ec-test-${process.pid}-${made++}`;
  private shell: TmuxShell | undefined;

  /** Runs `argv` (quoted for the shell), then prints EXIT=<code> and stays on screen. */
  constructor(argv: readonly string[]) {
    this.tmux('new-session', '-d', '-s', 'ec', '-x', '200', '-y', '50', `${argv.map(quote).join(' ')}; echo EXIT=$?; sleep 120`);
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
  }

  private static readonly CAPTURE = ['capture-pane', '-p', '-J', '-S', '-200', '-t', 'ec'];

  /** The screen now, scrollback included. */
  screen(): Promise<string> {
    this.shell ??= new TmuxShell();
    return this.shell.run(['-L', this.socket, ...Terminal.CAPTURE]);
  }

  async waitFor(pattern: RegExp, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const text = await this.screen();
      if (pattern.test(text)) return text;
      if (Date.now() > deadline) throw new Error(`the screen never showed ${pattern}:\n${text}`);
      await sleep(200);
    }
  }

  type(line: string): void {
    this.tmux('send-keys', '-t', 'ec', '-l', line);
    this.tmux('send-keys', '-t', 'ec', 'Enter');
  }

  /** Ctrl-C, as a person at the terminal presses it. */
  interrupt(): void {
    this.tmux('send-keys', '-t', 'ec', 'C-c');
  }

  close(): void {
    this.shell?.close();
    try {
      this.tmux('kill-server');
    } catch {
      // already gone
    }
  }
}
