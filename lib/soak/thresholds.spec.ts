// The soak's thresholds: each holds up to its bound and breaks just past it, and says where it first broke.
import { expect, test } from 'vitest';
import { noErrors, type Reboot, type SoakInterval } from '../report/soak-facts.js';
import { DEFAULT_THRESHOLDS, type Thresholds, judgeSoak } from './thresholds.js';

const E = 'GET /api/measurement (v2)';
const interval = (from: number, requests: number, p99: number | null, errors: Partial<ReturnType<typeof noErrors>> = {}): SoakInterval => ({
  from,
  to: from + 60,
  connections: 0,
  endpoints: { [E]: { requests, p50: p99, p90: p99, p99, max: p99, errors: { ...noErrors(), ...errors } } },
});
const held = (intervals: SoakInterval[], reboots: Reboot[] = [], t = DEFAULT_THRESHOLDS) =>
  Object.fromEntries(judgeSoak(intervals, reboots, t).map((o) => [o.id, o.held]));

test.for([
  ['no error', [interval(0, 1000, 20)], true],
  ['1 error in 1000 requests: 0.1%, the bound', [interval(0, 1000, 20, { timeout: 1 })], true],
  ['2 errors in 1000 requests: over it', [interval(0, 1000, 20, { timeout: 1, reset: 1 })], false],
] as const)('SOAK-01, %s', ([, intervals, want]) => {
  expect(held([...intervals])['SOAK-01']).toBe(want);
});

test('SOAK-01 names the kinds and the first interval with an error', () => {
  const [errors] = judgeSoak([interval(0, 500, 20), interval(60, 500, 20, { refused: 3, 'bad answer': 1 })], [], DEFAULT_THRESHOLDS);
  expect(errors!.seen).toBe('4 errors in 1000 requests (0.400%): 3 refused, 1 bad answer; the first in 00:01:00–00:02:00');
});

test('SOAK-02: no reboot holds at the default; one does not, and is told with how it was seen', () => {
  expect(held([interval(0, 10, 20)])['SOAK-02']).toBe(true);
  const [, reboots] = judgeSoak([interval(0, 10, 20)], [{ at: 3725, how: 'absence', awayS: 12.5 }], DEFAULT_THRESHOLDS);
  expect(reboots).toMatchObject({ held: false, seen: '1 reboot: at 01:02:05 (no answer for 12.5 s)' });
  expect(held([interval(0, 10, 20)], [{ at: 5, how: 'uptime' }], { ...DEFAULT_THRESHOLDS, maxReboots: 1 })['SOAK-02']).toBe(true);
});

test.for([
  [999, true],
  [1000, true],
  [1000.1, false],
] as const)('SOAK-03: a p99 of %s ms against the 1000 ms bound holds: %s', ([p99, want]) => {
  expect(held([interval(0, 100, 10), interval(60, 100, p99)])['SOAK-03']).toBe(want);
});

test('SOAK-03 names the endpoint and the first interval over the bound', () => {
  const [, , latency] = judgeSoak([interval(0, 100, 10), interval(60, 100, 1500), interval(120, 100, 2000)], [], DEFAULT_THRESHOLDS);
  expect(latency!.seen).toBe(`2 intervals over the bound, the first ${E} at 00:01:00–00:02:00: p99 1500 ms`);
});

const fresh = (staleS: number) => ({ signals: { [E]: 'timestamp' as const }, longest: { endpoint: E, fromS: 61, toS: 61 + staleS, staleS } });
const outcome = (id: string, seen: Parameters<typeof judgeSoak>[3], t: Thresholds = { ...DEFAULT_THRESHOLDS, maxStaleS: 30 }) =>
  judgeSoak([interval(0, 10, 20)], [], t, seen).find((o) => o.id === id)!;

test.for([
  [29.9, true],
  [30, true],
  [30.1, false],
] as const)('SOAK-04: the same reading answered for %s s against a 30 s bound holds: %s', ([staleS, want]) => {
  expect(outcome('SOAK-04', { freshness: fresh(staleS) }).held).toBe(want);
});

test('SOAK-04 says where the data stood still and what told it; it is not judged where nothing tells the age', () => {
  expect(outcome('SOAK-04', { freshness: fresh(95.5) }).seen).toBe(
    `${E} answered the same reading for 95.5 s, from 00:01:01 to 00:02:36 (judged ${E} by its timestamp)`,
  );
  expect(outcome('SOAK-04', { freshness: { signals: {}, longest: null } })).toMatchObject({
    held: null,
    seen: expect.stringMatching(/^not judged: no answered measurement/),
  });
  expect(outcome('SOAK-04', { staleWhy: 'the Watermeter: its values stand still' }, { ...DEFAULT_THRESHOLDS, maxStaleS: null })).toMatchObject({
    held: null,
    seen: 'not judged: the Watermeter: its values stand still',
  });
});

const streams = (stallS: number, ongoing = false) => ({
  clients: 1,
  opened: 1,
  messages: 40,
  longest: { client: 0, fromS: 10, toS: 10 + stallS, stallS, ongoing },
});
test.for([
  [30, true],
  [30.1, false],
] as const)('SOAK-05: a socket silent for %s s against the 30 s default holds: %s', ([stallS, want]) => {
  expect(outcome('SOAK-05', { streams: streams(stallS) }).held).toBe(want);
});

test('SOAK-05 names the integration and whether its socket is still open; with no WebSocket integration it is not judged, and says why', () => {
  expect(outcome('SOAK-05', { streams: streams(50, true) }).seen).toBe(
    'WebSocket integration 1 heard nothing for 50 s on an open socket, from 00:00:10 to the end of the soak, still open; 40 messages in all, 1 socket opened',
  );
  expect(outcome('SOAK-05', { noStreamsWhy: 'the Energy Socket serves no WebSocket' })).toMatchObject({
    held: null,
    seen: 'not judged: the Energy Socket serves no WebSocket',
  });
  expect(outcome('SOAK-05', { streams: { ...streams(1), opened: 0 } }).held).toBe(null);
});
