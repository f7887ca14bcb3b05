// What `diff` sees of a meter's readings beyond their shape: a relation between them (V-READ, judged by the table's
// judges) that held on one side and fails on the other, a register written with fewer decimals (an integration that
// takes differences then sees steps of 100 Wh), and a documented value written otherwise (`gas_meter` → `gasmeter`).
import { type ReadingClause, judgeReadings } from '../judge/device/table.js';
import type { Reading } from '../judge/device/readings.js';
import { isJsonObject, whyNotJudged } from '../judge/device/judgment.js';
import type { KindId } from '../spec/kinds.js';
import { decimalsOf, v2Fields } from '../spec/readings.js';
import { DOCUMENTED_ENUMS } from '../spec/vendor-measurement.js';
import type { Leaf } from './shape.js';

/** The clauses judged on one reading at a time: a diff's samples tell no time. */
const OF_ONE_READING: readonly ReadingClause[] = ['V-READ-01', 'V-READ-02', 'V-READ-03', 'V-READ-04'];

export interface ReadingChange {
  path: string;
  class: 'relation broken' | 'precision lost' | 'value renamed' | 'value added';
  was: string;
  now: string;
}

/** Whether an answer is a meter's reading (the v2 measurement, the v1 data), by its key. */
export const isReadingAnswer = (key: string): boolean => /^GET \/api\/(measurement|v1\/data) \(/.test(key);

const readingsOf = (key: string, samples: readonly unknown[]): Reading[] =>
  samples.filter(isJsonObject).map((s, i) => ({
    at: i * 1000,
    form: key.includes('(v1') ? 'v1' : 'v2',
    fields: v2Fields(s),
  }));

/** Each relation of one reading that held on every sample of `a` and fails on one of `b`, with what `b` says. */
export function relationsBroken(key: string, a: readonly unknown[], b: readonly unknown[], kind: KindId): ReadingChange[] {
  const [ra, rb] = [readingsOf(key, a), readingsOf(key, b)];
  return OF_ONE_READING.flatMap((id) => {
    const [was, now] = [judgeReadings(id, ra, { kind }), judgeReadings(id, rb, { kind })];
    if (!was.held || whyNotJudged(was) !== undefined || now.held) return [];
    return [
      {
        path: id,
        class: 'relation broken' as const,
        was: `held on ${ra.length} reading${ra.length === 1 ? '' : 's'}`,
        now: `${now.observed}; expected ${now.expected}`,
      },
    ];
  });
}

/** A register: energy, gas, water, an external meter's value (v1's names too). */
const REGISTER = /(^|\.)([a-z0-9_]*_(kwh|m3|gj)|external\[\]\.value)$/;

/**
 * Fewer decimals on a register. A value that ends in zero loses it in JSON, so `b` must show the fewer decimals on
 * enough distinct values that zeros cannot explain it (one in ten thousand, or a thousand for three decimals lost).
 * `scale`: the power of ten `b` is of `a` (kWh written as Wh loses none).
 */
export function precisionLost(path: string, a: Leaf, b: Leaf, scale: number): ReadingChange | null {
  if (!REGISTER.test(path) || !a.numbers.length || !b.numbers.length) return null;
  const [da, db] = [Math.max(...a.numbers.map(decimalsOf)), Math.max(...b.numbers.map(decimalsOf)) + scale];
  const lost = da - db;
  if (lost <= 0 || new Set(b.numbers).size < ({ 1: 4, 2: 2 }[lost] ?? 1)) return null;
  const step = (d: number) => `${d} decimal${d === 1 ? '' : 's'} (steps of ${10 ** -d})`;
  return { path, class: 'precision lost', was: step(da), now: step(db) };
}

/** A documented field's values: one `b` writes that the documentation does not name, in place of one `a` wrote. */
export function valuesChanged(path: string, a: Leaf, b: Leaf): ReadingChange | null {
  const documented = DOCUMENTED_ENUMS[path.replace(/^.*?(external\[\]\.type)$/, '$1')];
  if (!documented) return null;
  const fresh = [...new Set(b.strings)].filter((v) => !a.strings.includes(v) && !documented.includes(v));
  if (!fresh.length) return null;
  const gone = [...new Set(a.strings)].filter((v) => !b.strings.includes(v));
  return gone.length
    ? { path, class: 'value renamed', was: gone.join(', '), now: `${fresh.join(', ')} (not a documented value: ${documented.join(', ')})` }
    : { path, class: 'value added', was: 'absent', now: `${fresh.join(', ')} (not a documented value)` };
}
