// The energy socket's state (Resources: Socket state; States and transitions: Socket): every
// start state × every request of the three fields, judged against the model in lib/spec.
import { answerClauseTests } from '../lib/harness/answer-clause.js';
import { type CheckContext, clauseRows } from '../lib/harness/clause-test.js';
import { MATRIX_TOUR, ROW_ALSO, transitionRow } from './socket/rows.js';

const noV1 = ({ run }: CheckContext) =>
  run.usable.v1 ? undefined : `no HTTP (v1) endpoint answered at ${run.target.host}, so there is no /api/v1/state to ask`;
answerClauseTests('socket', { 'SOCK-16': { cannotAsk: noV1 } });

clauseRows(MATRIX_TOUR, transitionRow, { also: ROW_ALSO });
