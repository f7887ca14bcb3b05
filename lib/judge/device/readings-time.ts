// V-READ-05 to -07: what readings say over time and across forms. A register never goes back while the meter stays
// the same; it grows with the power that flowed its way; the v1 and WebSocket forms of a reading agree with the v2
// readings taken around them. Every bound carries the registers' resolution and the uncertainty of what happened
// between two reads, so a meter that is merely unusual (slow to update, at no load, of one form) is never failed.
import { CURRENT_RESOLUTION_A, FLOWS, type Flow, REGISTERS } from '../../spec/readings.js';
import type { KindId } from '../../spec/kinds.js';
import { HELD, type Judgment, notJudged, violated } from './judgment.js';
import { type Reading, externalsOf, num, readBefore, resolutionOf } from './readings.js';

const round = (v: number) => Number(v.toFixed(4));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const evidence = (...rs: Reading[]) => rs.flatMap((r) => (r.reply ? [r.reply] : []));

/** Each form's readings in the order the device answered them. */
function byForm(series: readonly Reading[]): Reading[][] {
  const forms = new Map<Reading['form'], Reading[]>();
  for (const r of series) {
    const rs = forms.get(r.form);
    if (rs) rs.push(r);
    else forms.set(r.form, [r]);
  }
  return [...forms.values()].map((rs) => rs.sort((a, b) => a.at - b.at));
}

/** The meter a reading is of: its unique_id, where it has one. */
const meterOf = (r: Reading) => (typeof r.fields.unique_id === 'string' ? r.fields.unique_id : null);

/** V-READ-05: registers and the meter's timestamp never go back while the meter stays the same. */
export function vread05(series: readonly Reading[]): Judgment {
  let pairs = 0;
  for (const rs of byForm(series)) {
    for (let i = 1; i < rs.length; i += 1) {
      const [a, b] = [rs[i - 1]!, rs[i]!];
      // Answers that overlapped (two integrations at once) have no order to hold them to.
      if (meterOf(a) !== meterOf(b) || !readBefore(a, b)) continue;
      pairs += 1;
      const later = `${seconds(b.at - a.at)} later (the ${b.form} readings${meterOf(a) ? ` of meter ${meterOf(a)}` : ''})`;
      for (const f of REGISTERS) {
        const [x, y] = [num(a, f), num(b, f)];
        if (x !== undefined && y !== undefined && y < x - 1e-9)
          return violated(`${f} never to go back while the meter stays the same`, `${x}, then ${y} ${later}`, ...evidence(a, b));
      }
      for (const e of externalsOf(b)) {
        const before = externalsOf(a).find((x) => x.id === e.id);
        if (before && e.value < before.value - 1e-9) {
          return violated(
            `the external ${e.type} meter ${e.id}'s value never to go back`,
            `${before.value} ${before.unit}, then ${e.value} ${later}`,
            ...evidence(a, b),
          );
        }
      }
      const [s, t] = [a.fields.timestamp, b.fields.timestamp];
      if (typeof s === 'string' && typeof t === 'string' && Date.parse(t) < Date.parse(s)) {
        return violated("the meter's timestamp never to go back", `${s}, then ${t} ${later}`, ...evidence(a, b));
      }
    }
  }
  return pairs ? HELD : notJudged('fewer than two readings of one form');
}

/** Two reads this far apart or further say nothing of what flowed between them. */
export const MAX_GAP_MS = 30_000;
/** A flow is judged once the power read implies this many steps of the register per stretch of reads. */
export const STEPS_TO_JUDGE = 6;

export interface FlowTally {
  flow: Flow;
  form: Reading['form'];
  /** What the rate read implies flowed (the trapezoid of each pair of reads), in the register's unit. */
  implied: number;
  grew: number;
  oppositeGrew: number;
  /** Unbroken stretches of reads with the rate flowing the register's way. */
  stretches: number;
  seconds: number;
  resolution: number;
  first?: Reading;
  last?: Reading;
}

