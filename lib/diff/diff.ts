// `diff`: the shape differences of every answer between two sides (captures, or runs' results.json; sides.ts),
// classed as a changelog reads: what breaks a client first (removed, retyped, reformatted, rescaled, a member of
// a set dropped, a status, an error code, a header; of a meter's readings, a relation broken, precision lost, a
// documented value renamed: readings.ts), then what was added. Values that merely change (a reading, a serial, the
// order of fields) are not the shape, and never reported.
import type { KindId } from '../spec/kinds.js';
import { isReadingAnswer, precisionLost, relationsBroken, valuesChanged } from './readings.js';
import { type Leaf, STRING_FORMATS, type Shape, shapeOf } from './shape.js';

export interface Answer {
  /** `GET /api/measurement (v2, token, X-Api-Version: 2)`: the same request on both sides. */
  key: string;
  status: number | null;
  headers: Readonly<Record<string, string>>;
  samples: readonly unknown[];
}

export type ChangeClass =
  | 'removed'
  | 'retyped'
  | 'reformatted'
  | 'rescaled'
  | 'member dropped'
  | 'status'
  | 'error code'
  | 'header'
  | 'not asked'
  | 'unavailable'
  | 'added'
  | 'member added'
  | 'relation broken'
  | 'precision lost'
  | 'value renamed'
  | 'value added';

export interface Change {
  answer: string;
  path: string;
  class: ChangeClass;
  breaking: boolean;
  was: string;
  now: string;
}

