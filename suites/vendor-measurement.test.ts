// The vendor profile: the measurement fields per kind (DOC v2/measurement.mdx; V-MEAS). One request serves V-MEAS-01,
// -02 and -04, so a device that never answers costs one request timeout there.
import { describeResponse, expectStatus, expectThat, isJsonObject } from '../lib/harness/clause-failure.js';
import { clauseTest } from '../lib/harness/clause-test.js';
import { CORE_FIELDS, MEASUREMENT_FIELDS, V1_NAMES, fieldTypeError } from '../lib/spec/vendor-measurement.js';

clauseTest('V-MEAS-01', async ({ device, token, run, also }) => {
  const res = await device.v2.get('/api/measurement', { token });
  const body = isJsonObject(res.json) ? res.json : {};
  const named = MEASUREMENT_FIELDS[run.kind] ?? [];
  await also('V-MEAS-04', () => ({ fields: Object.keys(body), notDocumented: Object.keys(body).filter((f) => !named.includes(f)) }));
  await also('V-MEAS-02', () => {
    const v1 = Object.keys(body).filter((f) => V1_NAMES.test(f));
    expectThat(v1.length === 0, 'no v1 field name in a v2 measurement', `v1 names: ${v1.join(', ')}`, res);
  });
  expectStatus(res, 200);
  expectThat(isJsonObject(res.json), 'a JSON object', describeResponse(res), res);
  const wrong = named.filter((f) => f in body).flatMap((f) => {
    const why = fieldTypeError(f, body[f]);
    return why ? [`${f} ${JSON.stringify(body[f])}: ${why}`] : [];
  });
  expectThat(wrong.length === 0, 'every documented field of its documented type', wrong.join('; '), res);
}, { needsToken: true, also: ['V-MEAS-02', 'V-MEAS-04'], errorsWith: ['V-MEAS-02', 'V-MEAS-04'] });

clauseTest('V-MEAS-03', async ({ device, token, run, skip }) => {
  const core = CORE_FIELDS[run.kind];
  if (!core) return skip(`every field of the ${run.kind}'s measurement is optional in the documentation`);
  const res = await device.v2.get('/api/measurement', { token });
  const body = isJsonObject(res.json) ? res.json : {};
  const missing = core.filter((f) => typeof body[f] !== 'number');
  expectThat(missing.length === 0, `${core.join(', ')} as numbers`, `missing or not numbers: ${missing.join(', ')}`, res);
}, { needsToken: true });
