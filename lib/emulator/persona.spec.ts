// A captured meter served again keeps the relations between its readings (V-READ): its registers grow by what its
// power says flowed, and its v1 form is its v2 reading of the same moment, even where the capture read the two apart
// and a register ended in a zero that JSON does not write.
import { expect, test } from 'vitest';
import { READING_CLAUSES, judgeReadings } from '../judge/device/table.js';
import type { Reading } from '../judge/device/readings.js';
import { v2Fields } from '../spec/readings.js';
import { type Persona, personaRewrite } from './persona.js';
import type { EmuRequest, EmuResponse } from './exchange.js';

const V2 = {
  energy_import_kwh: 13779.338,
  energy_export_kwh: 541.75,
  power_w: 3000,
  power_l1_w: 1000,
  power_l2_w: 1000,
  power_l3_w: 1000,
  voltage_l1_v: 230,
  voltage_l2_v: 230,
  voltage_l3_v: 230,
  current_l1_a: 4.35,
  current_l2_a: 4.35,
  current_l3_a: 4.35,
};
/** Read a few seconds before the v2 one: less energy, another power; its total ends in a zero (13779.330 written 13779.33). */
const V1 = {
  total_power_import_kwh: 13779.33,
  total_power_import_t1_kwh: 13779.33,
  total_power_export_kwh: 541.75,
  total_power_export_t1_kwh: 541.75,
  active_power_w: 2700,
  active_power_l1_w: 900,
  active_power_l2_w: 900,
  active_power_l3_w: 900,
  active_voltage_l1_v: 231,
  active_voltage_l2_v: 231,
  active_voltage_l3_v: 231,
  active_current_l1_a: 3.9,
  active_current_l2_a: 3.9,
  active_current_l3_a: 3.9,
};
const persona = (v1: Record<string, unknown>): Persona => ({
  kind: 'energymeter',
  serial: '5c2fafaabbcc',
  firmware: '6.0305',
  readings: { 'v1 /api/v1/data': v1, 'v2 /api/measurement': V2 },
});

test.for([
  ['as captured', persona(V1)],
  // A current that read 4.000 A when captured is written 4 by JSON: not a meter of whole amperes (seen once in CI: V-READ-03).
  ['with a v1 current captured whole', persona({ ...V1, active_current_l2_a: 4 })],
] as const)('a captured meter served again over a minute (%s): every relation between its readings holds, its v1 total and tariff equal', ([, PERSONA]) => {
  let clock = 0;
  const rewrite = personaRewrite(PERSONA, 0, () => clock);
  const served = (server: 'v1' | 'v2', path: string) =>
    rewrite.response!({ status: 200, headers: {}, body: {} } as EmuResponse, { server, method: 'GET', path } as EmuRequest, undefined as never).body as Record<
      string,
      unknown
    >;
  const series: Reading[] = [];
  for (let s = 0; s <= 60; s += 1) {
    clock = s * 1000;
    for (const [i, [server, path]] of (
      [
        ['v2', '/api/measurement'],
        ['v1', '/api/v1/data'],
        ['v2', '/api/measurement'],
      ] as const
    ).entries()) {
      const body = served(server, path);
      series.push({ at: clock + i * 10, form: server, fields: v2Fields(body) });
    }
  }
  expect(READING_CLAUSES.map((id) => [id, judgeReadings(id, series, { kind: 'energymeter' })]).filter(([, j]) => !(j as { held: boolean }).held)).toEqual([]);
  // What flowed in a minute at 3 kW (0.05 kWh) is in the import registers, v1's and v2's alike; the export stood.
  expect(judgeReadings('V-READ-06', series, { kind: 'energymeter' })).toEqual({ held: true });
  const last = served('v1', '/api/v1/data');
  expect(last.total_power_import_kwh).toBe(last.total_power_import_t1_kwh);
  expect(last.total_power_import_kwh as number).toBeCloseTo(13779.338 + 0.05, 2);
  expect(last.total_power_export_kwh).toBe(541.75);
});

test("a captured P1 meter's external gas meter served again over a minute: its value never goes back (V-READ-05)", () => {
  const gas = { unique_id: '4E474C5944', type: 'gas_meter', timestamp: '2026-11-28T23:50:57', value: 2579.913, unit: 'm3' };
  const p1: Persona = {
    kind: 'p1dongle',
    serial: '5c2fafaabbcc',
    firmware: '6.0305',
    readings: { 'v2 /api/measurement': { unique_id: '4E47475955', energy_import_kwh: 13779.338, power_w: 300, tariff: 1, external: [gas] } },
  };
  let clock = 0;
  const rewrite = personaRewrite(p1, 0, () => clock);
  const series: Reading[] = [];
  // Every tenth of a second for a minute and a half: past a whole turn of any movement around the captured value.
  for (let ms = 0; ms <= 90_000; ms += 100) {
    clock = ms;
    const res = rewrite.response!(
      { status: 200, headers: {}, body: {} } as EmuResponse,
      { server: 'v2', method: 'GET', path: '/api/measurement' } as EmuRequest,
      undefined as never,
    );
    series.push({ at: ms, form: 'v2', fields: v2Fields(res.body as Record<string, unknown>) });
  }
  expect(judgeReadings('V-READ-05', series, { kind: 'p1dongle' })).toEqual({ held: true });
});
