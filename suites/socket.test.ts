// The energy socket's state (Resources: Socket state; States and transitions: Socket): every
// start state × every request of the three fields, judged against the model in lib/spec.
import { STATE_PATH } from '../lib/client/socket.js';
import { describeResponse, expectThat } from '../lib/harness/clause-failure.js';
import { answerClauseTest } from '../lib/harness/answer-clause.js';
import { clauseRows, clauseTest } from '../lib/harness/clause-test.js';
import { MATRIX_TOUR, ROW_ALSO, transitionRow } from './socket/rows.js';

answerClauseTest('SOCK-01');

clauseRows(MATRIX_TOUR, transitionRow, { also: ROW_ALSO });

clauseTest('SOCK-16', async ({ device, run, skip }) => {
  if (!run.usable.v1) skip(`no HTTP (v1) endpoint answered at ${run.target.host}, so there is no /api/v1/state to ask`);
  const res = await device.v1.get(STATE_PATH);
  expectThat(res.status !== 200, `any answer but 200: the ${run.kind} has no socket state`, describeResponse(res), res);
});
