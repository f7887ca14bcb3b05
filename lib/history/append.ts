// `--history FILE` (or ENERGY_CONFORM_HISTORY) on run, explore, soak and certify-client: the run's results
// added to the history once its reports are written. A history that cannot be written is said, and the
// run's own verdict and exit code stand.
import type { RunResults } from '../report/results.js';
import { entryOf } from './entry.js';
import { withLock } from './lock.js';
import { HistoryStore, type StoredDocument } from './store.js';

export function appendToHistory(file: string, results: readonly RunResults[]): Promise<string> {
  return withLock(file, async () => {
    const store = await HistoryStore.open(file);
    try {
      const added = results.filter((r) => store.add(entryOf(r))).length;
      await store.save();
      return `history: ${added} run${added === 1 ? '' : 's'} added to ${file}`;
    } finally {
      store.close();
    }
  });
}

/** Adds captures and contracts (each once) to the history. */
export function appendDocuments(file: string, docs: readonly StoredDocument[]): Promise<string> {
  return withLock(file, async () => {
    const store = await HistoryStore.open(file);
    try {
      const added = docs.filter((d) => store.addDocument(d)).length;
      await store.save();
      const what = [...new Set(docs.map((d) => `${d.type}s`))].join(' and ');
      return `history: ${added} of ${docs.length} ${what} added to ${file}${added < docs.length ? ' (the others were there already)' : ''}`;
    } finally {
      store.close();
    }
  });
}
