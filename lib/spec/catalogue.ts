import { clauses } from './clauses.js';
import type { Clause, ClauseId } from './clause-types.js';

const byId = new Map<string, Clause>(clauses.map((c) => [c.id, c]));

export function clause(id: ClauseId): Clause {
  const c = byId.get(id);
  if (!c) throw new Error(`no clause ${id} in the catalogue`);
  return c;
}

/** Whether a string from outside (`--clause`) names a clause of the catalogue. */
export function hasClause(id: string): id is ClauseId {
  return byId.has(id);
}

export { clauses };
