import { clauses } from './clauses.js';
import type { Clause } from './clause-types.js';

const byId = new Map(clauses.map((c) => [c.id, c]));

export function clause(id: string): Clause {
  const c = byId.get(id);
  if (!c) throw new Error(`no clause ${id} in the catalogue`);
  return c;
}

export function hasClause(id: string): boolean {
  return byId.has(id);
}

export { clauses };
