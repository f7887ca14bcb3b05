// One check talks to the device at a time: every check takes the device's turn for all it does (its reads before, its
// requests, the read-backs after: lib/harness/owned-watch.ts walks them in the order they were made), and a lane
// (lane.ts) takes it for all but its waits. Turns go in the order they were asked for, so a lane back from its wait
// goes before the next check. A table's rows hold it from the first to the last (inTableTurn).
import { runScoped } from '../client/run-scope.js';

class Turns {
  private held = false;
  private readonly waiting: (() => void)[] = [];
  /** The table whose rows hold the turn from one to the next (inTableTurn), and its row under way. */
  table: { of: object; row: Promise<unknown> } | undefined;

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

/**
 * Runs a row of `table` in the device's turn, which the table holds from its first row to its last: its rows leave the
 * states other areas' requests may change to the last row's read-back (owned-watch.ts), and a lane come between two of
 * them would read those states itself and judge the rows' requests under its own checks, where the run came to it.
 */
export async function inTableTurn<T>(table: object, last: boolean, work: () => Promise<T>): Promise<T> {
  const t = turns();
  if (t.table?.of !== table) t.table = { of: table, row: t.take() };
  const hold = t.table;
  // Each row after the one before, even one vitest gave up on (past its timeout) that still has the device.
  const done = hold.row.then(work);
  hold.row = done.catch(() => undefined);
  try {
    return await done;
  } finally {
    if (last) endTable();
  }
}

/** A table holding the turn gives it back (its last row done, or its file ended without it). */
export function endTable(): void {
  const t = turns();
  if (t.table === undefined) return;
  t.table = undefined;
  t.give();
}
