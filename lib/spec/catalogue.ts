import { specClauses } from './clauses.js';
import { VENDOR_CATALOGUE } from './vendor-clauses.js';
import type { Clause, ClauseId, Profile } from './clause-types.js';
import { type KindId, kindDeviation } from './kinds.js';

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

/** The deviations of a kind without claims (clauses.md Levels, kinds.ts kindDeviation): what `soak` judges its clauses under, as `run`'s plan does. */
export function kindDeviations(kind: KindId): Record<string, string> {
  return Object.fromEntries(
    clauses.flatMap((c) => {
      const why = kindDeviation(c, kind);
      return why ? [[c.id, why]] : [];
    }),
  );
}