/** What `rs` (one form, in order) says flowed into `flow`'s register and how the registers moved, over the stretches where it flowed that way. */
export function tallyFlow(flow: Flow, rs: readonly Reading[]): FlowTally {
  const t: FlowTally = { flow, form: rs[0]?.form ?? 'v2', implied: 0, grew: 0, oppositeGrew: 0, stretches: 0, seconds: 0, resolution: 0 };
  const flowing = (r: Reading) => (num(r, flow.rate) ?? 0) * flow.sign > 0 && num(r, flow.register) !== undefined;
  let open = false;
  for (let i = 1; i < rs.length; i += 1) {
    const [a, b] = [rs[i - 1]!, rs[i]!];
    const dt = b.at - a.at;
    // Two readings of one moment (two integrations' answers handled in one turn of a busy event loop) say nothing of a flow, and break none.
    if (dt === 0 && flowing(a) && flowing(b)) continue;
    if (!(flowing(a) && flowing(b) && dt > 0 && dt <= MAX_GAP_MS && meterOf(a) === meterOf(b))) {
      open = false;
      continue;
    }
    if (!open) t.stretches += 1;
    open = true;
    t.first ??= a;
    t.last = b;
    t.implied += ((num(a, flow.rate)! + num(b, flow.rate)!) / 2) * flow.sign * (dt / 1000) * flow.perSecond;
    t.grew += num(b, flow.register)! - num(a, flow.register)!;
    if (flow.opposite) t.oppositeGrew += (num(b, flow.opposite) ?? 0) - (num(a, flow.opposite) ?? 0);
    t.seconds += dt / 1000;
  }
  // One meter resolves both directions alike: a register that stood still (541.75, its trailing zero dropped) shows fewer decimals.
  t.resolution = resolutionOf(
    rs.flatMap((r) => [flow.register, flow.opposite ?? flow.register].map((f) => num(r, f) ?? 0)),
    flow.leastResolution,
  );
  return t;
}

/** Whether enough flowed for the tally to be judged. */
export const judgeable = (t: FlowTally): boolean => t.stretches > 0 && t.implied >= STEPS_TO_JUDGE * t.resolution * t.stretches;

/** The tallies of every flow in every form of `series`. */
export const tallies = (series: readonly Reading[]): FlowTally[] => byForm(series).flatMap((rs) => FLOWS.map((f) => tallyFlow(f, rs)));

/** V-READ-06: a register grows with the power (or water) that flowed its way, and the opposite register does not. */
export function vread06(series: readonly Reading[]): Judgment {
  const all = tallies(series);
  const judged = all.filter(judgeable);
  for (const t of judged) {
    const { flow, resolution: res, stretches } = t;
    const least = t.implied / 2 - res * stretches;
    const over = `over ${t.stretches} stretch${t.stretches === 1 ? '' : 'es'} of ${seconds(t.seconds * 1000)} of ${t.form} readings with ${flow.rate} ${flow.sign > 0 ? '> 0' : '< 0'} at each`;
    const said = `${flow.rate} read says ${round(t.implied)} flowed ${over}`;
    if (t.grew < least - 1e-9) {
      return violated(
        `${flow.register} to grow by at least half of what ${flow.rate} says flowed, less its resolution ${res} a stretch: ${round(least)}`,
        `it grew by ${round(t.grew)} where the ${said}${flow.opposite ? `; ${flow.opposite} grew by ${round(t.oppositeGrew)}` : ''}`,
        ...evidence(t.first!, t.last!),
      );
    }
    const most = t.implied / 2 + res * stretches;
    if (flow.opposite && t.oppositeGrew > most + 1e-9) {
      return violated(
        `${flow.opposite} to stay (at most ${round(most)}) while ${flow.rate} flows into ${flow.register}`,
        `${flow.opposite} grew by ${round(t.oppositeGrew)} where the ${said}`,
        ...evidence(t.first!, t.last!),
      );
    }
  }
  if (judged.length) return HELD;
  const most = [...all].sort((a, b) => b.implied / (b.resolution || 1) - a.implied / (a.resolution || 1))[0];
  return notJudged(
    most && most.implied > 0
      ? `too little flowed to judge: the most, ${round(most.implied)} into ${most.flow.register} by the ${most.form} readings over ${seconds(most.seconds * 1000)}, is under ${STEPS_TO_JUDGE} steps of its ${most.resolution} resolution`
      : 'no two readings in a row carry a register and a rate flowing its way (a meter at no load)',
  );
}

/** Readings of another form are compared with the v2 readings on either side, no further apart than this. */
export const BRACKET_MS = 5_000;

