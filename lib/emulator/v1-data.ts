// The v1 endpoints real devices serve beyond the specification (the vendor's v1 documentation;
// bodies shaped like the recorded ones in fixtures/real-world): GET /api/v1/data per kind, and the
// P1 meter's DSMR telegram, both read from the live meter.
import type { KindId } from '../spec/kinds.js';
import { type Reading, loadPowers, p1Phases, r3, sum } from './meter.js';

export const P1_METER = { model: 'ISKRA  2M550T-101', uniqueId: '4E47475955', gasId: '4E474C5944' };

const current = (w: number, v: number) => r3(w / v);
/** The DSMR clock format, also the v1 timestamps' integer form: YYMMDDhhmmss. */
export const dsmrStamp = (d: Date) =>
  [d.getUTCFullYear() % 100, d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join('');
/** Gas meters report every five minutes. */
export const gasTime = (d: Date) => new Date(Math.floor(d.getTime() / 300_000) * 300_000);

function p1(r: Reading) {
  const { w, a } = p1Phases(r);
  const [l1, l2, l3] = w as [number, number, number];
  return {
    smr_version: 50,
    meter_model: P1_METER.model,
    unique_id: P1_METER.uniqueId,
    active_tariff: r.tariff,
    total_power_import_kwh: r3(sum(r.importKwh)),
    total_power_import_t1_kwh: r3(r.importKwh[0]),
    total_power_import_t2_kwh: r3(r.importKwh[1]),
    total_power_export_kwh: r3(sum(r.exportKwh)),
    total_power_export_t1_kwh: r3(r.exportKwh[0]),
    total_power_export_t2_kwh: r3(r.exportKwh[1]),
    active_power_w: l1 + l2 + l3,
    active_power_l1_w: l1,
    active_power_l2_w: l2,
    active_power_l3_w: l3,
    active_voltage_l1_v: r3(r.voltageV[0]!),
    active_voltage_l2_v: r3(r.voltageV[1]!),
    active_voltage_l3_v: r3(r.voltageV[2]!),
    active_current_l1_a: a[0],
    active_current_l2_a: a[1],
    active_current_l3_a: a[2],
    active_frequency_hz: r3(r.frequencyHz),
    voltage_sag_l1_count: 1,
    voltage_sag_l2_count: 1,
    voltage_sag_l3_count: 0,
    voltage_swell_l1_count: 0,
    voltage_swell_l2_count: 0,
    voltage_swell_l3_count: 0,
    any_power_fail_count: 4,
    long_power_fail_count: 5,
    total_gas_m3: r3(r.gasM3),
    gas_timestamp: Number(dsmrStamp(gasTime(r.at))),
    gas_unique_id: P1_METER.gasId,
    // Misspelt as real P1 meters spell it.
    active_power_average_w: l1 + l2 + l3,
    montly_power_peak_w: 1111,
    montly_power_peak_timestamp: 230101080010,
    external: [{ unique_id: P1_METER.gasId, type: 'gas_meter', timestamp: Number(dsmrStamp(gasTime(r.at))), value: r3(r.gasM3), unit: 'm3' }],
  };
}

function singlePhase(r: Reading) {
  const w = r.phaseW[0]!;
  const v = r.voltageV[0]!;
  const { va, reactive } = loadPowers(w, r.powerFactor);
  return {
    total_power_import_kwh: r3(sum(r.importKwh)),
    total_power_import_t1_kwh: r3(sum(r.importKwh)),
    total_power_export_kwh: r3(sum(r.exportKwh)),
    total_power_export_t1_kwh: r3(sum(r.exportKwh)),
    active_power_w: r3(w),
    active_power_l1_w: r3(w),
    active_voltage_v: r3(v),
    active_current_a: current(Math.abs(w), v),
    active_reactive_power_var: r3(reactive),
    active_apparent_power_va: r3(va),
    active_power_factor: r3(r.powerFactor),
    active_frequency_hz: r3(r.frequencyHz),
  };
}

function threePhase(r: Reading) {
  const phases = Object.fromEntries(
    r.phaseW.flatMap((w, i) => [
      [`active_power_l${i + 1}_w`, r3(w)],
      [`active_voltage_l${i + 1}_v`, r3(r.voltageV[i]!)],
      [`active_current_l${i + 1}_a`, current(Math.abs(w), r.voltageV[i]!)],
    ]),
  );
  const w = sum(r.phaseW);
  return {
    total_power_import_kwh: r3(sum(r.importKwh)),
    total_power_import_t1_kwh: r3(sum(r.importKwh)),
    total_power_export_kwh: r3(sum(r.exportKwh)),
    total_power_export_t1_kwh: r3(sum(r.exportKwh)),
    active_power_w: r3(w),
    ...phases,
    active_current_a: r3(sum(r.phaseW.map((x, i) => Math.abs(x) / r.voltageV[i]!))),
    active_apparent_power_va: r3(Math.abs(w) / r.powerFactor),
    active_frequency_hz: r3(r.frequencyHz),
  };
}

const WIFI = { wifi_ssid: 'My Wi-Fi', wifi_strength: 100 };

/** The battery and the display serve no v1: nothing asks for theirs. */
export function v1DataOf(kind: KindId, r: Reading): Record<string, unknown> {
  switch (kind) {
    case 'p1dongle':
      return { ...WIFI, ...p1(r) };
    case 'energysocket':
      return { ...WIFI, ...singlePhase(r) };
    case 'energymeter':
      return { ...WIFI, ...threePhase(r) };
    case 'watermeter':
      return { ...WIFI, active_liter_lpm: r3(r.flowLpm), total_liter_m3: r3(r.waterM3), total_liter_offset_m3: 0 };
    default:
      return {};
  }
}

/** CRC-16/ARC over the telegram from `/` to `!` inclusive, as DSMR 5 requires. */
export function dsmrCrc(text: string): string {
  let crc = 0;
  for (const byte of Buffer.from(text, 'latin1')) {
    crc ^= byte;
    for (let i = 0; i < 8; i += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const kwh = (v: number) => `${v.toFixed(3).padStart(10, '0')}*kWh`;
const kw = (w: number) => `${(Math.max(w, 0) / 1000).toFixed(3).padStart(6, '0')}*kW`;

/** A DSMR 5.0 telegram as a P1 meter reads it from the smart meter (GET /api/v1/telegram, v2 /api/telegram). */
export function p1Telegram(r: Reading): string {
  const { w, a } = p1Phases(r);
  const phases = [0, 1, 2];
  const lines = [
    '/ISK5\\2M550T-1011',
    '',
    '1-3:0.2.8(50)',
    `0-0:1.0.0(${dsmrStamp(r.at)}W)`,
    '0-0:96.1.1(4530303434303037313331363530363138)',
    `1-0:1.8.1(${kwh(r.importKwh[0])})`,
    `1-0:1.8.2(${kwh(r.importKwh[1])})`,
    `1-0:2.8.1(${kwh(r.exportKwh[0])})`,
    `1-0:2.8.2(${kwh(r.exportKwh[1])})`,
    `0-0:96.14.0(000${r.tariff})`,
    `1-0:1.7.0(${kw(sum(w))})`,
    `1-0:2.7.0(${kw(-sum(w))})`,
    '0-0:96.7.21(00004)',
    '0-0:96.7.9(00005)',
    '1-0:32.32.0(00001)',
    '1-0:52.32.0(00001)',
    '1-0:72.32.0(00000)',
    '1-0:32.36.0(00000)',
    '1-0:52.36.0(00000)',
    '1-0:72.36.0(00000)',
    '0-0:96.13.0()',
    ...phases.map((i) => `1-0:${32 + 20 * i}.7.0(${r.voltageV[i]!.toFixed(1).padStart(5, '0')}*V)`),
    ...phases.map((i) => `1-0:${31 + 20 * i}.7.0(${String(Math.abs(a[i]!)).padStart(3, '0')}*A)`),
    ...phases.map((i) => `1-0:${21 + 20 * i}.7.0(${kw(r.phaseW[i]!)})`),
    ...phases.map((i) => `1-0:${22 + 20 * i}.7.0(${kw(-r.phaseW[i]!)})`),
    '0-1:24.1.0(003)',
    '0-1:96.1.0(4730303339303031373030343630313137)',
    `0-1:24.2.1(${dsmrStamp(gasTime(r.at))}W)(${r.gasM3.toFixed(3).padStart(9, '0')}*m3)`,
  ];
  const body = `${lines.join('\r\n')}\r\n!`;
  return `${body}${dsmrCrc(body)}\r\n`;
}
