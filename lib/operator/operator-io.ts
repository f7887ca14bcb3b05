// What the operator sees. The CLI builds it from the terminal; tests and `npm start` pass their own.
import { createInterface } from 'node:readline/promises';

/** Where the run is, after each check. */
export interface CheckProgress {
  area: string;
  areaIndex: number;
  areas: number;
  done: number;
  total: number;
  title: string;
  status: string;
  message: string;
}

export type Verbosity = 'quiet' | 'normal' | 'verbose';

export interface OperatorIo {
  /** A line of its own. */
  say(line: string): void;
  /** A line that replaces the previous status line on a terminal (a countdown); plain lines elsewhere. */
  status(line: string): void;
  /** A person can answer: stdin is a terminal. Never prompt otherwise. */
  interactive: boolean;
  /** After each check: a live line on a terminal; a line per check with --verbose; nothing with --quiet or off a terminal. */
  progress(p: CheckProgress): void;
  /** What the operator typed in answer to `question`; '' when there is no one to ask, on Ctrl-C, or once `signal` aborts. */
  ask(question: string, signal?: AbortSignal): Promise<string>;
}

export function streamIo(
  out: NodeJS.WritableStream & { isTTY?: boolean; columns?: number },
  interactive: boolean,
  input: NodeJS.ReadableStream = process.stdin,
  verbosity: Verbosity = 'normal',
): OperatorIo {
  let open = false;
  const width = () => Math.max(40, (out.columns ?? 100) - 1);
  return {
    progress(p) {
      const where = `[${p.area} ${p.areaIndex}/${p.areas}] ${p.done}/${p.total}`;
      if (verbosity === 'verbose') {
        const detail = p.status === 'pass' || !p.message ? '' : `\n    ${p.message.split('\n')[0]}`;
        this.say(`${where} ${p.status.toUpperCase()} ${p.title}${detail}`);
      } else if (verbosity === 'normal' && out.isTTY) {
        this.status(`${where} ${p.title}`.slice(0, width()));
      }
    },
    say(line) {
      out.write(`${open ? '\n' : ''}energy-conform: ${line}\n`);
      open = false;
    },
    status(line) {
      if (out.isTTY) {
        // An empty line clears the status line, so that what follows starts at the margin.
        out.write(`\r\x1b[2K${line}`);
        open = line !== '';
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
  return { say, status: () => undefined, progress: () => undefined, interactive: false, ask: async () => '' };
}
