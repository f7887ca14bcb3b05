// SOAK-04's evidence: what tells a reading's age, and how long one stood still while answered.
import { expect, test } from 'vitest';
import { FreshnessTracker, freshnessKey } from './freshness.js';

test.for([
  ["the v2 measurement's timestamp", { timestamp: '2026-11-27T10:00:01', power_w: 5 }, { signal: 'timestamp', key: '2026-11-27T10:00:01' }],
  ['a numeric timestamp', { timestamp: 261127100001 }, { signal: 'timestamp', key: '261127100001' }],
  [
    "a P1 meter's v1 voltages and frequency",
    { active_voltage_l2_v: 230.1, active_voltage_l1_v: 229.9, active_frequency_hz: 50, active_power_w: 400 },
    { signal: 'values', key: 'active_frequency_hz=50,active_voltage_l1_v=229.9,active_voltage_l2_v=230.1' },
  ],
  ["a socket's v2 voltage", { voltage_v: 231.2, power_w: 0 }, { signal: 'values', key: 'voltage_v=231.2' }],
  ['a watermeter: nothing moves by itself', { total_liter_m3: 8129.1, active_liter_lpm: 0 }, null],
  ['a voltage written as text is no signal', { voltage_v: '231.2' }, null],
  ["gas_timestamp is the gas meter's, not the reading's", { gas_timestamp: 261127100001 }, null],
  ['an array', [{ timestamp: 'x' }], null],
] as const)('%s', ([, body, want]) => {
  expect(freshnessKey(body)).toEqual(want);
});

test('a standstill counts from the answer that first carried the reading to the last that still did; a change ends it', () => {
  const f = new FreshnessTracker();
  f.add('m', 0, { timestamp: 'a' });
  f.add('m', 900, { timestamp: 'a' });
  f.add('m', 1000, { timestamp: 'b' });
  expect(f.closeInterval()).toBe(0.9);
  f.add('m', 5000, { timestamp: 'b' });
  f.add('m', 9500, { timestamp: 'b' });
  f.add('m', 9600, { timestamp: 'c' });
  expect(f.closeInterval()).toBe(8.5);
  expect(f.longest).toEqual({ endpoint: 'm', fromS: 1, toS: 9.5, staleS: 8.5 });
  expect(f.signals).toEqual({ m: 'timestamp' });
  expect(f.closeInterval()).toBe(null);
});

test('endpoints are tracked apart, and one without a signal is not tracked', () => {
  const f = new FreshnessTracker();
  f.add('v1', 0, { total_liter_m3: 1 });
  f.add('v2', 0, { timestamp: 'a' });
  f.add('v1', 60_000, { total_liter_m3: 1 });
  f.add('v2', 2000, { timestamp: 'b' });
  expect(f.longest).toBe(null);
  expect(f.signals).toEqual({ v2: 'timestamp' });
});
