// The client clause catalogue: its data made from spec/client-clauses.md (client-clauses.data.ts, `npm run
// catalogue`). What certify-client judges an integration against. IDs are stable: never renumber, never reuse.
// `ClientClauseId` is derived from it, so a misspelt ID fails tsc.
import type { ClientRow } from './client-clause-types.js';
import { CLIENT_CATALOGUE } from './client-clauses.data.js';

export type ClientClauseId = (typeof CLIENT_CATALOGUE)[number]['id'];

export interface ClientClause extends ClientRow {
  id: ClientClauseId;
}

export const clientClauses: readonly ClientClause[] = CLIENT_CATALOGUE;
export function clientClause(id: ClientClauseId): ClientClause {
  const found = clientClauses.find((c) => c.id === id);
  if (!found) throw new Error(`no clause ${id} in the client catalogue`);
  return found;
}
