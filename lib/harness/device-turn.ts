// One check talks to the device at a time: every check takes the device's turn for all it does (its reads before, its
// requests, the read-backs after: lib/harness/owned-watch.ts walks them in the order they were made), and a lane
// (lane.ts) takes it for all but its waits. Turns go in the order they were asked for, so a lane back from its wait
// goes before the next check.
import { runScoped } from '../client/run-scope.js';

class Turns {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  async take(): Promise<void> {
    if (!this.held) {
      this.held = true;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held = false;
  }
}

const turns = runScoped(() => new Turns());

/** Takes the device's turn (waiting for it where a lane or another check has it). */
export const takeTurn = (): Promise<void> => turns().take();

/** Gives the device's turn to whoever asked for it first. */
export const giveTurn = (): void => turns().give();

/** Runs `work` in the device's turn. */
export async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  await takeTurn();
  try {
    return await work();
  } finally {
    giveTurn();
  }
}
