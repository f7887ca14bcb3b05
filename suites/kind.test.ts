import { describeResponse, expectError, expectThat } from '../lib/harness/clause-failure.js';
import { clauseTest } from '../lib/harness/clause-test.js';
import { postUserUnpressed } from '../lib/harness/user-probe.js';

clauseTest('KIND-01', async (ctx) => {
  const res = await postUserUnpressed(ctx);
  expectThat(res.status !== 404, 'POST /api/user served', describeResponse(res), res);
  expectError(res, 403, 'user:creation-not-enabled');
}, { needsV2: true });