const ADDITIONS: readonly ChangeClass[] = ['added', 'member added', 'value added', 'not asked', 'unavailable'];
/** Not compared: the answer is on one side only, or one side had it unavailable for the while (503: a P1 meter's telegram before the first). */
export const NOT_COMPARED: readonly ChangeClass[] = ['not asked', 'unavailable'];
/** Headers whose value is the moment's or the connection's, not the answer's. */
const VOLATILE = new Set(['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'etag', 'last-modified']);
/** Within this share of a power of ten, a value scaled by it (kWh for Wh, ×10 by a firmware) rather than moved. */
const SCALE_TOLERANCE = 0.15;
/**
 * The fields whose order of magnitude a client may rely on between two captures: totals (a meter's kWh, m³, GJ),
 * the grid's voltage and frequency. A reading that swings with the load (power, current) moves a decade between
 * noon and night, and a ×10 of it is not told from that: it is not reported.
 */
const STEADY_FIELD = /(^|\.)[a-z0-9_]*_(kwh|m3|gj|v|hz)$/;

const shown = (s: ReadonlySet<string>) => [...s].sort().join(' or ');
const change = (answer: string, path: string, cls: ChangeClass, was: string, now: string): Change => ({
  answer,
  path: path || '(the body)',
  class: cls,
  breaking: !ADDITIONS.includes(cls),
  was,
  now,
});

/**
 * `decimal` where a number was not whole; `integer` where every one was and two differed (a decimal reading that
 * stood at 50.000 while it was read is no integer); else unknown.
 */
const numberKind = (l: Leaf) => (l.types.has('decimal') ? 'decimal' : l.types.has('integer') && new Set(l.numbers).size >= 2 ? 'integer' : null);
const kindless = (l: Leaf) => new Set([...l.types].map((t) => (t === 'integer' || t === 'decimal' ? 'number' : t)));

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const stable = (xs: readonly number[], m: number) => xs.every((x) => Math.abs(x - m) <= Math.abs(m) * SCALE_TOLERANCE);

/** The power of ten `b`'s readings are of `a`'s, where each side's are steady and apart by one: else 0. */
function scale(a: readonly number[], b: readonly number[]): number {
  if (!a.length || !b.length) return 0;
  const [ma, mb] = [median(a), median(b)];
  if (!stable(a, ma) || !stable(b, mb)) return 0;
  if (ma === 0 || mb === 0 || Math.sign(ma) !== Math.sign(mb)) return 0;
  const r = Math.log10(mb / ma);
  const k = Math.round(r);
  return k !== 0 && Math.abs(mb / ma / 10 ** k - 1) <= SCALE_TOLERANCE ? k : 0;
}

/** Whether the strings of one side can be read as the other's were written (a format either's strings fit). */
function sameWriting(a: Leaf, b: Leaf): boolean {
  const fits = (formats: ReadonlySet<string>, values: readonly string[]) => values.some((v) => STRING_FORMATS.some(([f, re]) => formats.has(f) && re.test(v)));
  return !a.strings.length || !b.strings.length || fits(a.formats, b.strings) || fits(b.formats, a.strings);
}

/** Not compared where an array above it was empty on the other side: its members were never seen there. */
const unseen = (path: string, other: Shape) =>
  path
    .split('[]')
    .slice(0, -1)
    .some((_, i, parts) => {
      const array = parts.slice(0, i + 1).join('[]');
      return other.has(array) && !other.has(`${array}[]`);
    });

function bodyChanges(key: string, a: Answer, b: Answer, kind: KindId | undefined): Change[] {
  const [sa, sb] = [shapeOf(a.samples), shapeOf(b.samples)];
  const out: Change[] = [];
  if (kind && isReadingAnswer(key)) for (const r of relationsBroken(key, a.samples, b.samples, kind)) out.push(change(key, r.path, r.class, r.was, r.now));
  for (const [path, la] of sa) {
    const lb = sb.get(path);
    if (!lb) {
      if (!unseen(path, sb)) out.push(change(key, path, 'removed', shown(la.types), 'absent'));
      continue;
    }
    const [ka, kb] = [kindless(la), kindless(lb)];
    if (shown(ka) !== shown(kb)) out.push(change(key, path, 'retyped', shown(la.types), shown(lb.types)));
    else if (numberKind(la) === 'integer' && numberKind(lb) === 'decimal')
      out.push(change(key, path, 'reformatted', 'whole numbers', `decimals (${lb.numbers.find((n) => !Number.isInteger(n))})`));
    else if (numberKind(la) === 'decimal' && numberKind(lb) === 'integer') out.push(change(key, path, 'reformatted', 'decimals', 'whole numbers only'));
    if (!sameWriting(la, lb)) out.push(change(key, path, 'reformatted', shown(la.formats), shown(lb.formats)));
    const k = STEADY_FIELD.test(path) ? scale(la.numbers, lb.numbers) : 0;
    if (k) out.push(change(key, path, 'rescaled', String(median(la.numbers)), `${median(lb.numbers)} (×${10 ** k})`));
    for (const m of la.members ?? []) if (lb.members && !lb.members.has(m)) out.push(change(key, path, 'member dropped', m, 'absent'));
    for (const m of lb.members ?? []) if (la.members && !la.members.has(m)) out.push(change(key, path, 'member added', 'absent', m));
    for (const r of [precisionLost(path, la, lb, k), valuesChanged(path, la, lb)]) if (r) out.push(change(key, path, r.class, r.was, r.now));
  }
  for (const [path, lb] of sb) if (!sa.has(path) && !unseen(path, sa)) out.push(change(key, path, 'added', 'absent', shown(lb.types)));
  return out;
}

const errorCode = (a: Answer) =>
  a.samples.map((s) => (s && typeof s === 'object' && 'error' in s ? JSON.stringify((s as { error: unknown }).error) : null)).find(Boolean) ?? null;
const mediaType = (v: string | undefined) => (v === undefined ? undefined : v.split(';')[0]!.trim().toLowerCase());

function headerChanges(key: string, a: Answer, b: Answer): Change[] {
  const names = (h: Readonly<Record<string, string>>) =>
    new Set(
      Object.keys(h)
        .map((n) => n.toLowerCase())
        .filter((n) => !VOLATILE.has(n)),
    );
  const [na, nb] = [names(a.headers), names(b.headers)];
  const out = [...na].filter((n) => !nb.has(n)).map((n) => change(key, n, 'header', a.headers[n]!, 'absent'));
  out.push(...[...nb].filter((n) => !na.has(n)).map((n) => change(key, n, 'added', 'absent', `header ${n}: ${b.headers[n]}`)));
  if (na.has('content-type') && nb.has('content-type') && mediaType(a.headers['content-type']) !== mediaType(b.headers['content-type'])) {
    out.push(change(key, 'content-type', 'header', a.headers['content-type']!, b.headers['content-type']!));
  }
  return out;
}

/** The changes from `a` to `b`, breaking ones first, each side's answers matched by key; a meter's relations judged where the `kind` is known. */
export function diffAnswers(a: readonly Answer[], b: readonly Answer[], kind?: KindId): Change[] {
  const out: Change[] = [];
  const byKey = new Map(b.map((x) => [x.key, x]));
  for (const x of a) {
    const y = byKey.get(x.key);
    if (!y) {
      out.push(change(x.key, '', 'not asked', `${x.status}`, 'not asked on the other side'));
      continue;
    }
    if (x.status !== y.status && (x.status === 503 || y.status === 503)) out.push(change(x.key, '', 'unavailable', `${x.status}`, `${y.status}`));
    else if (x.status !== y.status) out.push(change(x.key, '', 'status', `${x.status}`, `${y.status}`));
    else if (x.status !== null && x.status >= 400 && errorCode(x) !== errorCode(y))
      out.push(change(x.key, 'error', 'error code', errorCode(x) ?? 'none', errorCode(y) ?? 'none'));
    else out.push(...bodyChanges(x.key, x, y, kind));
    out.push(...headerChanges(x.key, x, y));
  }
  const seen = new Set(a.map((x) => x.key));
  for (const y of b) if (!seen.has(y.key)) out.push(change(y.key, '', 'not asked', 'not asked on the first side', `${y.status}`));
  return [...out.filter((c) => c.breaking), ...out.filter((c) => !c.breaking)];
}
