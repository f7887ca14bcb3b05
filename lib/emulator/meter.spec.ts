// Live readings: counters only grow, quantities stay within realistic bounds, timestamps advance,
// and the same seed gives the same values second by second.
import { describe, expect, test } from 'vitest';
import { KIND_IDS, type KindId } from '../spec/kinds.js';
import { measurementOf } from './measurements.js';
import { Meter } from './meter.js';
import { v1DataOf } from './v1-data.js';

const START = Date.UTC(2026, 10, 21, 6, 30, 0);

/** An hour and a half of readings, one a minute, across the 07:00 tariff change. */
function readings(kind: KindId, seed: number, loadOn = () => true) {
  let clock = START;
  const meter = new Meter(kind, seed, START, () => clock, loadOn);
  return Array.from({ length: 90 }, () => {
    clock += 60_000;
    const r = meter.read();
    return { r, v2: measurementOf(kind, r), v1: v1DataOf(kind, r) };
  });
}

const COUNTERS = [
  'energy_import_kwh',
  'energy_export_kwh',
  'energy_import_t1_kwh',
  'energy_import_t2_kwh',
  'total_power_import_kwh',
  'total_power_export_kwh',
  'total_gas_m3',
  'total_liter_m3',
  'cycles',
];

describe.for(KIND_IDS.filter((k) => k !== 'display'))('the %s meter', (kind) => {
  const seen = readings(kind, 42);

  test('energy, gas and water counters never go down, and some move', () => {
    let moved = false;
    for (const body of ['v1', 'v2'] as const) {
      for (let i = 1; i < seen.length; i += 1) {
        for (const key of COUNTERS) {
          const [a, b] = [seen[i - 1]![body]?.[key], seen[i]![body]?.[key]];
          if (typeof a !== 'number') continue;
          expect(b as number, `${body} ${key} at minute ${i}`).toBeGreaterThanOrEqual(a);
          moved ||= (b as number) > a;
        }
      }
    }
    expect(moved).toBe(true);
  });

  test('power, voltage and frequency stay within realistic bounds, and power moves', () => {
    const powers = new Set(seen.map(({ r }) => r.phaseW.join()));
    if (kind !== 'watermeter') expect(powers.size).toBeGreaterThan(10);
    for (const { r } of seen) {
      for (const v of r.voltageV) expect(v).toSatisfy((x: number) => x >= 226 && x <= 238);
      expect(r.frequencyHz).toSatisfy((x: number) => x >= 49.95 && x <= 50.05);
      expect(r.phaseW.every((w) => w >= -2500 && w <= 4000)).toBe(true);
      expect(r.socPct).toSatisfy((x: number) => x >= 0 && x <= 100);
    }
  });

  test('the same seed gives the same readings; another seed other readings', () => {
    expect(readings(kind, 42)).toEqual(seen);
    if (kind !== 'watermeter') expect(readings(kind, 43).map((x) => x.v2)).not.toEqual(seen.map((x) => x.v2));
  });
});

test('the P1 meter: timestamps advance, totals are the sum of tariffs, power the sum of phases, tariff 2 from 07:00', () => {
  const seen = readings('p1dongle', 1);
  const stamps = seen.map(({ v2 }) => v2.timestamp as string);
  expect([...stamps].sort()).toEqual(stamps);
  expect(new Set(stamps).size).toBe(stamps.length);
  for (const { v2 } of seen) {
    const m = v2 as Record<string, number>;
    expect(m.energy_import_kwh).toBeCloseTo(m.energy_import_t1_kwh! + m.energy_import_t2_kwh!, 2);
    expect(m.power_w).toBe(m.power_l1_w! + m.power_l2_w! + m.power_l3_w!);
    expect(v2).not.toHaveProperty('wifi_ssid');
  }
  expect([seen[0]!.v2.tariff, seen.at(-1)!.v2.tariff]).toEqual([1, 2]);
});

test('the energy socket draws nothing while its relay is off', () => {
  const seen = readings('energysocket', 5, () => false);
  expect(seen.every(({ v2 }) => v2.power_w === 0)).toBe(true);
});
