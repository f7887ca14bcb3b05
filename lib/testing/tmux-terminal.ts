// For tests: the CLI in a real pseudo-terminal (tmux), read from its screen and typed into.
import { execFileSync } from 'node:child_process';
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

export class Terminal {
  // One tmux server per terminal: a new session on a server that is still shutting down fails with
  // "server exited unexpectedly".
  private readonly socket = `ec-test-${process.pid}-${made++}`;

  /** Runs `argv` (quoted for the shell), then prints EXIT=<code> and stays on screen. */
  constructor(argv: readonly string[]) {
    const command = argv.map((a) => `'${a.replaceAll("'", "'\\''")}'`).join(' ');
    this.tmux('new-session', '-d', '-s', 'ec', '-x', '200', '-y', '50', `${command}; echo EXIT=$?; sleep 120`);
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
  }

  screen(): string {
    return this.tmux('capture-pane', '-p', '-J', '-S', '-200', '-t', 'ec');
  }

  async waitFor(pattern: RegExp, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const text = this.screen();
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
    try {
      this.tmux('kill-server');
    } catch {
      // already gone
    }
  }
}
