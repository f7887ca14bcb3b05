// A meter's readings as the relations between them need them (spec/vendor-clauses.md, V-READ): the v1 and v2 names
// of the same quantity (vendor-api.md §3.9), which fields are registers and what moves them, and the resolution each
// kind reports a current in. Data only: the judges are lib/judge/device/readings*.ts.
import type { KindId } from './kinds.js';

/** v1's name of a quantity turned into v2's (§3.9's table); a v2 name, or a name of neither, stays as it is. */
export function v2Name(name: string): string {
  const special: Record<string, string> = {
    active_power_average_w: 'average_power_15m_w',
    montly_power_peak_w: 'monthly_power_peak_w',
    montly_power_peak_timestamp: 'monthly_power_peak_timestamp',
    smr_version: 'protocol_version',
    active_tariff: 'tariff',
  };
  if (special[name]) return special[name];
  if (name.startsWith('total_power_')) return `energy_${name.slice('total_power_'.length)}`;
  // The watermeter's active_liter_lpm keeps its name in both forms.
  if (name.startsWith('active_') && !name.startsWith('active_liter')) return name.slice('active_'.length);
  return name;
}

/** A body's fields under their v2 names: the v1 data read as the v2 measurement is. */
export const v2Fields = (body: Readonly<Record<string, unknown>>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(body).map(([k, v]) => [v2Name(k), v]));

/** The decimals a number is written with (JSON drops trailing zeros: many readings tell a register's true count). */
export const decimalsOf = (v: number): number => {
  const s = String(v);
  return s.includes('e') ? 0 : (s.split('.')[1]?.length ?? 0);
};

export const PHASES = [1, 2, 3] as const;
export const TARIFFS = [1, 2, 3, 4] as const;

/** A register: a counter that only grows while the meter stays the same (V-READ-05). */
export const REGISTERS = [
  'energy_import_kwh',
  ...TARIFFS.map((t) => `energy_import_t${t}_kwh`),
  'energy_export_kwh',
  ...TARIFFS.map((t) => `energy_export_t${t}_kwh`),
  'total_liter_m3',
  'cycles',
] as const;

/**
 * A register and the rate that moves it (V-READ-06): `sign` is the direction of the rate that flows its way (power_w is
 * negative when exporting, §3.4), `perSecond` turns the rate over one second into the register's unit.
 */
export interface Flow {
  register: string;
  /** The register the other direction flows into, where there is one. */
  opposite?: string;
  rate: string;
  sign: 1 | -1;
  perSecond: number;
  /** The least the register is taken to resolve, whatever decimals it shows: a meter's whole watt-hour or litre. */
  leastResolution: number;
}

export const FLOWS: readonly Flow[] = [
  { register: 'energy_import_kwh', opposite: 'energy_export_kwh', rate: 'power_w', sign: 1, perSecond: 1 / 3_600_000, leastResolution: 0.001 },
  { register: 'energy_export_kwh', opposite: 'energy_import_kwh', rate: 'power_w', sign: -1, perSecond: 1 / 3_600_000, leastResolution: 0.001 },
  { register: 'total_liter_m3', rate: 'active_liter_lpm', sign: 1, perSecond: 1 / 60 / 1000, leastResolution: 0.001 },
];

/**
 * The resolution of a current as the kind reports it (V-READ-03): the P1 meter passes on the smart meter's DSMR
 * telegram, whose currents are whole amperes (DSMR 5.0.2 §6.12, `99*A`); the others report hundredths or finer.
 */
export const CURRENT_RESOLUTION_A: Readonly<Record<KindId, number>> = {
  p1dongle: 1,
  energysocket: 0.01,
  energymeter: 0.01,
  battery: 0.01,
  watermeter: 0.01,
  display: 0.01,
};

/** Physical ranges (V-READ-04): a value outside is a wrong unit or a wrong reading, whatever the meter. */
export interface Range {
  /** The fields it bounds. */
  fields: (name: string) => boolean;
  low: number;
  high: number;
  /** Also allowed outside [low, high]: a phase that has no voltage reads 0. */
  alsoZero?: boolean;
  words: string;
}

export const RANGES: readonly Range[] = [
  { fields: (f) => /^voltage(_l[123])?_v$/.test(f), low: 80, high: 300, alsoZero: true, words: 'a voltage from 80 to 300 V (or 0: no voltage on the phase)' },
  { fields: (f) => f === 'frequency_hz', low: 45, high: 65, words: 'a mains frequency from 45 to 65 Hz' },
  { fields: (f) => /^power_factor(_l[123])?$/.test(f), low: -1, high: 1, words: 'a power factor from -1 to 1' },
  { fields: (f) => f === 'state_of_charge_pct', low: 0, high: 100, words: 'a state of charge from 0 to 100 %' },
  {
    fields: (f) => (REGISTERS as readonly string[]).includes(f) || f === 'current_a' || f === 'active_liter_lpm',
    low: 0,
    high: Infinity,
    words: "not negative (a register, current_a as the sum of the phases' magnitudes, a flow)",
  },
];
