// The suites' judgeOn and judgeHeard: the table's judgment (lib/judge/device/table.ts), noted for the check under way so that its
// record keeps it and `rejudge` can judge it again (lib/judge/device/kept.ts). Each check's work runs with notes
// of its own, so no other check's judgments mix in, even one still running.
import { AsyncLocalStorage } from 'node:async_hooks';
import { type ConversationClause, type OccasionArgs, type OccasionClause, judgeHeard as heardByTable, judgeOn as judgeByTable } from '../judge/device/table.js';
import type { Judgment, Reply } from '../judge/device/judgment.js';
import { type Noted, noteOn } from '../judge/device/kept.js';

const notes = new AsyncLocalStorage<Noted[]>();

/** The table's judgment of `id` on `r`, noted for the check under way. */
export function judgeOn<K extends OccasionClause>(id: K, r: Reply, ...o: OccasionArgs<K>): Judgment {
  const store = notes.getStore();
  return store ? noteOn(store, id, r, ...o) : judgeByTable(id, r, ...o);
}

/** The table's judgment of a WebSocket clause on what the conversation heard (table.ts judgeHeard), noted likewise. */
export const judgeHeard: typeof heardByTable = (id, heard, ...o) => {
  const judgment = heardByTable(id, heard, ...o);
  notes.getStore()?.push({ clause: id as ConversationClause, heard, occasion: o[0], judgment });
  return judgment;
};

/** Runs a check's work with its own notes. */
export const noting = <T>(into: Noted[], work: () => T): T => notes.run(into, work);
