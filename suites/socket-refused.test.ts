// Requests the socket must not store: out-of-range brightness (SOCK-12) and wrong types (SOCK-15).
// What the device answers to them is not shown: SOCK-14 records it.
import { clauseRows } from '../lib/harness/clause-test.js';
import { outOfRangeRows, wrongTypeRows } from '../lib/spec/socket-matrix.js';
import { ROW_ALSO, transitionRow, wrongTypeRow } from './socket/rows.js';

clauseRows(outOfRangeRows(), transitionRow, { also: ROW_ALSO });
clauseRows(wrongTypeRows(), wrongTypeRow, { also: ROW_ALSO });
