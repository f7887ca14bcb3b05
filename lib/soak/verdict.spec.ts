// The soak's thresholds: each holds up to its bound and breaks just past it, and says where it first broke.
import { expect, test } from 'vitest';
import { noErrors, type Reboot, type SoakInterval } from '../report/soak-facts.js';
import { DEFAULT_THRESHOLDS, judgeSoak } from './verdict.js';

const E = 'GET /api/measurement (v2)';
const interval = (from: number, requests: number, p99: number | null, errors: Partial<ReturnType<typeof noErrors>> = {}): SoakInterval =>
  ({ from, to: from + 60, connections: 0, endpoints: { [E]: { requests, p50: p99, p90: p99, p99, max: p99, errors: { ...noErrors(), ...errors } } } });
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
  [999, true], [1000, true], [1000.1, false],
] as const)('SOAK-03: a p99 of %s ms against the 1000 ms bound holds: %s', ([p99, want]) => {
  expect(held([interval(0, 100, 10), interval(60, 100, p99)])['SOAK-03']).toBe(want);
});

test('SOAK-03 names the endpoint and the first interval over the bound', () => {
  const [, , latency] = judgeSoak([interval(0, 100, 10), interval(60, 100, 1500), interval(120, 100, 2000)], [], DEFAULT_THRESHOLDS);
  expect(latency!.seen).toBe(`2 intervals over the bound, the first ${E} at 00:01:00–00:02:00: p99 1500 ms`);
});
