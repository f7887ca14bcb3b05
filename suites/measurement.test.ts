// GET /api/measurement (Rules 5): MEAS-01 judges the answer, MEAS-02 records what it holds. One
// request serves both, so a device that never answers costs one request timeout, not two.
import { describeResponse, expectStatus, expectThat, isJsonObject } from '../lib/harness/clause-failure.js';
import { clauseTest } from '../lib/harness/clause-test.js';

clauseTest('MEAS-01', async ({ device, token, also }) => {
  const res = await device.v2.get('/api/measurement', { token });
  await also('MEAS-02', () => {
    const body = res.json;
    if (!isJsonObject(body)) return { status: res.status, note: 'not a JSON object' };
    return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v]));
  });
  expectStatus(res, 200);
  // Rules 5 shows no payload; Endpoints: bodies are JSON. Any JSON value is conformant.
  expectThat(res.json !== undefined, 'a JSON body', describeResponse(res), res);
}, { needsToken: true, also: ['MEAS-02'], errorsWith: ['MEAS-02'] });