/** The quantities of a moment V-READ-07 compares where the v2 readings around agree, and what they may differ by besides 5 %. */
const INSTANT: readonly { test: (f: string) => boolean; slack: (kind: KindId) => number; unit: string }[] = [
  { test: (f) => /^power(_l[123])?_w$/.test(f), slack: () => 5, unit: 'W' },
  { test: (f) => /^voltage(_l[123])?_v$/.test(f), slack: () => 2, unit: 'V' },
  { test: (f) => /^current(_l[123])?_a$/.test(f), slack: (k) => CURRENT_RESOLUTION_A[k], unit: 'A' },
  { test: (f) => f === 'frequency_hz', slack: () => 0.05, unit: 'Hz' },
];

/**
 * The v2 readings a reading of another form is held to: a v1 answer, those asked just before and after it; a WebSocket
 * message, whose reading time its arrival does not tell (a busy client reads it late), a v2 reading of the same meter
 * timestamp (the same telegram), where it carries one.
 */
function twinsOf(b: Reading, v2: readonly Reading[]): { a: Reading; c: Reading; words: string } | null {
  if (b.form === 'ws') {
    const same = typeof b.fields.timestamp === 'string' ? v2.find((r) => r.fields.timestamp === b.fields.timestamp && meterOf(r) === meterOf(b)) : undefined;
    return same ? { a: same, c: same, words: `the v2 reading of the same timestamp (${String(b.fields.timestamp)})` } : null;
  }
  const a = v2.filter((r) => readBefore(r, b)).at(-1);
  const c = v2.find((r) => readBefore(b, r));
  if (!a || !c || c.at - a.at > BRACKET_MS || meterOf(a) !== meterOf(c)) return null;
  return { a, c, words: `the v2 readings around it (${seconds(c.at - a.at)} apart)` };
}

/** V-READ-07: a reading's v1 and WebSocket forms agree with the v2 readings of the same moment. */
export function vread07(series: readonly Reading[], { kind }: { kind: KindId }): Judgment {
  const v2 = series.filter((r) => r.form === 'v2').sort((x, y) => x.at - y.at);
  let compared = 0;
  for (const b of series.filter((r) => r.form !== 'v2')) {
    const twins = twinsOf(b, v2);
    if (!twins) continue;
    const { a, c, words: around } = twins;
    compared += 1;
    for (const f of Object.keys(b.fields)) {
      const [x, y, z] = [num(a, f), num(b, f), num(c, f)];
      if (x === undefined || y === undefined || z === undefined) continue;
      const [lo, hi] = [Math.min(x, z), Math.max(x, z)];
      if ((REGISTERS as readonly string[]).includes(f)) {
        // The coarser of the two forms' resolutions: a form may write fewer decimals (or show fewer, a zero dropped).
        const res = Math.max(resolutionOf([y], 0.001), resolutionOf([x, z], 0.001));
        if (y < lo - res - 1e-9 || y > hi + res + 1e-9) {
          return violated(
            `the ${b.form} reading's ${f} as ${around} read it, within its resolution ${res}: ${x === z ? x : `${x} to ${z}`}`,
            `${y}`,
            ...evidence(...new Set([a, b, c])),
          );
        }
        continue;
      }
      const q = INSTANT.find((i) => i.test(f));
      // A quantity of the moment only where the v2 readings are of one telegram: a load may move and come back between two.
      if (!q || (a !== c && (typeof a.fields.timestamp !== 'string' || a.fields.timestamp !== c.fields.timestamp))) continue;
      const slack = q.slack(kind) + 0.05 * Math.max(Math.abs(x), Math.abs(z));
      // Only a quantity the v2 readings agree on is compared: the load may have changed between them.
      if (hi - lo > slack) continue;
      if (y < lo - slack || y > hi + slack) {
        const ratio = Math.abs(x) > 0 ? ` (×${round(y / x)})` : '';
        const read = a === c ? `${x} ${q.unit}` : `${x} and ${z} ${q.unit}`;
        return violated(
          `the ${b.form} reading's ${f} as ${around} read it: ${read}, within 5 % and ${q.slack(kind)} ${q.unit}`,
          `${y} ${q.unit}${ratio}`,
          ...evidence(...new Set([a, b, c])),
        );
      }
    }
  }
  return compared
    ? HELD
    : notJudged(
        "no v1 reading between two v2 readings less than 5 s apart, nor a WebSocket measurement of a v2 reading's timestamp (the device serves one form, or one was not read)",
      );
}
