// The measurement fields the vendor's documentation names per kind, with their types (DOC v2/measurement.mdx;
// spec/vendor-api.md §3.4): what V-MEAS-01 holds a device to. Every field is optional; unnamed ones are allowed.
import type { KindId } from './kinds.js';

const phases = (f: (n: number) => string) => [1, 2, 3].map(f);
const tariffs = (f: (n: number) => string) => [1, 2, 3, 4].map(f);

const P1 = [
  'unique_id',
  'protocol_version',
  'meter_model',
  'timestamp',
  'tariff',
  'energy_import_kwh',
  ...tariffs((t) => `energy_import_t${t}_kwh`),
  'energy_export_kwh',
  ...tariffs((t) => `energy_export_t${t}_kwh`),
  'power_w',
  ...phases((l) => `power_l${l}_w`),
  'voltage_v',
  ...phases((l) => `voltage_l${l}_v`),
  'current_a',
  ...phases((l) => `current_l${l}_a`),
  'frequency_hz',
  ...phases((l) => `voltage_sag_l${l}_count`),
  ...phases((l) => `voltage_swell_l${l}_count`),
  'any_power_fail_count',
  'long_power_fail_count',
  'average_power_15m_w',
  'monthly_power_peak_w',
  'monthly_power_peak_timestamp',
  'external',
];

const KWH = [
  'energy_import_kwh',
  'energy_export_kwh',
  'power_w',
  'voltage_v',
  'current_a',
  'apparent_current_a',
  'reactive_current_a',
  'apparent_power_va',
  'reactive_power_var',
  'power_factor',
  'frequency_hz',
  ...[
    'power_l#_w',
    'voltage_l#_v',
    'current_l#_a',
    'apparent_current_l#_a',
    'reactive_current_l#_a',
    'apparent_power_l#_va',
    'reactive_power_l#_var',
    'power_factor_l#',
  ].flatMap((f) => phases((l) => f.replace('#', String(l)))),
];

const BATTERY = ['energy_import_kwh', 'energy_export_kwh', 'power_w', 'voltage_v', 'current_a', 'frequency_hz', 'state_of_charge_pct', 'cycles'];

/** The documented fields of each kind whose v2 measurement is documented (v-measurement). */
export const MEASUREMENT_FIELDS: Partial<Record<KindId, readonly string[]>> = { p1dongle: P1, energymeter: KWH, battery: BATTERY };

/** V-MEAS-03: what a kWh meter's and a battery's clients read first. */
export const CORE_FIELDS: Partial<Record<KindId, readonly string[]>> = {
  energymeter: ['energy_import_kwh', 'energy_export_kwh', 'power_w'],
  battery: ['energy_import_kwh', 'energy_export_kwh', 'power_w', 'state_of_charge_pct'],
};

/** v2 timestamps: ISO 8601 to the second, without a zone. */
export const V2_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

const isNumber = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));
const isString = (v: unknown) => v === null || typeof v === 'string';
const isExternal = (v: unknown) =>
  Array.isArray(v) &&
  v.every(
    (e) =>
      typeof e === 'object' &&
      e !== null &&
      ['unique_id', 'type', 'timestamp', 'unit'].every((k) => isString((e as Record<string, unknown>)[k])) &&
      isNumber((e as Record<string, unknown>).value),
  );

/** Why a documented field's value is not of its documented type, or null where it is. */
export function fieldTypeError(name: string, value: unknown): string | null {
  if (name === 'external') return isExternal(value) ? null : 'not an array of {unique_id, type, timestamp, value, unit}';
  if (name === 'timestamp' || name === 'monthly_power_peak_timestamp') {
    return value === null || (typeof value === 'string' && V2_TIMESTAMP.test(value)) ? null : 'not a timestamp YYYY-MM-DDTHH:mm:ss';
  }
  if (name === 'meter_model' || name === 'unique_id') return isString(value) ? null : 'not a string';
  return isNumber(value) ? null : 'not a number';
}

/** v1 names (DOC v1 measurement; vendor-api.md §3.9) that a v2 body must not carry. */
export const V1_NAMES = /^(active_|total_power_|total_gas_m3$|gas_timestamp$|gas_unique_id$|wifi_ssid$|wifi_strength$|smr_version$|montly_)/;

/** The battery group of /api/batteries (§3.7; DOC v2/batteries.mdx): its modes, its permissions, its numbers. */
export const BATTERY_MODES = ['zero', 'to_full', 'standby', 'predictive'] as const;
export const BATTERY_PERMISSIONS = ['charge_allowed', 'discharge_allowed'] as const;
export const BATTERY_NUMBERS = ['power_w', 'target_power_w', 'max_consumption_w', 'max_production_w'] as const;

/**
 * The documented values of the fields that name one of a list (§3.4 `external[].type`, "more may come"; §3.7
 * `mode`): `diff` and `can-i-deploy` compare them as values, where a changed writing of another string is no change.
 */
export const DOCUMENTED_ENUMS: Readonly<Record<string, readonly string[]>> = {
  'external[].type': ['gas_meter', 'heat_meter', 'warm_water_meter', 'water_meter', 'inlet_heat_meter'],
  mode: BATTERY_MODES,
};
