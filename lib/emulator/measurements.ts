// GET /api/measurement bodies per kind, shaped like the vendor's v2 examples. The specification
// does not show these fields (MEAS-02 only records them); values are static for now.
import type { KindId } from '../spec/kinds.js';

const ELECTRICITY = {
  energy_import_kwh: 3123.456,
  energy_export_kwh: 412.5,
  power_w: 512,
  voltage_v: 230.1,
  current_a: 2.26,
  frequency_hz: 50,
};

const MEASUREMENTS: Record<KindId, Record<string, unknown>> = {
  p1dongle: {
    protocol_version: 50, meter_model: 'ISKRA 2M550T-101', unique_id: '00112233445566778899AABBCCDDEEFF',
    timestamp: '2026-11-21T12:00:00', tariff: 2, energy_import_t1_kwh: 1500.1, energy_import_t2_kwh: 1623.356,
    energy_export_t1_kwh: 200, energy_export_t2_kwh: 212.5, ...ELECTRICITY,
  },
  energysocket: { ...ELECTRICITY, power_factor: 0.82 },
  display: {},
  energymeter: { ...ELECTRICITY, power_l1_w: 170, power_l2_w: 171, power_l3_w: 171, apparent_power_va: 600 },
  watermeter: { total_liter_m3: 123.456, active_liter_lpm: 0 },
  battery: { energy_import_kwh: 123.456, energy_export_kwh: 100.2, power_w: -350, voltage_v: 231, current_a: 1.5,
    frequency_hz: 50, state_of_charge_pct: 50, cycles: 123 },
};

export function measurementOf(kind: KindId): Record<string, unknown> {
  return MEASUREMENTS[kind];
}
