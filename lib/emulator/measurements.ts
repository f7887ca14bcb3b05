// GET /api/measurement bodies per kind, shaped like the vendor's v2 documentation and recorded
// bodies, read from the live meter. The specification does not show these fields (MEAS-02 only
// records them). No v2 body carries `wifi_ssid`: the vendor's Python client reads a body with it as v1 data.
import type { KindId } from '../spec/kinds.js';
import { type Reading, loadPowers, p1Phases, r3, sum } from './meter.js';
import { P1_METER, gasTime } from './v1-data.js';

/** v2 timestamps: ISO 8601 without a zone, to the second. */
const iso = (d: Date) => d.toISOString().slice(0, 19);

function p1(r: Reading) {
  const { w, a } = p1Phases(r);
  return {
    protocol_version: 50,
    meter_model: P1_METER.model,
    unique_id: P1_METER.uniqueId,
    timestamp: iso(r.at),
    tariff: r.tariff,
    energy_import_kwh: r3(sum(r.importKwh)),
    energy_import_t1_kwh: r3(r.importKwh[0]),
    energy_import_t2_kwh: r3(r.importKwh[1]),
    energy_export_kwh: r3(sum(r.exportKwh)),
    energy_export_t1_kwh: r3(r.exportKwh[0]),
    energy_export_t2_kwh: r3(r.exportKwh[1]),
    power_w: sum(w),
    power_l1_w: w[0],
    power_l2_w: w[1],
    power_l3_w: w[2],
    voltage_l1_v: r3(r.voltageV[0]!),
    voltage_l2_v: r3(r.voltageV[1]!),
    voltage_l3_v: r3(r.voltageV[2]!),
    current_a: sum(a.map(Math.abs)),
    current_l1_a: a[0],
    current_l2_a: a[1],
    current_l3_a: a[2],
    frequency_hz: r3(r.frequencyHz),
    voltage_sag_l1_count: 1,
    voltage_sag_l2_count: 1,
    voltage_sag_l3_count: 0,
    voltage_swell_l1_count: 0,
    voltage_swell_l2_count: 0,
    voltage_swell_l3_count: 0,
    any_power_fail_count: 4,
    long_power_fail_count: 5,
    average_power_15m_w: sum(w),
    monthly_power_peak_w: 1111,
    monthly_power_peak_timestamp: '2023-01-01T08:00:10',
    external: [{ unique_id: P1_METER.gasId, type: 'gas_meter', timestamp: iso(gasTime(r.at)), value: r3(r.gasM3), unit: 'm3' }],
  };
}

function electricity(r: Reading) {
  const w = sum(r.phaseW);
  return { energy_import_kwh: r3(sum(r.importKwh)), energy_export_kwh: r3(sum(r.exportKwh)), power_w: r3(w) };
}

function singlePhase(r: Reading) {
  const [w, v] = [r.phaseW[0]!, r.voltageV[0]!];
  const { va, reactive } = loadPowers(w, r.powerFactor);
  return {
    ...electricity(r),
    voltage_v: r3(v),
    current_a: r3(Math.abs(w) / v),
    apparent_power_va: r3(va),
    reactive_power_var: r3(reactive),
    power_factor: r3(r.powerFactor),
    frequency_hz: r3(r.frequencyHz),
  };
}

function threePhase(r: Reading) {
  const per = r.phaseW.map((w, i) => ({ w, v: r.voltageV[i]!, a: Math.abs(w) / r.voltageV[i]! }));
  return {
    ...electricity(r),
    ...Object.fromEntries(
      per.flatMap((p, i) => [
        [`power_l${i + 1}_w`, r3(p.w)],
        [`voltage_l${i + 1}_v`, r3(p.v)],
        [`current_l${i + 1}_a`, r3(p.a)],
        [`apparent_power_l${i + 1}_va`, r3(Math.abs(p.w) / r.powerFactor)],
        [`power_factor_l${i + 1}`, r3(r.powerFactor)],
      ]),
    ),
    current_a: r3(sum(per.map((p) => p.a))),
    apparent_power_va: r3(Math.abs(sum(r.phaseW)) / r.powerFactor),
    frequency_hz: r3(r.frequencyHz),
  };
}

export function measurementOf(kind: KindId, r: Reading): Record<string, unknown> {
  switch (kind) {
    case 'p1dongle':
      return p1(r);
    case 'energysocket':
      return singlePhase(r);
    case 'energymeter':
      return threePhase(r);
    case 'watermeter':
      return { total_liter_m3: r3(r.waterM3), active_liter_lpm: r3(r.flowLpm) };
    case 'battery': {
      const [w, v] = [r.phaseW[0]!, r.voltageV[0]!];
      return {
        ...electricity(r),
        voltage_v: r3(v),
        current_a: r3(Math.abs(w) / v),
        frequency_hz: r3(r.frequencyHz),
        state_of_charge_pct: r3(r.socPct),
        cycles: Math.floor(r.cycles),
      };
    }
    default:
      return {};
  }
}
