// Field faults: their flags read as the emulator takes them, and each does what it says to the transport.
import { Socket } from 'node:net';
import { expect, test } from 'vitest';
import { LEAK_FROM_SLOTS, ROAM_AWAY_S, creepMs, leakSlots, parseFieldFault, roamAwayS } from './field.js';
import { Slots } from './link.js';

test.for([
  ['slot-leak=20', { name: 'slot-leak', value: 20 }],
  ['slot-leak', { name: 'slot-leak', value: 50 }],
  ['reboot-every=600', { name: 'reboot-every', value: 600 }],
  ['latency-creep=2.5', { name: 'latency-creep', value: 2.5 }],
  ['slot-leak=0', 'slot-leak needs a number above 0 (connections), got "0"'],
  ['latency-creep=fast', 'latency-creep needs a number above 0 (ms a minute), got "fast"'],
  ['frozen-data=90', { name: 'frozen-data', value: 90 }],
  ['ws-stall', { name: 'ws-stall', value: 60 }],
  ['roam-blip=300', { name: 'roam-blip', value: 300 }],
  ['stuck-after=0.5', { name: 'stuck-after', value: 0.5 }],
  ['leak=3', 'unknown field fault "leak": slot-leak, reboot-every, latency-creep, frozen-data, ws-stall, roam-blip, stuck-after'],
] as const)('--field %s', ([text, want]) => {
  expect(parseFieldFault(text)).toEqual(want);
});

test('slot-leak: every N-th connection takes a slot for good; with none left a new connection is cut at once', () => {
  const slots = new Slots(null);
  leakSlots(slots, 3, null);
  expect(slots.capacity).toBe(LEAK_FROM_SLOTS);
  const sockets = Array.from({ length: 3 * LEAK_FROM_SLOTS }, () => new Socket());
  for (const s of sockets) slots.add(s);
  expect(slots.capacity).toBe(0);
  const late = new Socket();
  slots.add(late);
  expect(late.destroyed).toBe(true);
  expect(slots.capacity).toBe(0);
});

test('latency-creep: N ms more for each minute since the start', () => {
  expect(creepMs({ 'latency-creep': 20 }, 0)).toBe(0);
  expect(creepMs({ 'latency-creep': 20 }, 90)).toBe(1800);
  expect(creepMs({}, 90)).toBe(0);
});

test('roam-blip: each absence lasts from 2 to 5 s, in tenths', () => {
  expect([0, 0.5, 0.999999].map(roamAwayS)).toEqual([ROAM_AWAY_S[0], 3.5, ROAM_AWAY_S[1]]);
});
