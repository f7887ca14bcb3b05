import { expectJsonObject, expectStatus } from '../lib/harness/clause-failure.js';
import { clauseTest } from '../lib/harness/clause-test.js';

clauseTest('MEAS-01', async ({ device, token }) => {
  const res = await device.v2.get('/api/measurement', { token });
  expectStatus(res, 200);
  expectJsonObject(res);
}, { needsToken: true });

clauseTest('MEAS-02', async ({ device, token, observe }) => {
  const res = await device.v2.get('/api/measurement', { token });
  const body = res.json;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    observe({ status: res.status, note: 'not a JSON object' });
    return;
  }
  observe(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v])));
}, { needsToken: true });
