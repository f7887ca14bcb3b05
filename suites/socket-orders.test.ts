// SOCK-11: the order of fields in a combined PUT does not change the outcome.
import { clauseRows } from '../lib/harness/clause-test.js';
import { ORDERS_TOUR, ROW_ALSO, transitionRow } from './socket/rows.js';

clauseRows(ORDERS_TOUR, transitionRow, { also: ROW_ALSO });
