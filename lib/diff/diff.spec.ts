// diff on before/after pairs of one answer: each change a firmware ships is found and classed, breaking ones
// first; what merely changes (a reading, a serial, the order of fields) is never reported.
import { describe, expect, test } from 'vitest';
import { type Answer, type ChangeClass, diffAnswers } from './diff.js';
import { sideOf } from './sides.js';

const KEY = 'GET /api/measurement (v2, with the token)';
const JSON_HEADERS = { 'content-type': 'application/json', date: 'Thu, 26 Nov 2026 17:00:00 GMT', 'content-length': '40' };
const answer = (samples: unknown[], o: Partial<Answer> = {}): Answer => ({ key: KEY, status: 200, headers: JSON_HEADERS, samples, ...o });
const power = (...ws: number[]) => ws.map((w) => ({ power_w: w, energy_import_kwh: 12345.678, unique_id: '4E47475955', meter_model: 'ISKRA 2M550T-101' }));

const registers = (...kwh: number[]) => kwh.map((k) => ({ energy_import_kwh: k }));

type Row = [string, Answer, Answer, [ChangeClass, string][]];

const FOUND: Row[] = [
  ['a dropped field', answer([{ power_w: 543, voltage_v: 230.1 }]), answer([{ power_w: 543 }]), [['removed', 'voltage_v']]],
  ['a number turned string', answer([{ wifi_rssi_db: -77 }]), answer([{ wifi_rssi_db: '-77' }]), [['retyped', 'wifi_rssi_db']]],
  ['"2.0.0" → "v2"', answer([{ api_version: '2.0.0' }]), answer([{ api_version: 'v2' }]), [['reformatted', 'api_version']]],
  ['"2.2.0" → "2.0"', answer([{ api_version: '2.2.0' }]), answer([{ api_version: '2.0' }]), [['reformatted', 'api_version']]],
  ['whole numbers → decimals', answer([{ power_w: 543 }, { power_w: 560 }]), answer([{ power_w: 543.5 }]), [['reformatted', 'power_w']]],
  [
    'a voltage ×10',
    answer([{ voltage_l1_v: 230.1 }, { voltage_l1_v: 229.8 }]),
    answer([{ voltage_l1_v: 2301.2 }, { voltage_l1_v: 2298.4 }]),
    [['rescaled', 'voltage_l1_v']],
  ],
  ['kWh → Wh (×1000)', answer([{ energy_import_kwh: 12345.678 }]), answer([{ energy_import_kwh: 12345678 }]), [['rescaled', 'energy_import_kwh']]],
  ['decimals → whole numbers, in samples that differ', answer([{ v: 230.1 }]), answer([{ v: 230 }, { v: 231 }]), [['reformatted', 'v']]],
  [
    'a permission dropped, another added',
    answer([{ permissions: ['charge_allowed', 'discharge_allowed'] }]),
    answer([{ permissions: ['charge_allowed', 'standby_allowed'] }]),
    [
      ['member dropped', 'permissions'],
      ['member added', 'permissions'],
    ],
  ],
  [
    'a header gone',
    answer([{ power_w: 1 }], { headers: { ...JSON_HEADERS, 'x-api-version': '2.2.0' } }),
    answer([{ power_w: 1 }]),
    [['header', 'x-api-version']],
  ],
  ['the content type changed', answer([{ power_w: 1 }]), answer([{ power_w: 1 }], { headers: { 'content-type': 'text/plain' } }), [['header', 'content-type']]],
  ['a status changed', answer([{ power_w: 1 }]), answer([{ error: 'not-found' }], { status: 404 }), [['status', '(the body)']]],
  [
    'an error code changed',
    answer([{ error: 'user:unauthorized' }], { status: 401 }),
    answer([{ error: 'unauthorized' }], { status: 401 }),
    [['error code', 'error']],
  ],
  [
    'an error body in another shape',
    answer([{ error: 'user:unauthorized' }], { status: 401 }),
    answer([{ error: { id: 201, description: 'no' } }], { status: 401 }),
    [['error code', 'error']],
  ],
  ['can be null now', answer([{ gas_m3: 1.5 }]), answer([{ gas_m3: 1.5 }, { gas_m3: null }]), [['retyped', 'gas_m3']]],
  ['a new field', answer([{ power_w: 1 }]), answer([{ power_w: 1, power_l1_w: 1 }]), [['added', 'power_l1_w']]],
  [
    "a documented value renamed (the gas meter's external type)",
    answer([{ external: [{ unique_id: 'G1', type: 'gas_meter', value: 1.5, unit: 'm3' }] }]),
    answer([{ external: [{ unique_id: 'G1', type: 'gasmeter', value: 1.5, unit: 'm3' }] }]),
    [['value renamed', 'external[].type']],
  ],
  [
    'a total register written with one decimal instead of three',
    answer(registers(13779.338, 13779.341, 13779.345)),
    answer(registers(13779.3, 13779.4, 13779.5)),
    [['precision lost', 'energy_import_kwh']],
  ],
  [
    'an undocumented value beside the documented ones',
    answer([{ external: [{ unique_id: 'G1', type: 'gas_meter', value: 1.5, unit: 'm3' }] }]),
    answer([
      {
        external: [
          { unique_id: 'G1', type: 'gas_meter', value: 1.5, unit: 'm3' },
          { unique_id: 'E1', type: 'electricity_meter', value: 2, unit: 'kWh' },
        ],
      },
    ]),
    [['value added', 'external[].type']],
  ],
  [
    'kWh written as Wh: whole numbers, rescaled, and no precision lost',
    answer(registers(13779.338, 13779.341, 13779.345)),
    answer(registers(13779338, 13779341, 13779345)),
    [
      ['reformatted', 'energy_import_kwh'],
      ['rescaled', 'energy_import_kwh'],
    ],
  ],
];

