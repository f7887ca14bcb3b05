import { expect, test } from 'vitest';
import { compareDocumented, sameJson } from './documented.js';

const BOTH = ['charge_allowed', 'discharge_allowed'];
const SYSTEM = { wifi_ssid: 'home', wifi_rssi_db: -60, cloud_enabled: true, uptime_s: 10, status_led_brightness_pct: 50, api_v1_enabled: true };

test.for([
  ['objects in another key order', { a: 1, b: 2 }, { b: 2, a: 1 }, false, true],
  ['arrays in order', [1, 2], [1, 2], false, true],
  ['arrays in another order, as lists', [1, 2], [2, 1], false, false],
  ['arrays in another order, as sets', [1, 2], [2, 1], true, true],
  ['a set with a member more', ['a'], ['a', 'b'], true, false],
  ['a set with a member less', ['a', 'b'], ['a'], true, false],
  ['permissions nested in an object are a set', { permissions: BOTH }, { permissions: [...BOTH].reverse() }, false, true],
  ['a missing key', { a: 1 }, { a: 1, b: undefined }, false, false],
  ['1 and "1"', 1, '1', false, false],
  ['null and an empty object', null, {}, false, false],
] as const)('%s', ([, a, b, asSet, same]) => {
  expect(sameJson(a, b, asSet)).toBe(same);
});

test.for([
  ['the same object', SYSTEM, { ...SYSTEM }, [], [], []],
  ['live fields skipped', SYSTEM, { ...SYSTEM, uptime_s: 99, wifi_rssi_db: -70 }, ['uptime_s', 'wifi_rssi_db'], [], []],
  ['a documented field changed', SYSTEM, { ...SYSTEM, cloud_enabled: false }, [], ['cloud_enabled'], []],
  ['a documented field missing on one side', SYSTEM, { ...SYSTEM, api_v1_enabled: undefined }, [], ['api_v1_enabled'], []],
  ['an undocumented field on one side only: recorded', { ...SYSTEM, zigbee: 'on' }, SYSTEM, [], [], ['zigbee']],
  ['an undocumented field that differs: recorded', { ...SYSTEM, x: 1 }, { ...SYSTEM, x: 2 }, [], [], ['x']],
] as const)('system, %s', ([, a, b, skip, differ, undocumented]) => {
  const clean = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
  expect(compareDocumented('system', clean(a), clean(b), skip)).toEqual({ differ, undocumented });
});

test('batteries: permissions in any order are one group, one member more is not', () => {
  expect(compareDocumented('batteries', { mode: 'zero', permissions: BOTH }, { mode: 'zero', permissions: [...BOTH].reverse() }).differ).toEqual([]);
  expect(compareDocumented('batteries', { mode: 'zero', permissions: ['charge_allowed'] }, { mode: 'zero', permissions: BOTH }).differ).toEqual([
    'permissions',
  ]);
});
