// The relations between a meter's readings (V-READ), each on readings written for the case: it holds, it breaks
// (and says what it read), or it is not judged for want of a field or of time. Every command calls these judges.
import { describe, expect, test } from 'vitest';
import { type ReadingClause, judgeReadings, readingsIn } from './table.js';
import type { Reading } from './readings.js';
import type { Exchange } from '../../client/exchange-log.js';
import type { KindId } from '../../spec/kinds.js';

const T0 = Date.parse('2026-11-28T10:00:00Z');
const at = (s: number, fields: Record<string, unknown>, form: Reading['form'] = 'v2'): Reading => ({ at: T0 + s * 1000, form, fields });

const P1 = {
  unique_id: '4E47475955',
  timestamp: '2026-11-28T10:00:00',
  energy_import_kwh: 13779.338,
  energy_import_t1_kwh: 10830.511,
  energy_import_t2_kwh: 2948.827,
  energy_export_kwh: 541.75,
  energy_export_t1_kwh: 412.5,
  energy_export_t2_kwh: 129.25,
  power_w: 2410,
  power_l1_w: 1210,
  power_l2_w: 700,
  power_l3_w: 500,
  voltage_l1_v: 231,
  voltage_l2_v: 230.2,
  voltage_l3_v: 229.8,
  current_a: 11,
  current_l1_a: 5,
  current_l2_a: 3,
  current_l3_a: 3,
  frequency_hz: 50.01,
};
const SOCKET_V1 = {
  active_power_w: 1150.2,
  active_power_l1_w: 1150.2,
  active_voltage_v: 230.1,
  active_current_a: 5.555,
  active_apparent_power_va: 1278,
  total_power_import_kwh: 12.5,
  total_power_import_t1_kwh: 12.5,
  active_power_factor: 0.9,
  active_frequency_hz: 50,
};
const v1Socket = (o: Record<string, unknown> = {}): Reading => ({
  at: T0,
  form: 'v1',
  fields: Object.fromEntries(Object.entries({ ...SOCKET_V1, ...o }).map(([k, v]) => [k.replace(/^total_power_/, 'energy_').replace(/^active_/, ''), v])),
});
const one = (o: Record<string, unknown>) => [at(0, { ...P1, ...o })];

/** A P1 meter over `seconds`, one v2 read a second at `w` watts (import when positive), its registers integrating it. */
function series(seconds: number, w: number, o: { swap?: boolean; form?: Reading['form']; every?: number } = {}): Reading[] {
  return Array.from({ length: Math.floor(seconds / (o.every ?? 1)) + 1 }, (_, i) => {
    const s = i * (o.every ?? 1);
    const flowed = (Math.abs(w) * s) / 3_600_000;
    const [imp, exp] = [Number((100 + (w > 0 ? flowed : 0)).toFixed(3)), Number((50 + (w < 0 ? flowed : 0)).toFixed(3))];
    const [i2, e2] = o.swap ? [exp, imp] : [imp, exp];
    return at(s, { power_w: w, energy_import_kwh: i2, energy_export_kwh: e2 }, o.form);
  });
}

