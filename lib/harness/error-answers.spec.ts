import { expect, test } from 'vitest';
import type { Exchange } from '../client/exchange-log.js';
import { ClauseFailure } from './clause-failure.js';
import { errorAnswers, judgeErrorAnswers } from './error-answers.js';

const ex = (side: 'v1' | 'v2', method: string, path: string, status: number | undefined, body = '', error?: string): Exchange => ({
  side,
  method,
  url: `${side === 'v2' ? 'https' : 'http'}://127.0.0.1:1${path}`,
  requestHeaders: {},
  status,
  responseBody: body,
  ...(error ? { error } : {}),
  startedAt: '',
  durationMs: 0,
});

test.for([
  { name: 'a refused name over v2', e: ex('v2', 'POST', '/api/user', 400, '{"error":"user:name-invalid"}'), governed: true },
  { name: 'a deletion of nobody', e: ex('v2', 'DELETE', '/api/user', 404, 'nope'), governed: true },
  { name: 'a 401 of GET /api/measurement', e: ex('v2', 'GET', '/api/measurement', 401), governed: true },
  { name: 'a success', e: ex('v2', 'GET', '/api', 200, '{}'), governed: false },
  { name: 'the v1 side', e: ex('v1', 'GET', '/api', 404, 'x'), governed: false },
  { name: 'a method the table does not name (ERR-03 records it)', e: ex('v2', 'PATCH', '/api', 405, 'Method not allowed'), governed: false },
  { name: 'a path the table does not name', e: ex('v2', 'GET', '/api/ec-no-such-path', 404, 'x'), governed: false },
  { name: 'no answer at all', e: ex('v2', 'GET', '/api', undefined, '', 'EC_TRANSPORT_TIMEOUT: …'), governed: false },
])('$name: governed by ERR-01 $governed', ({ e, governed }) => {
  expect(errorAnswers([e])).toEqual(governed ? [e] : []);
});

test('error objects pass; anything else fails, the first such answer leading the evidence', () => {
  const good = ex('v2', 'POST', '/api/user', 403, '{"error":"user:creation-not-enabled"}');
  const text = ex('v2', 'POST', '/api/user', 400, 'user:name-invalid');
  const nested = ex('v2', 'DELETE', '/api/user', 404, '{"error":{"id":1}}');
  expect(() => judgeErrorAnswers([good])).not.toThrow();
  expect(() => judgeErrorAnswers([])).not.toThrow();
  let caught: unknown;
  try {
    judgeErrorAnswers([good, text, nested]);
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(ClauseFailure);
  expect((caught as ClauseFailure).exchanges).toEqual([text, nested]);
  expect((caught as ClauseFailure).observed).toMatch(/^2 of 3 error answers not: POST https:\/\/127\.0\.0\.1:1\/api\/user → 400 user:name-invalid$/);
});
