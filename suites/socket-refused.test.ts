// Requests the socket must not store as they are: out-of-range brightness (SOCK-12; SOCK-17, a SHOULD,
// wants it refused) and wrong types (SOCK-15). What the device answers to them is not shown: SOCK-14 records it.
import { clauseRows } from '../lib/harness/clause-test.js';
import { OUT_OF_RANGE_TOUR, ROW_ALSO, WRONG_TYPE_TOUR, transitionRow, wrongTypeRow } from './socket/rows.js';

clauseRows(OUT_OF_RANGE_TOUR, transitionRow, { also: [...ROW_ALSO, 'SOCK-17'] });
clauseRows(WRONG_TYPE_TOUR, wrongTypeRow, { also: ROW_ALSO });
