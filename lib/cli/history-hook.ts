// `--history FILE`, else ENERGY_CONFORM_HISTORY: where run, explore, soak and certify-client add each run. The history's
// store loads only where there is one (a twentieth of a second of a run's start otherwise).
import type { StoredDocument } from '../history/store.js';
import type { Capture } from '../capture/schema.js';
import type { Contract } from '../deploy/contract.js';
import type { RunResults } from '../report/results.js';

export const historyFileOf = (a: { history?: string }, env: NodeJS.ProcessEnv): string | undefined => a.history ?? (env.ENERGY_CONFORM_HISTORY || undefined);

/** Adds the run to the history; a history that cannot be written is said, and the run's verdict stands. */
export async function recordHistory(file: string | undefined, results: RunResults, say: (line: string) => void): Promise<void> {
  if (!file) return;
  try {
    const { appendToHistory } = await import('../history/append.js');
    say(await appendToHistory(file, [results]));
  } catch (err) {
    say(`history: the run was not added to ${file}: ${(err as Error).message}`);
  }
}

/** Adds captures and contracts to the history; one that cannot be written is said, and the command's own exit code stands. */
export async function recordDocuments(file: string | undefined, docs: readonly StoredDocument[], say: (line: string) => void): Promise<void> {
  if (!file || !docs.length) return;
  try {
    const { appendDocuments } = await import('../history/append.js');
    say(await appendDocuments(file, docs));
  } catch (err) {
    say(`history: nothing was added to ${file}: ${(err as Error).message}`);
  }
}

/** A capture as the history keeps it. */
export const storedCapture = (c: Capture): StoredDocument => ({
  type: 'capture',
  kind: c.device.kind,
  name: c.device.serial ?? 'unknown',
  version: c.device.firmware_version ?? 'unknown',
  added: c.captured,
  body: JSON.stringify(c),
});

/** A contract as the history keeps it. */
export const storedContract = (c: Contract): StoredDocument => ({
  type: 'contract',
  kind: c.device.kind,
  name: c.integration.name,
  version: c.integration.version ?? 'unknown',
  added: c.certified,
  body: JSON.stringify(c),
});
