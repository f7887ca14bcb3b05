// SOCK-18, CLOUD-08, LIST-07 on exchanges written for the case: the reads a walk pairs with the requests of other areas
// before them, and the judge of each read: it holds, it breaks (saying what changed and after which requests), or it
// is not judged (a change the States table allows). Run, explore and rejudge call these.
import { describe, expect, test } from 'vitest';
import type { Exchange } from '../../client/exchange-log.js';
import { type OwnedClause, replyOfRequest, walkOwned } from './owned.js';
import { answerOf } from './judgment.js';
import { judgeOn } from './table.js';

let clock = 0;
function ex(request: string, status: number | undefined, body?: unknown, side: 'v1' | 'v2' = 'v1'): Exchange {
  const [method, path] = request.split(' ') as [string, string];
  clock += 1;
  return {
    side,
    method,
    url: `${side === 'v1' ? 'http' : 'https'}://127.0.0.1${path}`,
    requestHeaders: {},
    startedAt: new Date(Date.UTC(2026, 10, 28, 10, 0, clock)).toISOString(),
    durationMs: 1,
    ...(status === undefined ? { error: 'EC_TRANSPORT_RESET: reset' } : { status, responseBody: body === undefined ? '' : JSON.stringify(body) }),
  };
}
const state = (power_on: boolean, switch_lock: boolean, brightness: number) => ex('GET /api/v1/state', 200, { power_on, switch_lock, brightness });
const LOCKED = () => state(true, true, 77);
const cloud = (on: boolean) => ex('GET /api/v1/system', 200, { cloud_enabled: on });
const users = (...names: string[]) =>
  ex(
    'GET /api/user',
    200,
    names.map((name, i) => (i === 0 ? { name, current: true } : { name })),
    'v2',
  );
const CREATED = () => ex('POST /api/user', 200, { name: 'local/x', token: 'A'.repeat(32) }, 'v2');
const REFUSED = () => ex('POST /api/user', 403, { error: 'user:creation-not-enabled' }, 'v2');
const DELETED = () => ex('DELETE /api/user', 204, undefined, 'v2');
const UNAUTHORIZED_DELETE = () => ex('DELETE /api/user', 401, { error: 'user:unauthorized' }, 'v2');
const PUT_STATE = () => ex('PUT /api/v1/state', 200, { brightness: 10 });
const PUT_CLOUD = () => ex('PUT /api/v1/system', 200, { cloud_enabled: true });

/** Every read the walk judges, by the table's judge (as a check does). */
const judged = (id: OwnedClause, exchanges: Exchange[]) =>
  walkOwned(id, exchanges).reads.map((r) => judgeOn(id, answerOf(r.after)!, { before: answerOf(r.before)!, between: r.between.map(replyOfRequest) }));

