// The vendor profile: the measurement fields per kind (DOC v2/measurement.mdx; V-MEAS). One request serves V-MEAS-01,
// -02 and -04, so a device that never answers costs one request timeout there.
import { isJsonObject } from '../lib/harness/clause-failure.js';
import { answerClauseTest, answerClauseTests, expectHeld, factsOf } from '../lib/harness/answer-clause.js';
import { judgeAnswer } from '../lib/judge/device/table.js';
import { CORE_FIELDS, MEASUREMENT_FIELDS } from '../lib/spec/vendor-measurement.js';

answerClauseTests('vendor-measurement', {}, ['V-MEAS-01', 'V-MEAS-02', 'V-MEAS-03']);

answerClauseTest('V-MEAS-01', { needsToken: true, also: ['V-MEAS-02', 'V-MEAS-04'], errorsWith: ['V-MEAS-02', 'V-MEAS-04'] }, async (res, { run, also }) => {
  const fields = Object.keys(isJsonObject(res.json) ? res.json : {});
  const named = MEASUREMENT_FIELDS[run.kind] ?? [];
  await also('V-MEAS-04', () => ({ fields, notDocumented: fields.filter((f) => !named.includes(f)) }));
  await also('V-MEAS-02', () => expectHeld(judgeAnswer('V-MEAS-02', res, factsOf(run))), [res.exchange]);
});

answerClauseTest('V-MEAS-03', {
  needsToken: true,
  cannotAsk: ({ run }) => (CORE_FIELDS[run.kind] ? undefined : `every field of the ${run.kind}'s measurement is optional in the documentation`),
});
