import { randomBytes } from 'node:crypto';
import { errorCode } from '../lib/client/answers.js';
import { describeResponse, expectError, expectStatus, expectThat } from '../lib/harness/clause-failure.js';
import { clauseTest } from '../lib/harness/clause-test.js';
import { postUserUnpressed } from '../lib/harness/user-probe.js';

const UNAUTHORIZED = 'user:unauthorized';

clauseTest('AUTH-01', async ({ device }) => {
  expectError(await device.v2.get('/api'), 401, UNAUTHORIZED);
});

clauseTest('AUTH-02', async ({ device, token }) => {
  let unknown = randomBytes(16).toString('hex').toUpperCase();
  if (unknown === token) unknown = unknown.replace(/.$/, (d) => (d === '0' ? '1' : '0'));
  expectError(await device.v2.get('/api', { token: unknown }), 401, UNAUTHORIZED);
});

clauseTest('AUTH-03', async ({ device, token }) => {
  device.redactor.add(token.slice(0, -1));
  const variants: Record<string, string> = {
    'an empty bearer': 'Bearer ',
    'the valid token under scheme Basic': `Basic ${token}`,
    'the valid token with one digit cut off': `Bearer ${token.slice(0, -1)}`,
    'non-hex characters': `Bearer ${'Z'.repeat(32)}`,
  };
  for (const [what, authorization] of Object.entries(variants)) {
    const res = await device.v2.get('/api', { headers: { authorization } });
    expectThat(res.status === 401 && errorCode(res) === UNAUTHORIZED,
      `401 {"error":"${UNAUTHORIZED}"} for ${what}`, describeResponse(res), res);
  }
}, { needsToken: true });

clauseTest('AUTH-04', async ({ device, run }) => {
  const requests = [
    () => device.v2.get('/api/user'),
    () => device.v2.delete('/api/user', { body: { name: `local/${run.runTag}-absent` } }),
    () => device.v2.get('/api/measurement'),
  ];
  for (const send of requests) expectError(await send(), 401, UNAUTHORIZED);
});

clauseTest('AUTH-05', async (ctx) => {
  const res = await postUserUnpressed(ctx);
  expectThat(res.status !== 401, 'no 401: POST /api/user needs no token', describeResponse(res), res);
  expectError(res, 403, 'user:creation-not-enabled');
});

clauseTest('AUTH-06', async ({ device, token }) => {
  expectStatus(await device.v2.get('/api', { token }), 200);
}, { needsToken: true });

clauseTest('AUTH-07', async ({ device, token, observe }) => {
  const res = await device.v2.get('/api', { token: token.toLowerCase() });
  observe({ lowercaseToken: res.status === 200 ? 'accepted' : 'refused', answer: describeResponse(res) });
}, { needsToken: true });

function holdsToken(body: unknown, token: string): boolean {
  if (typeof body === 'string') return body.toUpperCase().includes(token.toUpperCase());
  if (Array.isArray(body)) return body.some((b) => holdsToken(b, token));
  if (typeof body === 'object' && body !== null) {
    return 'token' in body || Object.values(body).some((v) => holdsToken(v, token));
  }
  return false;
}

clauseTest('AUTH-08', async ({ device, token }) => {
  const answers = [
    await device.v2.get('/api', { token }),
    await device.v2.get('/api/user', { token }),
    await device.v2.get('/api/measurement', { token }),
    await device.v2.get('/api'),
    await device.v2.get('/api', { token, headers: { 'x-api-version': '1' } }),
  ];
  for (const res of answers) {
    expectThat(!holdsToken(res.json ?? res.text, token), 'no token (and no `token` field) in the answer',
      `a token in the answer to ${res.exchange.method} ${new URL(res.exchange.url).pathname}`, res);
  }
}, { needsToken: true });