type Row = [OwnedClause, string, () => Exchange[], 'held' | RegExp | 'not judged' | 'none'];
const ROWS: Row[] = [
  ['SOCK-18', 'a creation and refusals between two reads that agree', () => [LOCKED(), REFUSED(), CREATED(), LOCKED()], 'held'],
  [
    'SOCK-18',
    'a creation that clears the lock',
    () => [LOCKED(), REFUSED(), CREATED(), state(true, false, 77)],
    /^GET \/api\/v1\/state to read locked on, brightness 77 as before the 2 requests of another area between the reads, none of them PUT \/api\/v1\/state \(POST \/api\/user → 200, POST \/api\/user → 403\) \| on, unlocked, brightness 77/,
  ],
  [
    'SOCK-18',
    'a refused deletion that resets the brightness',
    () => [LOCKED(), UNAUTHORIZED_DELETE(), state(true, true, 255)],
    /DELETE \/api\/user → 401\) \| locked on, brightness 255/,
  ],
  [
    'SOCK-18',
    'a request that got no answer, and the state changed',
    () => [LOCKED(), ex('DELETE /api/user', undefined), state(true, false, 77)],
    /DELETE \/api\/user → no answer/,
  ],
  ['SOCK-18', 'its own PUT between: nothing to hold the read to', () => [LOCKED(), CREATED(), PUT_STATE(), state(false, false, 10)], 'none'],
  [
    'SOCK-18',
    'reads alone, however they differ (the checks of the state judge those)',
    () => [LOCKED(), ex('GET /api', 200, {}, 'v2'), state(false, false, 3)],
    'none',
  ],
  [
    'SOCK-18',
    'a reboot between: what was read before is known no more',
    () => [LOCKED(), ex('PUT /api/system/reboot', 204, undefined, 'v2'), CREATED(), state(false, false, 255)],
    'none',
  ],
  [
    'SOCK-18',
    'a read that is not 200 is no read: the requests wait for the next',
    () => [LOCKED(), CREATED(), ex('GET /api/v1/state', 503, {}), state(true, false, 77)],
    /POST \/api\/user → 200\) \| on, unlocked/,
  ],
  [
    'CLOUD-08',
    'a deletion that switches the cloud off',
    () => [cloud(true), DELETED(), cloud(false)],
    /cloud_enabled true as before the request .* \(DELETE \/api\/user → 204\) \| cloud_enabled false/,
  ],
  ['CLOUD-08', "the socket's PUTs between two reads that agree", () => [cloud(false), PUT_STATE(), PUT_STATE(), cloud(false)], 'held'],
  ['CLOUD-08', 'turned on where a creation (after a press: pairing mode?) came between', () => [cloud(false), REFUSED(), CREATED(), cloud(true)], 'not judged'],
  ['CLOUD-08', 'turned on with no creation between', () => [cloud(false), PUT_STATE(), cloud(true)], /cloud_enabled false as before .* \| cloud_enabled true/],
  [
    'CLOUD-08',
    "the vendor's PUT /api/system is its own request",
    () => [cloud(true), ex('PUT /api/system', 200, { cloud_enabled: false }, 'v2'), cloud(false)],
    'none',
  ],
  [
    'LIST-07',
    'a settings save that brings a deleted user back',
    () => [users('local/run', 'cloud/app'), PUT_CLOUD(), users('local/run', 'local/old', 'cloud/app')],
    /local\/run as before the request .* \(PUT \/api\/v1\/system → 200\) \| local\/old, local\/run \(listed now: local\/old; gone: none\)/,
  ],
  [
    'LIST-07',
    "a cloud/ user that came or went meanwhile: the cloud's doing, not a request's",
    () => [users('local/run'), PUT_STATE(), users('local/run', 'cloud/app')],
    'held',
  ],
  ['LIST-07', 'a creation between: its own request', () => [users('local/run'), CREATED(), users('local/run', 'local/x')], 'none'],
  [
    'LIST-07',
    'every local/ user gone after a PUT of the state',
    () => [users('local/run'), PUT_STATE(), users()],
    /\| no local\/ user \(listed now: none; gone: local\/run\)/,
  ],
];

describe('a state its own requests alone change', () => {
  test.for(ROWS)('%s: %s', ([id, , exchanges, expected]) => {
    const judgments = judged(id, exchanges());
    if (expected === 'none') return expect(judgments).toEqual([]);
    expect(judgments).toHaveLength(1);
    const [j] = judgments as [ReturnType<typeof judgeOn>];
    if (expected === 'held') return expect(j).toEqual({ held: true });
    if (expected === 'not judged') return expect(j).toMatchObject({ held: true, notJudged: expect.stringMatching(/pairing mode/) });
    expect(j.held).toBe(false);
    if (!j.held) {
      expect(`${j.expected} | ${j.observed}`).toMatch(expected);
      // The read that saw the change is shown first, the read before it last.
      expect(j.evidence[0]!.method).toBe('GET');
      expect(j.evidence.at(-1)!.method).toBe('GET');
    }
  });

  test("what a walk carries: the read before and the requests since, judged by the next walk's first read", () => {
    const first = walkOwned('SOCK-18', [LOCKED(), CREATED()]);
    expect(first.reads).toEqual([]);
    expect(first.carried.between.map((e) => e.method)).toEqual(['POST']);
    const next = walkOwned('SOCK-18', [state(true, false, 77)], first.carried);
    expect(next.reads).toHaveLength(1);
    expect(next.carried).toMatchObject({ between: [] });
  });
});