type Row = [ReadingClause, string, Reading[], true | RegExp | 'not judged', KindId?];
const ROWS: Row[] = [
  ['V-READ-01', 'a three-phase total and its phases', one({}), true],
  ['V-READ-01', 'a single-phase socket (v1 names)', [v1Socket()], true],
  ['V-READ-01', 'a total that forgets a phase', one({ power_w: 1910 }), /power_w 1910 where its 3 phases 1210, 700, 500 sum to 2410/],
  ['V-READ-01', 'current_a not the sum of the magnitudes', one({ current_l2_a: -3, current_a: 5 }), /current_a 5 where its 3 phases 5, -3, 3 sum to 11/],
  ['V-READ-01', 'exporting phases: signed powers, magnitudes of currents', one({ power_l2_w: -700, power_w: 1010, current_l2_a: -3 }), true],
  [
    'V-READ-01',
    'no phases',
    one({ power_l1_w: undefined, power_l2_w: undefined, power_l3_w: undefined, current_l1_a: undefined, current_l2_a: undefined, current_l3_a: undefined }),
    'not judged',
  ],
  ['V-READ-02', 'two tariffs', one({}), true],
  [
    'V-READ-02',
    'one tariff (a total equal to t1)',
    one({ energy_import_t2_kwh: undefined, energy_import_kwh: 10830.511, energy_export_t2_kwh: undefined, energy_export_kwh: 412.5 }),
    true,
  ],
  [
    'V-READ-02',
    'a total of t1 alone beside t2',
    one({ energy_import_kwh: 10830.511 }),
    /energy_import_kwh 10830.511 where its 2 tariffs 10830.511 \+ 2948.827 = 13779.338/,
  ],
  ['V-READ-02', 'no tariffs', [v1Socket({ total_power_import_t1_kwh: undefined })], 'not judged'],
  ['V-READ-03', 'within V × I at whole amperes', one({}), true, 'p1dongle'],
  ['V-READ-03', 'a low load reading 0 A on the P1 meter', one({ power_l3_w: 120, current_l3_a: 0, power_w: 2030 }), true, 'p1dongle'],
  [
    'V-READ-03',
    'ten times too high (the Domoticz report)',
    one({ power_l1_w: 12100 }),
    /power_l1_w 12100 W at 231 V and 5 A: at most 1415 W \(×10.476 of V × I\)/,
    'p1dongle',
  ],
  ['V-READ-03', 'a socket within V × I and its apparent power', [v1Socket()], true, 'energysocket'],
  [
    'V-READ-03',
    "a socket's power over its apparent power",
    [v1Socket({ active_apparent_power_va: 900, active_current_a: 5.555 })],
    /power_w 1150.2 W beside apparent_power_va 900 VA/,
    'energysocket',
  ],
  ['V-READ-03', 'no voltage or current', [at(0, { power_w: 5 })], 'not judged'],
  ['V-READ-04', 'in range', one({}), true],
  ['V-READ-04', 'a voltage in millivolts', one({ voltage_l1_v: 231000 }), /voltage_l1_v 231000/],
  ['V-READ-04', 'a phase without voltage', one({ voltage_l3_v: 0, power_l3_w: 0, current_l3_a: 0 }), true],
  ['V-READ-04', 'a negative register', one({ energy_export_kwh: -1 }), /energy_export_kwh -1/],
  ['V-READ-04', 'a power factor in percent', [v1Socket({ active_power_factor: 90 })], /power_factor 90/],
  ['V-READ-04', 'no quantity with a range', [at(0, { power_w: 5 })], 'not judged'],
  ['V-READ-05', 'registers that grow', series(10, 2000), true],
  ['V-READ-05', 'a register that steps back', [at(0, P1), at(1, { ...P1, energy_import_t1_kwh: 10830.501 })], /10830.511, then 10830.501 1.0 s later/],
  ['V-READ-05', 'a new meter starts its own registers', [at(0, P1), at(1, { ...P1, unique_id: 'OTHER', energy_import_kwh: 3 })], 'not judged'],
  ['V-READ-05', "the meter's timestamp going back", [at(0, P1), at(1, { ...P1, timestamp: '2026-11-28T09:59:50' })], /timestamp never to go back/],
  ['V-READ-05', 'one form read once', [at(0, P1), at(1, P1, 'v1')], 'not judged'],
  ['V-READ-06', 'import growing with the power drawn', series(12, 2000), true],
  ['V-READ-06', 'export growing with the power fed in', series(12, -2000), true],
  ['V-READ-06', 'a meter of DSMR 4, read every 10 s', series(60, 1500, { every: 10 }), true],
  [
    'V-READ-06',
    'import and export swapped',
    series(12, 2000, { swap: true }),
    /energy_import_kwh to grow .* it grew by 0 where the power_w read says 0.0067 flowed/,
  ],
  [
    'V-READ-06',
    'power ten times too high',
    series(12, 2000).map((r) => ({ ...r, fields: { ...r.fields, power_w: 20000 } })),
    /it grew by 0.007 where the power_w read says 0.0667 flowed/,
  ],
  // A soak's integrations: two answers handled in one turn of a busy event loop carry one moment (a CI run once left V-READ-06 unjudged so).
  [
    'V-READ-06',
    'import and export swapped, each reading twice at its moment',
    series(12, 2000, { swap: true }).flatMap((r) => [r, r]),
    /energy_import_kwh to grow .* it grew by 0 where the power_w read says 0.0067 flowed/,
  ],
  ['V-READ-06', 'a meter at no load', series(20, 0), 'not judged'],
  ['V-READ-06', 'too little energy in the time', series(5, 500), 'not judged'],
  ['V-READ-07', 'v1 between two v2 readings', [at(0, P1), at(0.2, P1, 'v1'), at(0.4, P1)], true],
  [
    'V-READ-07',
    'v1 power ten times the v2 power',
    [at(0, P1), at(0.2, { ...P1, power_w: 24100 }, 'v1'), at(0.4, P1)],
    /power_w as the v2 readings around it .* 24100 W \(×10\)/,
  ],
  [
    'V-READ-07',
    'a v1 register in Wh',
    [at(0, P1), at(0.2, { ...P1, energy_export_kwh: 541750 }, 'v1'), at(0.4, P1)],
    /energy_export_kwh as the v2 readings around it .* read it, within its resolution 1: 541.75; observed 541750/,
  ],
  [
    'V-READ-07',
    'a WebSocket measurement heard late: held to the v2 reading of its timestamp, not to those around its arrival',
    [
      at(0, P1),
      at(1, { ...P1, timestamp: '2026-11-28T10:00:01', power_w: 3000, power_l1_w: 1800 }),
      at(1.5, P1, 'ws'),
      at(2, { ...P1, timestamp: '2026-11-28T10:00:01', power_w: 3000, power_l1_w: 1800 }),
    ],
    true,
  ],
  [
    'V-READ-07',
    'a WebSocket measurement ten times its v2 reading of the same timestamp',
    [at(0, P1), at(0.5, { ...P1, power_l2_w: 7000 }, 'ws')],
    /power_l2_w as the v2 reading of the same timestamp \(2026-11-28T10:00:00\) read it: 700 W, within 5 % and 5 W; observed 7000 W \(×10\)/,
  ],
  [
    'V-READ-07',
    'a WebSocket measurement without a timestamp (the kWh meter): not judged',
    [at(0, { power_w: 5 }), at(0.5, { power_w: 50 }, 'ws')],
    'not judged',
  ],
  [
    'V-READ-07',
    "a v1 register that shows two decimals (a zero JSON dropped) beside v2's three",
    [at(0, P1), at(0.2, { ...P1, energy_import_kwh: 13779.34 }, 'v1'), at(0.4, P1)],
    true,
  ],
  ['V-READ-07', 'the load changing between the two v2 readings', [at(0, P1), at(0.2, { ...P1, power_w: 4000 }, 'v1'), at(0.4, { ...P1, power_w: 4100 })], true],
  ['V-READ-07', 'only one form', [at(0, P1), at(1, P1)], 'not judged'],
];

