// rejudge of the occasion clauses (rejudge-occasions.ts): a case is judged again from the judgments its record
// kept, and only where the record says why the case ended as it did.
import { describe, expect, test } from 'vitest';
import type { Exchange } from '../client/exchange-log.js';
import type { JudgedOccasion } from '../client/kept-judgment.js';
import type { CheckResult, Status } from '../report/results.js';
import { rejudgeOccasions } from './rejudge-occasions.js';

const list = (body: unknown): Exchange => ({
  side: 'v2',
  method: 'GET',
  url: 'https://127.0.0.1:1/api/user',
  requestHeaders: { authorization: 'Bearer [REDACTED]' },
  startedAt: '2026-11-26T00:00:00.000Z',
  durationMs: 1,
  status: 200,
  responseHeaders: { 'content-type': 'application/json' },
  responseBody: JSON.stringify(body),
});
const GOOD = list([{ name: 'local/a', current: true }, { name: 'local/b' }]);
/** LIST-03 broken: another user's entry carries `current: false`. */
const BAD = list([
  { name: 'local/a', current: true },
  { name: 'local/b', current: false },
]);

const note = (held: boolean, answer: number, c = 0, extra: Partial<JudgedOccasion> = {}) => ({
  clause: 'LIST-03',
  held,
  answer,
  occasion: { owner: 'local/a' },
  case: c,
  ...extra,
});

function check(status: Status, exchanges: Exchange[], judged: CheckResult['judged'], rows?: Status[]): CheckResult {
  return {
    clause: 'LIST-03',
    level: 'MUST',
    title: 'LIST-03 [MUST] Every other entry omits `current`',
    area: 'users',
    status,
    message: status === 'pass' ? '' : 'as recorded',
    durationMs: 1,
    exchanges,
    judged,
    ...(rows ? { rows: rows.map((s, i) => ({ title: `row ${i}`, status: s, message: s === 'pass' ? '' : 'as recorded' })) } : {}),
  };
}

describe('judged again', () => {
  test.for([
    ['a pass whose answer this version finds wrong', check('pass', [BAD], [note(true, 0)]), 'fail'],
    ['a failure whose kept judgment this version finds right', check('fail', [GOOD], [note(false, 0)]), 'pass'],
    ['a pass that still holds', check('pass', [GOOD], [note(true, 0)]), 'pass'],
    ['a failure that still fails', check('fail', [BAD], [note(false, 0)]), 'fail'],
    ['a deviation that now holds', { ...check('deviation', [GOOD], [note(false, 0)]), deviation: 'user/token "In development"' }, 'pass'],
  ] as const)('%s → %s', ([, c, now]) => {
    const again = rejudgeOccasions(c)!;
    expect(again.status).toBe(now);
    if (now === 'fail')
      expect(again.message).toMatch(
        /^expected no `current` key on the entries of other users; observed \[\{"name":"local\/b","current":false\}\]\nexchange: GET /,
      );
    if (now === 'pass') expect([again.message, again.expected, again.observed]).toEqual(['', undefined, undefined]);
  });

  test('rows: only the cases whose judgments the record kept; the check is its worst case', () => {
    const c = check('fail', [GOOD, BAD], [note(false, 0, 1)], ['pass', 'fail', 'fail']);
    const again = rejudgeOccasions(c)!;
    // Case 1 holds now; case 2 kept no judgment and stays a failure.
    expect(again.rows!.map((r) => r.status)).toEqual(['pass', 'pass', 'fail']);
    expect(again.status).toBe('fail');
    expect(rejudgeOccasions(check('fail', [GOOD], [note(false, 0, 1)], ['pass', 'fail']))).toMatchObject({ status: 'pass', message: '(2 of 2 cases pass)' });
  });

  test("an answer kept whole (another check's) is judged from the record", () => {
    expect(rejudgeOccasions(check('pass', [], [{ clause: 'LIST-03', held: true, exchange: BAD, occasion: { owner: 'local/a' }, case: 0 }]))?.status).toBe(
      'fail',
    );
  });
});

describe('kept as recorded', () => {
  test.for([
    ['a failure that came from elsewhere in the check: every kept judgment held', check('fail', [GOOD], [note(true, 0)])],
    ['a failure of a judgment the record cannot judge again', check('fail', [GOOD], [note(false, 0, 0, { kept: 'a token it compared', answer: undefined })])],
    ['an error', check('error', [GOOD], [note(true, 0)])],
    ['a skip', check('skip', [], undefined)],
    ['an answer the record does not hold', check('fail', [], [note(false, 3)])],
  ] as const)('%s', ([, c]) => {
    expect(rejudgeOccasions(c)).toBeNull();
  });
});
