// SOCK-11: the order of fields in a combined PUT does not change the outcome.
import { clauseRows } from '../lib/harness/clause-test.js';
import { permutationRows } from '../lib/spec/socket-matrix.js';
import { ROW_ALSO, transitionRow } from './socket/rows.js';

clauseRows(permutationRows(), transitionRow, { also: ROW_ALSO });
