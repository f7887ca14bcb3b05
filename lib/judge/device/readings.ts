// V-READ-01 to -04: what one reading says of itself. A total is its phases' sum and a register its tariffs' sum, a
// phase's power cannot exceed its voltage times its current, and each quantity lies in its physical range. A field
// the reading does not carry is not judged: a single-phase meter, a meter of one tariff and a meter at no load pass.
import { CURRENT_RESOLUTION_A, PHASES, RANGES, TARIFFS, decimalsOf, v2Fields } from '../../spec/readings.js';
import { KINDS, type KindId } from '../../spec/kinds.js';
import { HELD, type Judgment, type Reply, isJsonObject, notJudged, violated } from './judgment.js';

/** One reading of the meter: when the device answered, in which form, its fields under their v2 names. */
export interface Reading {
  /** Milliseconds since the epoch, midway through the exchange. */
  at: number;
  form: 'v1' | 'v2' | 'ws';
  /** When it was asked and when its answer came, where known: two readings whose exchanges overlap have no order. */
  span?: readonly [number, number];
  fields: Readonly<Record<string, unknown>>;
  /** The answer, where there is one: the evidence a failure shows. */
  reply?: Reply;
}

const FORMS: Record<string, Reading['form']> = { '/api/v1/data': 'v1', '/api/measurement': 'v2' };

/** A 200 answer to GET /api/v1/data or GET /api/measurement as a reading, its names turned into v2's; else null. */
export function readingOf(r: Reply): Reading | null {
  const ex = r.exchange;
  if (ex?.method !== 'GET' || r.status !== 200 || !isJsonObject(r.json)) return null;
  let form: Reading['form'] | undefined;
  try {
    form = FORMS[new URL(ex.url).pathname];
  } catch {
    return null;
  }
  if (!form || form !== ex.side) return null;
  const fields = v2Fields(r.json);
  const from = Date.parse(ex.startedAt);
  return { at: from + ex.durationMs / 2, span: [from, from + ex.durationMs], form, fields, reply: r };
}

/** Whether `a` was surely read before `b`: its answer came before `b` was asked (by their middles where a span is not known). */
export const readBefore = (a: Reading, b: Reading): boolean => (a.span && b.span ? a.span[1] <= b.span[0] : a.at < b.at);

/** A reading's number, or undefined where the field is absent, null or not a finite number. */
export const num = (r: Reading, f: string): number | undefined => {
  const v = r.fields[f];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
};

/** What the values resolve to: the finest step their decimals show, never finer than `least`. */
export const resolutionOf = (values: readonly number[], least: number): number => Math.max(least, 10 ** -Math.max(0, ...values.map(decimalsOf)));

const round = (v: number) => Number(v.toFixed(3));
const formName = (r: Reading) => `the ${r.form} reading`;

/** The first reading of `series` a relation does not hold on, judged by `check` (a violation's words, or null); notJudged where none has its fields. */
function eachReading(series: readonly Reading[], nothing: string, check: (r: Reading) => { expected: string; observed: string } | null | undefined): Judgment {
  let judged = 0;
  for (const r of series) {
    const v = check(r);
    if (v === undefined) continue;
    judged += 1;
    if (v) return violated(v.expected, `${v.observed} (${formName(r)})`, ...(r.reply ? [r.reply] : []));
  }
  return judged ? HELD : notJudged(nothing);
}

/** V-READ-01: power_w is the sum of the phases' power, current_a the sum of their currents' magnitudes. */
export const vread01 = (series: readonly Reading[], { kind }: { kind: KindId }): Judgment =>
  eachReading(series, 'no reading carries a total beside its phases (power_w with power_l1_w…, current_a with current_l1_a…)', (r) => {
    let judged = false;
    for (const [total, phase, magnitude, step] of [
      ['power_w', 'power_l#_w', false, 1],
      ['current_a', 'current_l#_a', true, CURRENT_RESOLUTION_A[kind]],
    ] as const) {
      const t = num(r, total);
      const parts = PHASES.map((n) => num(r, phase.replace('#', String(n)))).filter((v) => v !== undefined);
      if (t === undefined || parts.length === 0) continue;
      judged = true;
      const sum = parts.reduce((a, b) => a + (magnitude ? Math.abs(b) : b), 0);
      const slack = step * (parts.length + 1) + 0.01 * parts.reduce((a, b) => a + Math.abs(b), 0);
      if (Math.abs(t - sum) > slack) {
        return {
          expected: `${total} the sum of its phases${magnitude ? "' magnitudes" : ''} (within ${round(slack)})`,
          observed: `${total} ${t} where its ${parts.length} phase${parts.length === 1 ? '' : 's'} ${parts.join(', ')} sum to ${round(sum)}`,
        };
      }
    }
    return judged ? null : undefined;
  });

