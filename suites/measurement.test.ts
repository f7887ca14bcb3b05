// GET /api/measurement (Rules 5): MEAS-01 judges the answer (lib/judge/device/measurement.ts), MEAS-02
// records what it holds. One request serves both, so a device that never answers costs one request timeout, not two.
import { isJsonObject } from '../lib/harness/clause-failure.js';
import { answerClauseTest, answerClauseTests } from '../lib/harness/answer-clause.js';

answerClauseTests('measurement', {}, ['MEAS-01']);

answerClauseTest('MEAS-01', { also: ['MEAS-02'], errorsWith: ['MEAS-02'] }, async (res, { also }) => {
  await also('MEAS-02', () => {
    const body = res.json;
    if (!isJsonObject(body)) return { status: res.status, note: 'not a JSON object' };
    return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v]));
  });
});
