import { expect, test } from 'vitest';
import type { Exchange } from '../client/exchange-log.js';
import { socketCounters } from './socket-counters.js';

const ex = (method: string, path: string, body?: unknown): Exchange => ({
  side: 'v1',
  method,
  url: `http://127.0.0.1:80${path}`,
  requestHeaders: {},
  status: 200,
  responseBody: body === undefined ? '{}' : JSON.stringify(body),
  startedAt: '',
  durationMs: 0,
});
const state = (power_on: boolean) => ex('GET', '/api/v1/state', { power_on, switch_lock: false, brightness: 9 });

test('counts state requests, and a relay switch for each change of power_on between reads', () => {
  expect(
    socketCounters([state(true), ex('PUT', '/api/v1/state'), state(false), ex('GET', '/api/v1/system'), state(false), ex('PUT', '/api/v1/state'), state(true)]),
  ).toEqual({ stateRequests: 6, relaySwitches: 2 });
});

test('is null where the run made no state request', () => {
  expect(socketCounters([ex('GET', '/api')])).toBeNull();
});

test('a state request is its path, whatever query follows it; a path that only begins or ends alike is none', () => {
  expect(
    socketCounters([
      ex('GET', '/api/v1/state?probe=1'),
      ex('GET', '/api/v1/state/'),
      ex('GET', '/api/v1/states'),
      ex('GET', '/x/api/v1/state#top'),
      ex('PUT', '/api/v1/state'),
    ]),
  ).toEqual({ stateRequests: 3, relaySwitches: 0 });
});
