// What the operator sees. The CLI builds it from the terminal; tests and `npm start` pass their own.
export interface OperatorIo {
  /** A line of its own. */
  say(line: string): void;
  /** A line that replaces the previous status line on a terminal (a countdown); plain lines elsewhere. */
  status(line: string): void;
  /** A person can answer: stdin is a terminal. Never prompt otherwise. */
  interactive: boolean;
}

export function streamIo(out: NodeJS.WritableStream & { isTTY?: boolean }, interactive: boolean): OperatorIo {
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
  };
}

/** For callers with no operator: lines go to `say`, nothing is interactive. */
export function quietIo(say: (line: string) => void = () => undefined): OperatorIo {
  return { say, status: () => undefined, interactive: false };
}