const NOISE: [string, Answer, Answer][] = [
  ['readings that move', answer(power(543, 602)), answer(power(128, 3120))],
  ['a reading that moves by a factor that is no power of ten', answer(power(50)), answer(power(2000))],
  ['a power that moved a decade with the load (-323 W, then -31 W)', answer(power(-323, -322)), answer(power(-31, -30))],
  ['another serial and id', answer([{ serial: '5c2fafaa0000', unique_id: '4E47' }]), answer([{ serial: '5c2fafbb1111', unique_id: '4530303' }])],
  [
    'the order of fields and of a set',
    answer([{ a: 1, b: 'x', permissions: ['charge_allowed', 'discharge_allowed'] }]),
    answer([{ permissions: ['discharge_allowed', 'charge_allowed'], b: 'y', a: 2 }]),
  ],
  ['a mode that changed (a value, not its writing)', answer([{ mode: 'zero' }]), answer([{ mode: 'to_full' }])],
  ['an array empty on one side', answer([{ external: [{ unique_id: 'A1', value: 1.5, unit: 'm3' }] }]), answer([{ external: [] }])],
  [
    'another date and length',
    answer([{ a: 1 }]),
    answer([{ a: 1 }], { headers: { ...JSON_HEADERS, date: 'Fri, 27 Nov 2026 09:00:00 GMT', 'content-length': '9' } }),
  ],
  ['decimals that happened to be whole in one sample', answer([{ v: 230.1 }, { v: 229.8 }]), answer([{ v: 230 }])],
  [
    'a documented value for another (a water meter where a gas meter was)',
    answer([{ external: [{ unique_id: 'G1', type: 'gas_meter', value: 1, unit: 'm3' }] }]),
    answer([{ external: [{ unique_id: 'W1', type: 'water_meter', value: 1, unit: 'm3' }] }]),
  ],
  ['a register that ended in a zero in its one sample', answer(registers(13779.338)), answer(registers(13779.34))],
  [
    'a register that stood still on a value ending in a zero (the night tariff by day)',
    answer(registers(10830.511, 10830.512)),
    answer(registers(10830.51, 10830.51, 10830.51, 10830.51)),
  ],
  [
    'a frequency that stood at 50.000 Hz while it was read, then moved',
    answer([{ frequency_hz: 50 }, { frequency_hz: 50 }, { frequency_hz: 50 }]),
    answer([{ frequency_hz: 49.991 }]),
  ],
];

