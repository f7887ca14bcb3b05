// What the operator sees. The CLI builds it from the terminal; tests and `npm start` pass their own.
import { createInterface } from 'node:readline/promises';

export interface OperatorIo {
  /** A line of its own. */
  say(line: string): void;
  /** A line that replaces the previous status line on a terminal (a countdown); plain lines elsewhere. */
  status(line: string): void;
  /** A person can answer: stdin is a terminal. Never prompt otherwise. */
  interactive: boolean;
  /** What the operator typed in answer to `question`; '' when there is no one to ask, on Ctrl-C, or once `signal` aborts. */
  ask(question: string, signal?: AbortSignal): Promise<string>;
}

export function streamIo(out: NodeJS.WritableStream & { isTTY?: boolean }, interactive: boolean,
  input: NodeJS.ReadableStream = process.stdin): OperatorIo {
  let open = false;
  return {
    say(line) {
      out.write(`${open ? '\n' : ''}energy-conform: ${line}\n`);
      open = false;
    },
    status(line) {
      if (out.isTTY) {
        out.write(`\r\x1b[2K${line}`);
        open = true;
      }
    },
    interactive,
    async ask(question, signal) {
      if (!interactive || signal?.aborted) return '';
      const rl = createInterface({ input, output: out });
      // Ctrl-C at the prompt is a "no", not a hang (readline would only pause); so is SIGTERM.
      const cancelled = new Promise<string>((resolve) => {
        rl.once('SIGINT', () => resolve(''));
        signal?.addEventListener('abort', () => resolve(''), { once: true });
      });
      try {
        return (await Promise.race([rl.question(`${open ? '\n' : ''}energy-conform: ${question}`), cancelled])).trim();
      } finally {
        open = false;
        rl.close();
      }
    },
  };
}

/** For callers with no operator: lines go to `say`, nothing is interactive. */
export function quietIo(say: (line: string) => void = () => undefined): OperatorIo {
  return { say, status: () => undefined, interactive: false, ask: async () => '' };
}
