import { randomBytes } from 'node:crypto';
import { describeResponse, expectHeld } from '../lib/harness/clause-failure.js';
import { judgeOn } from '../lib/harness/judged.js';
import { answerClauseTests } from '../lib/harness/answer-clause.js';
import { clauseRows, clauseTest } from '../lib/harness/clause-test.js';
import { sendTo } from '../lib/harness/endpoint-request.js';
import { postUserUnpressed } from '../lib/harness/user-probe.js';
import { TOKEN_ENDPOINTS, endpointRows, rowTitle } from '../lib/spec/endpoints.js';
import { bodyAs } from '../lib/client/parse-body.js';
import { tokenField } from '../lib/spec/schemas.js';

const withToken = { needsToken: true } as const;

answerClauseTests('auth');

clauseRows(
  endpointRows('AUTH-02', TOKEN_ENDPOINTS, [{ probe: 'a well-formed unknown token' }]),
  async ({ endpoint }, { device, run, token }) => {
    let unknown = randomBytes(16).toString('hex').toUpperCase();
    if (unknown === token) unknown = unknown.replace(/.$/, (d) => (d === '0' ? '1' : '0'));
    expectHeld(judgeOn('AUTH-02', await sendTo(device, run, endpoint, { token: unknown }), { credential: 'a well-formed unknown token' }));
  },
  withToken,
);

/** The token with one character changed to another hex digit at `i` (-1: the last): its length kept, one position wrong. */
const changedAt = (t: string, i: number) => {
  const at = i < 0 ? t.length + i : i;
  return `${t.slice(0, at)}${t[at] === '0' ? '1' : '0'}${t.slice(at + 1)}`;
};
const CHANGED_AT = [
  { where: 'first', i: 0 },
  { where: 'middle', i: 16 },
  { where: 'last', i: -1 },
];

// Authentication 1, 4: only `Bearer <the token>` is a credential; each variant is one a firmware may let through
// (a prefix comparison, a comparison of the wrong length, one that skips a position).
const MALFORMED = [
  { probe: 'an empty bearer', authorization: () => 'Bearer ' },
  { probe: 'the valid token under scheme Basic', authorization: (t: string) => `Basic ${t}` },
  { probe: 'the valid token with one digit cut off', authorization: (t: string) => `Bearer ${t.slice(0, -1)}` },
  { probe: 'the valid token with one digit added', authorization: (t: string) => `Bearer ${t}0` },
  { probe: 'non-hex characters', authorization: () => `Bearer ${'Z'.repeat(32)}` },
  ...CHANGED_AT.map(({ where, i }) => ({
    probe: `the valid token with its ${where} character changed`,
    authorization: (t: string) => `Bearer ${changedAt(t, i)}`,
  })),
];

clauseRows(
  endpointRows('AUTH-03', TOKEN_ENDPOINTS, MALFORMED),
  async ({ endpoint, probe }, { device, run, token }) => {
    // Near-copies of the token are secrets too.
    for (const near of [token.slice(0, -1), ...CHANGED_AT.map(({ i }) => changedAt(token, i))]) device.redactor.add(near);
    const res = await sendTo(device, run, endpoint, { headers: { authorization: probe.authorization(token) } });
    expectHeld(judgeOn('AUTH-03', res, { credential: probe.probe }));
  },
  withToken,
);

const NO_TOKEN = TOKEN_ENDPOINTS.filter((e) => e.path !== '/api');
clauseRows(endpointRows('AUTH-04', NO_TOKEN, [{ probe: 'no Authorization' }]), async ({ endpoint }, { device, run }) => {
  expectHeld(judgeOn('AUTH-04', await sendTo(device, run, endpoint), { credential: 'no Authorization' }));
});

clauseTest('AUTH-05', async (ctx) => {
  expectHeld(judgeOn('AUTH-05', await postUserUnpressed(ctx)));
});

clauseTest(
  'AUTH-07',
  async ({ device, token, observe }) => {
    const res = await device.v2.get('/api', { token: token.toLowerCase() });
    observe({ lowercaseToken: res.status === 200 ? 'accepted' : 'refused', answer: describeResponse(res) });
  },
  withToken,
);

clauseTest(
  'AUTH-08',
  async ({ device, token }) => {
    const answers = [
      await device.v2.get('/api', { token }),
      await device.v2.get('/api/user', { token }),
      await device.v2.get('/api/measurement', { token }),
      await device.v2.get('/api'),
      await device.v2.get('/api', { token, headers: { 'x-api-version': '1' } }),
    ];
    for (const res of answers) expectHeld(judgeOn('AUTH-08', res, { token, request: `${res.exchange.method} ${new URL(res.exchange.url).pathname}` }));
  },
  withToken,
);

// The user endpoints over plain HTTP: answering them there as v2 does invites a token in clear text.
const OVER_HTTP = [
  { clause: 'AUTH-09' as const, title: rowTitle('AUTH-09', 'POST /api/user over HTTP', 'no token'), method: 'POST' as const },
  { clause: 'AUTH-09' as const, title: rowTitle('AUTH-09', 'GET /api/user over HTTP', 'no token'), method: 'GET' as const },
];
clauseRows(OVER_HTTP, async ({ method }, { device, run, observe }) => {
  const name = `local/${run.runTag}-http`;
  const res = method === 'POST' ? await device.v1.post('/api/user', { body: { name } }) : await device.v1.get('/api/user');
  const token = bodyAs(res, tokenField)?.token;
  if (res.status === 200 && token !== undefined && device.v2.available) {
    // Created over HTTP: deleted again at once with its own token, so nothing is left behind.
    await device.v2.delete('/api/user', { token, body: { name } });
    observe({ note: 'the user created over HTTP was deleted again', name });
  }
  expectHeld(judgeOn('AUTH-09', res, { method }));
});
