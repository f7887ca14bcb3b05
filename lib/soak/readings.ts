// What a soak's integrations read of the meter, judged as readings (V-READ) over the whole soak by the table's judges:
// each reading on its own, and the readings over time and across forms. Memory stays bounded: the readings are judged
// a stretch at a time, each stretch starting with the last few of the one before, so that no pair goes unjudged.
import { clause } from '../spec/catalogue.js';
import { type ClauseId, clauseTitle } from '../spec/clause-types.js';
import type { KindId } from '../spec/kinds.js';
import { v2Fields } from '../spec/readings.js';
import { vendorGateHolds } from '../spec/vendor-kinds.js';
import { isJsonObject, whyNotJudged } from '../judge/device/judgment.js';
import type { Reading } from '../judge/device/readings.js';
import { READING_CLAUSES, type ReadingClause, judgeReadings } from '../judge/device/table.js';
import type { CheckResult } from '../report/results.js';
import { type Ending, outcomeOf, weightOf, violationText } from '../contract/outcome.js';
import { kindDeviations } from '../spec/catalogue.js';

/** Readings judged at a time (some minutes of a soak's polls), and those carried into the next stretch. */
export const STRETCH = 1200;
const CARRIED = 12;

interface Tally {
  judged: number;
  failure?: { fromS: number; toS: number; expected: string; observed: string };
  failures: number;
  why?: string;
}

const seconds = (ms: number) => Math.round(ms / 1000);

export class SoakReadings {
  private pending: Reading[] = [];
  /** Readings added since the last stretch was judged. */
  private fresh = 0;
  private readonly tally = new Map<ReadingClause, Tally>();
  readings = 0;

  constructor(private readonly kind: KindId) {
    if (vendorGateHolds('v-readings', kind)) for (const id of READING_CLAUSES) this.tally.set(id, { judged: 0, failures: 0 });
  }

  /** A polled answer's body, asked `from` and answered `to` (the soak's milliseconds); a WebSocket message's data, heard at both. */
  add(form: Reading['form'], from: number, to: number, body: unknown): void {
    if (!this.tally.size || !isJsonObject(body)) return;
    this.readings += 1;
    this.fresh += 1;
    this.pending.push({ at: (from + to) / 2, span: [from, to], form, fields: v2Fields(body) });
    if (this.pending.length >= STRETCH) this.judge();
  }

  private judge(): void {
    const stretch = this.pending;
    this.fresh = 0;
    const span = { fromS: seconds(stretch[0]!.at), toS: seconds(stretch.at(-1)!.at) };
    for (const [id, t] of this.tally) {
      const j = judgeReadings(id, stretch, { kind: this.kind });
      const why = whyNotJudged(j);
      if (why !== undefined) t.why = why;
      else if (j.held) t.judged += 1;
      else {
        t.judged += 1;
        t.failures += 1;
        t.failure ??= { ...span, expected: j.expected, observed: j.observed };
      }
    }
    this.pending = stretch.slice(-CARRIED);
  }

  /** One check per clause, by the rule every command's checks have (contract/outcome.ts): violated where a stretch broke it, held where one judged it, else skipped saying why. */
  results(): CheckResult[] {
    if (this.fresh > 0) this.judge();
    const deviations = kindDeviations(this.kind);
    return [...this.tally].map(([id, t]) => {
      const c = clause(id as ClauseId);
      const base = { clause: id, level: c.level, title: clauseTitle(c), area: c.area, durationMs: 0, exchanges: [] };
      const of = `${this.readings} readings`;
      if (!t.failure && !t.judged) return { ...base, status: 'skip' as const, message: `not judged on the soak's ${of}: ${t.why ?? 'no readings'}` };
      const ending: Ending = t.failure
        ? {
            kind: 'violated',
            expected: t.failure.expected,
            observed: t.failure.observed,
            message: `failed in ${t.failures} of ${t.judged} stretches of the soak's ${of}, the first from ${t.failure.fromS} to ${t.failure.toS} s into the soak: ${violationText(t.failure.expected, t.failure.observed)}`,
          }
        : { kind: 'completed', observed: `held over the soak's ${of}` };
      const { fails: _, ...v } = outcomeOf(weightOf(id, deviations), ending);
      return { ...base, ...v };
    });
  }
}
