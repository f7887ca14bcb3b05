// `--history FILE`, else ENERGY_CONFORM_HISTORY: where run, explore, soak and certify-client add each run.
import { appendToHistory } from '../history/append.js';
import type { RunResults } from '../report/results.js';

export const historyFileOf = (a: { history?: string }, env: NodeJS.ProcessEnv): string | undefined => a.history ?? (env.ENERGY_CONFORM_HISTORY || undefined);

/** Adds the run to the history; a history that cannot be written is said, and the run's verdict stands. */
export async function recordHistory(file: string | undefined, results: RunResults, say: (line: string) => void): Promise<void> {
  if (!file) return;
  try {
    say(await appendToHistory(file, [results]));
  } catch (err) {
    say(`history: the run was not added to ${file}: ${(err as Error).message}`);
  }
}
