// The specification's clause catalogue: its data made from spec/clauses.md (clauses.data.ts, `npm run catalogue`).
// IDs are stable: never renumber, never reuse. `ClauseId` is derived from it, so a misspelt ID fails tsc.
import type { Clause } from './clause-types.js';
import { CATALOGUE } from './clauses.data.js';
import type { VendorClauseId } from './vendor-clauses.js';

/** A clause of either profile: the specification's catalogue (this file) or the vendor profile's (vendor-clauses.ts). */
export type ClauseId = (typeof CATALOGUE)[number]['id'] | VendorClauseId;

/** The specification's catalogue: the default profile. */
export const specClauses: readonly Clause[] = CATALOGUE.map((c) => ({ ...c, profile: 'spec' as const }));
