// The vendor profile's catalogue: its data made from spec/vendor-clauses.md (vendor-clauses.data.ts, `npm run catalogue`).
// IDs are stable: never renumber, never reuse. `VendorClauseId` is derived from it, so a misspelt ID fails tsc.
import { VENDOR_CATALOGUE } from './vendor-clauses.data.js';

export { VENDOR_CATALOGUE };

export type VendorClauseId = (typeof VENDOR_CATALOGUE)[number]['id'];