describe("the relations between a meter's readings", () => {
  test.for(ROWS)('%s: %s', ([id, , readings, outcome, kind]) => {
    const j = judgeReadings(id, readings, { kind: kind ?? 'p1dongle' });
    if (outcome === true) expect(j).toEqual({ held: true });
    else if (outcome === 'not judged') expect(j).toEqual({ held: true, notJudged: expect.any(String) });
    else expect(j.held ? 'held' : `expected ${j.expected}; observed ${j.observed}`).toMatch(outcome);
  });

  test('a failure shows the answers it read', () => {
    const ex = (s: number, body: object, side: 'v1' | 'v2', path: string): Exchange => ({
      side,
      method: 'GET',
      url: `https://127.0.0.1${path}`,
      requestHeaders: {},
      status: 200,
      responseHeaders: { 'content-type': 'application/json' },
      responseBody: JSON.stringify(body),
      startedAt: new Date(T0 + s * 1000).toISOString(),
      durationMs: 10,
    });
    const exchanges = [
      ex(0, P1, 'v2', '/api/measurement'),
      ex(0.2, { total_power_export_kwh: 541750, active_power_w: 2410 }, 'v1', '/api/v1/data'),
      ex(0.4, P1, 'v2', '/api/measurement'),
      ex(0.5, { error: 'x' }, 'v2', '/api/system'),
    ];
    const readings = readingsIn(exchanges);
    expect(readings.map((r) => [r.form, r.at - T0])).toEqual([
      ['v2', 5],
      ['v1', 205],
      ['v2', 405],
    ]);
    expect(readings[1]!.fields).toEqual({ energy_export_kwh: 541750, power_w: 2410 });
    const j = judgeReadings('V-READ-07', readings, { kind: 'p1dongle' });
    expect(j.held ? [] : j.evidence).toEqual(exchanges.slice(0, 3));
  });
});
