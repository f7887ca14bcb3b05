// Authentication: what a v2 endpoint answers a request without a valid token, and what no answer may carry.
import { type Judgment, NOT_ENABLED, type Reply, UNAUTHORIZED, allOf, errorAnswer, errorOf, shownReply, statusIs, unless, withWords } from './judgment.js';
import { API, type AnswerJudges } from './asks.js';

/** AUTH-01, on GET /api without Authorization. */
export const auth01 = (r: Reply): Judgment => errorAnswer(r, 401, UNAUTHORIZED);

/** AUTH-02 (a well-formed unknown token), AUTH-03 (a malformed credential), AUTH-04 (none): 401 user:unauthorized. */
export const credentialRefused = (r: Reply, o: { credential: string }): Judgment => withWords(errorAnswer(r, 401, UNAUTHORIZED), `to ${o.credential}`);

/** AUTH-05, on POST /api/user without Authorization before a press: no token needed, so 403 creation-not-enabled, never 401. */
export const auth05 = (r: Reply): Judgment =>
  allOf(
    () => unless(r.status !== 401, 'no 401: POST /api/user needs no token', shownReply(r), r),
    () => errorAnswer(r, 403, NOT_ENABLED),
  );

/** AUTH-06, on GET /api with the run's token. */
export const auth06 = (r: Reply): Judgment => statusIs(r, 200);

function holdsToken(body: unknown, token: string): boolean {
  if (typeof body === 'string') return body.toUpperCase().includes(token.toUpperCase());
  if (Array.isArray(body)) return body.some((b) => holdsToken(b, token));
  if (typeof body === 'object' && body !== null) return 'token' in body || Object.values(body).some((v) => holdsToken(v, token));
  return false;
}

/** AUTH-08, on any answer but a creation's: no token in it (nor a `token` field); `token` the one the caller holds, never shown. */
export const auth08 = (r: Reply, o: { token: string; request: string }): Judgment =>
  unless(!holdsToken(r.json ?? r.text ?? '', o.token), 'no token (and no `token` field) in the answer', `a token in the answer to ${o.request}`, r);

/**
 * AUTH-09, on a user endpoint asked over plain HTTP: not served as v2 serves it (POST: neither 200 nor 403
 * creation-not-enabled; GET without a token: no 401 user:unauthorized).
 */
export const auth09 = (r: Reply, o: { method: 'POST' | 'GET' }): Judgment => {
  const served = o.method === 'POST' ? r.status === 200 || (r.status === 403 && errorOf(r) === NOT_ENABLED) : r.status === 401 && errorOf(r) === UNAUTHORIZED;
  return unless(
    !served,
    o.method === 'POST'
      ? `neither 403 {"error":"${NOT_ENABLED}"} nor 200: no user endpoint over HTTP`
      : `no 401 {"error":"${UNAUTHORIZED}"}: no user endpoint over HTTP`,
    shownReply(r),
    r,
  );
};

/** The answers this area's clauses are judged on (table.ts gathers them). */
export const AUTH_ANSWERS = {
  'AUTH-01': { asks: { side: 'v2', path: '/api', token: false }, judge: auth01 },
  'AUTH-06': { asks: API, judge: auth06 },
} as const satisfies AnswerJudges;
