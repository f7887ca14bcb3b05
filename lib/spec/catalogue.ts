import { specClauses } from './clauses.js';
import { VENDOR_CATALOGUE } from './vendor-clauses.js';
import type { Clause, ClauseId, Profile } from './clause-types.js';

/** Every clause of both profiles: the specification's first, then the vendor profile's. */
const clauses: readonly Clause[] = [...specClauses, ...VENDOR_CATALOGUE.map((c) => ({ ...c, profile: 'vendor' as const }))];

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

/** The clauses of the profiles a run runs, in catalogue order. */
export function clausesOf(profiles: readonly Profile[]): readonly Clause[] {
  return clauses.filter((c) => profiles.includes(c.profile));
}

export { clauses };
