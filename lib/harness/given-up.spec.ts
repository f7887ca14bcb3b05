import { describe, expect, test } from 'vitest';
import { TransportError } from '../client/errors.js';
import type { RequestTo } from '../client/device-client.js';
import { EndpointGivenUp, TIMEOUTS_TO_GIVE_UP, newGuard, noAnswerIfGivenUp } from './given-up.js';

const STATE: RequestTo = { side: 'v1', method: 'GET', path: '/api/v1/state' };
const PUT_STATE: RequestTo = { ...STATE, method: 'PUT' };
const timeout = new TransportError('EC_TRANSPORT_TIMEOUT', 'PUT http://x/api/v1/state: no complete answer within 10000 ms');
const reset = new TransportError('EC_TRANSPORT_RESET', 'the connection was reset');

/** What `before` does to each request after a history of requests and how they ended. */
function askedAfter(history: [RequestTo, TransportError | null][], seeded: RequestTo[] = []) {
  const guard = newGuard(seeded.map((s) => ({ ...s, reason: 'the run could not read the socket state before the suites (see SOCK-01)' })));
  for (const [to, err] of history) guard.after(to, err);
  return (to: RequestTo) => {
    try {
      guard.before(to);
      return 'asked';
    } catch (err) {
      return err instanceof EndpointGivenUp ? err.message : `threw ${String(err)}`;
    }
  };
}

describe('which requests a worker still sends', () => {
  test.for([
    { what: 'nothing happened yet', history: [], seeded: [], to: PUT_STATE, expected: 'asked' },
    { what: 'one timeout: that request may have been its own', history: [[PUT_STATE, timeout]], seeded: [], to: PUT_STATE, expected: 'asked' },
    {
      what: 'two timeouts running',
      history: [
        [PUT_STATE, timeout],
        [PUT_STATE, timeout],
      ],
      seeded: [],
      to: PUT_STATE,
      expected: `PUT /api/v1/state is not asked again: it gave no answer ${TIMEOUTS_TO_GIVE_UP} times running (${timeout.message})`,
    },
    {
      what: 'an answer between two timeouts',
      history: [
        [PUT_STATE, timeout],
        [PUT_STATE, null],
        [PUT_STATE, timeout],
      ],
      seeded: [],
      to: PUT_STATE,
      expected: 'asked',
    },
    {
      what: 'resets are not hangs: they cost nothing to meet again',
      history: [
        [PUT_STATE, reset],
        [PUT_STATE, reset],
        [PUT_STATE, reset],
      ],
      seeded: [],
      to: PUT_STATE,
      expected: 'asked',
    },
    {
      what: 'another method of the same path',
      history: [
        [PUT_STATE, timeout],
        [PUT_STATE, timeout],
      ],
      seeded: [],
      to: STATE,
      expected: 'asked',
    },
    { what: 'the same path on the other side', history: [], seeded: [STATE], to: { ...STATE, side: 'v2' }, expected: 'asked' },
    {
      what: 'an endpoint the run could not read before the suites',
      history: [],
      seeded: [STATE],
      to: STATE,
      expected: 'GET /api/v1/state is not asked again: the run could not read the socket state before the suites (see SOCK-01)',
    },
    {
      what: 'a seeded endpoint stays given up after an answer elsewhere',
      history: [[PUT_STATE, null]],
      seeded: [STATE],
      to: STATE,
      expected: 'GET /api/v1/state is not asked again: the run could not read the socket state before the suites (see SOCK-01)',
    },
  ] as { what: string; history: [RequestTo, TransportError | null][]; seeded: RequestTo[]; to: RequestTo; expected: string }[])(
    '$what',
    ({ history, seeded, to, expected }) => {
      expect(askedAfter(history, seeded)(to)).toBe(expected);
    },
  );
});

test('a check that can go on without the answer reads a request given up as none; any other error stays an error', () => {
  expect(noAnswerIfGivenUp(new EndpointGivenUp('GET /api/user is not asked again: …'))).toBeNull();
  expect(() => noAnswerIfGivenUp(timeout)).toThrow(timeout);
});