describe('found and classed', () => {
  test.for(FOUND)('%s', ([, a, b, want]) => {
    const changes = diffAnswers([a], [b]);
    expect(changes.map((c) => [c.class, c.path])).toEqual(want);
    // Breaking first, additions after.
    expect(changes.map((c) => c.breaking)).toEqual([...changes.map((c) => c.breaking)].sort((x, y) => Number(y) - Number(x)));
  });
});

describe('noise: never reported', () => {
  test.for(NOISE)('%s', ([, a, b]) => {
    expect(diffAnswers([a], [b])).toEqual([]);
  });
});

test("an answer unavailable on one side (503: a P1 meter's telegram before the first) is not compared, and says so", () => {
  const telegram = (status: number) => ({ ...answer([], { status }), key: 'GET /api/telegram (v2, with the token)' });
  expect(diffAnswers([telegram(200)], [telegram(503)]).map((c) => [c.class, c.breaking])).toEqual([['unavailable', false]]);
});

test('an answer asked on one side only is not compared, and says so', () => {
  const other = { ...answer([{ a: 1 }]), key: 'GET /api/system (v2, with the token)' };
  expect(diffAnswers([answer([{ a: 1 }]), other], [answer([{ a: 1 }])]).map((c) => [c.answer, c.class, c.breaking])).toEqual([
    ['GET /api/system (v2, with the token)', 'not asked', false],
  ]);
});

test("a capture found over mDNS: each service's TXT is an answer too, and a TXT key gone or written otherwise breaks", () => {
  const capture = (txt: Record<string, string>) =>
    sideOf({
      format: 'energy-conform capture 1',
      answers: [],
      websocket: null,
      certificate: null,
      device: { serial: '5c2fafaabbcc' },
      mdns: { homewizard: { name: 'p1dongle-aabbcc', port: 443, txt } },
    });
  const [was, now] = [
    capture({ api_version: '2.2.0', serial: '5c2fafaabbcc', id: 'appliance/p1dongle/5c2fafaabbcc' }),
    capture({ api_version: 'v2', serial: '5c2fafaa0001' }),
  ];
  if (typeof was === 'string' || typeof now === 'string') throw new Error('not a side');
  expect(diffAnswers(was.answers, now.answers).map((c) => [c.answer, c.class, c.path])).toEqual([
    ['mDNS _homewizard._tcp TXT', 'reformatted', 'api_version'],
    ['mDNS _homewizard._tcp TXT', 'removed', 'id'],
  ]);
});

describe("a meter's readings: a relation that held on one side and fails on the other is breaking, saying why", () => {
  const P1 = { power_w: 241, power_l1_w: 241, voltage_l1_v: 231, current_l1_a: 1, energy_import_kwh: 13779.338, energy_import_t1_kwh: 13779.338 };
  test('power ten times too high: V-READ-03, with the power, the voltage and the current', () => {
    const changes = diffAnswers([answer([P1])], [answer([{ ...P1, power_w: 2410, power_l1_w: 2410 }])], 'p1dongle');
    expect(changes.map((c) => [c.class, c.path, c.breaking])).toEqual([['relation broken', 'V-READ-03', true]]);
    expect(changes[0]!.now).toMatch(/^power_l1_w 2410 W at 231 V and 1 A: at most 472 W \(×10\.433 of V × I\) \(the v2 reading\)/);
  });

  test("v1's names read as v2's: a total that forgets its tariff", () => {
    const v1 = (o: object) => ({
      ...answer([{ total_power_import_kwh: 10, total_power_import_t1_kwh: 6, total_power_import_t2_kwh: 4, ...o }]),
      key: 'GET /api/v1/data (v1)',
    });
    expect(diffAnswers([v1({})], [v1({ total_power_import_kwh: 6 })], 'p1dongle').map((c) => [c.class, c.path])).toEqual([['relation broken', 'V-READ-02']]);
  });

  test('not judged without the kind, nor where it already failed on the first side', () => {
    const b = answer([{ ...P1, power_l1_w: 2410, power_w: 2410 }]);
    expect(diffAnswers([answer([P1])], [b])).toEqual([]);
    expect(diffAnswers([b], [b], 'p1dongle')).toEqual([]);
  });
});
