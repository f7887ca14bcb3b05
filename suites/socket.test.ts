// The energy socket's state (Resources: Socket state; States and transitions: Socket): every
// start state × every request of the three fields, judged against the model in lib/spec.
import { answerClauseTest } from '../lib/harness/answer-clause.js';
import { clauseRows } from '../lib/harness/clause-test.js';
import { MATRIX_TOUR, ROW_ALSO, transitionRow } from './socket/rows.js';

answerClauseTest('SOCK-01');

clauseRows(MATRIX_TOUR, transitionRow, { also: ROW_ALSO });

answerClauseTest('SOCK-16', { cannotAsk: ({ run }) => (run.usable.v1 ? undefined : `no HTTP (v1) endpoint answered at ${run.target.host}, so there is no /api/v1/state to ask`) });