/** V-READ-02: a total register is the sum of its tariffs' registers. */
export const vread02 = (series: readonly Reading[]): Judgment =>
  eachReading(series, 'no reading carries a total register beside its tariffs (energy_import_kwh with energy_import_t1_kwh…)', (r) => {
    let judged = false;
    for (const dir of ['import', 'export']) {
      const t = num(r, `energy_${dir}_kwh`);
      const parts = TARIFFS.map((n) => num(r, `energy_${dir}_t${n}_kwh`)).filter((v) => v !== undefined);
      if (t === undefined || parts.length === 0) continue;
      judged = true;
      const sum = parts.reduce((a, b) => a + b, 0);
      const slack = resolutionOf([t, ...parts], 0.001) * (parts.length + 1);
      if (Math.abs(t - sum) > slack + 1e-9) {
        return {
          expected: `energy_${dir}_kwh the sum of its tariffs (within ${round(slack)} kWh)`,
          observed: `energy_${dir}_kwh ${t} where its ${parts.length} tariff${parts.length === 1 ? '' : 's'} ${parts.join(' + ')} = ${round(sum)}`,
        };
      }
    }
    return judged ? null : undefined;
  });

/** The phases of a reading as V-READ-03 reads them: each phase's fields, and the whole of a single-phase meter. */
const PHASE_FIELDS = [
  ...PHASES.map((n) => ({ p: `power_l${n}_w`, v: `voltage_l${n}_v`, i: `current_l${n}_a`, s: `apparent_power_l${n}_va` })),
  { p: 'power_w', v: 'voltage_v', i: 'current_a', s: 'apparent_power_va' },
];

/** V-READ-03: a phase's power within its voltage × current (at the resolution the kind reports current in) and within its apparent power. */
export const vread03 = (series: readonly Reading[], { kind }: { kind: KindId }): Judgment =>
  eachReading(series, 'no reading carries a power beside its voltage and current, or its apparent power', (r) => {
    const step = CURRENT_RESOLUTION_A[kind];
    let judged = false;
    // The whole is a phase only on a single-phase meter: a three-phase total is no one voltage's.
    const phases = PHASE_FIELDS.filter((f) => f.p !== 'power_w' || (num(r, 'power_l2_w') === undefined && num(r, 'power_l3_w') === undefined));
    for (const f of phases) {
      const [p, v, i, s] = [num(r, f.p), num(r, f.v), num(r, f.i), num(r, f.s)];
      if (p === undefined) continue;
      if (v !== undefined && i !== undefined) {
        judged = true;
        const most = v * (Math.abs(i) + step) * 1.02 + 1;
        if (Math.abs(p) > most) {
          return {
            expected: `|${f.p}| at most ${f.v} × (|${f.i}| + ${step} A, the resolution of the ${KINDS[kind].name}'s current)`,
            observed: `${f.p} ${p} W at ${v} V and ${i} A: at most ${Math.round(most)} W (×${round(Math.abs(p) / (v * Math.max(Math.abs(i), step)))} of V × I)`,
          };
        }
      }
      if (s !== undefined) {
        judged = true;
        if (Math.abs(p) > s * 1.02 + 1) return { expected: `|${f.p}| at most ${f.s}`, observed: `${f.p} ${p} W beside ${f.s} ${s} VA` };
      }
    }
    return judged ? null : undefined;
  });

/** V-READ-04: every quantity in its physical range. */
export const vread04 = (series: readonly Reading[]): Judgment =>
  eachReading(series, 'no reading carries a quantity with a physical range', (r) => {
    let judged = false;
    for (const [f, value] of Object.entries(r.fields)) {
      const range = RANGES.find((x) => x.fields(f));
      if (!range || typeof value !== 'number') continue;
      judged = true;
      if (!(value >= range.low && value <= range.high) && !(range.alsoZero && value === 0))
        return { expected: `${f} ${range.words}`, observed: `${f} ${value}` };
    }
    // A reading of external meters: their registers are registers too.
    for (const e of externalsOf(r)) {
      judged = true;
      if (e.value < 0) return { expected: `the external ${e.type} meter's value not negative`, observed: `${e.value} ${e.unit}` };
    }
    return judged ? null : undefined;
  });

export interface External {
  id: string;
  type: string;
  value: number;
  unit: string;
}

/** The external meters a reading carries (the P1 meter's gas or water meters), those with an id and a numeric value. */
export function externalsOf(r: Reading): External[] {
  const list = r.fields.external;
  if (!Array.isArray(list)) return [];
  return list.flatMap((e) =>
    isJsonObject(e) && typeof e.unique_id === 'string' && typeof e.value === 'number'
      ? [{ id: e.unique_id, type: String(e.type), value: e.value, unit: String(e.unit) }]
      : [],
  );
}
