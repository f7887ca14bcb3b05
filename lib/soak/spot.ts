// A soak's spot checks: every --check-every, a few clauses that read and change nothing and need no press,
// asked again of a device that has been polled for hours. A clause holds at a soak where it held at every
// spot check that reached the device; one that did not reach it (the device away) is counted, not failed.
import type { DeviceClient } from '../client/device-client.js';
import { describeExchange, type Exchange } from '../client/exchange-log.js';
import { ask } from '../client/answers.js';
import { isTransportError } from '../client/errors.js';
import { ANSWER_JUDGES, type AnswerClause, judgeAnswer } from '../judge/device/table.js';
import { clause } from '../spec/catalogue.js';
import { type ClauseId, clauseTitle } from '../spec/clause-types.js';
import { KINDS, type KindId } from '../spec/kinds.js';
import type { CheckResult } from '../report/results.js';
import { type Ending, outcomeOf, weightOf, violationText } from '../contract/outcome.js';
import { kindDeviations } from '../spec/catalogue.js';

export interface SpotContext {
  kind: KindId;
  token: string | null;
  /** The version the device served at the start (GET /api without X-Api-Version). */
  served: string | null;
  /** GET /api/v1/system answered at the start. */
  system: boolean;
}

/** The clauses a soak spot-checks, where the device has what each reads. Each is judged by `run`'s own judge. */
export const SPOT_CLAUSES: readonly { clause: AnswerClause; applies(c: SpotContext): boolean }[] = [
  { clause: 'INFO-01', applies: (c) => c.token !== null },
  { clause: 'INFO-02', applies: (c) => c.token !== null },
  { clause: 'VER-02', applies: (c) => c.token !== null && c.served !== null },
  { clause: 'AUTH-01', applies: (c) => c.token !== null },
  { clause: 'MEAS-01', applies: (c) => c.token !== null },
  { clause: 'SOCK-01', applies: (c) => KINDS[c.kind].state === 'Supported' },
  { clause: 'CLOUD-01', applies: (c) => c.system },
];

interface Tally {
  held: number;
  unreached: number;
  failures: { at: number; expected: string; observed: string; exchanges: Exchange[] }[];
}

/** Every spot check of the soak, clause by clause. */
export class SpotChecks {
  private readonly tally = new Map<ClauseId, Tally>();
  occasions = 0;

  constructor(
    private readonly device: DeviceClient,
    private readonly context: SpotContext,
  ) {
    for (const s of SPOT_CLAUSES) if (s.applies(context)) this.tally.set(s.clause, { held: 0, unreached: 0, failures: [] });
  }

  get clauses(): ClauseId[] {
    return [...this.tally.keys()];
  }

  /** One occasion: each chosen clause asked once. `at`: seconds from the start. */
  async run(at: number): Promise<void> {
    this.occasions += 1;
    // Only this occasion's exchanges are kept: hours of spot checks stay small.
    this.device.log.records.length = 0;
    const { kind, served, token } = this.context;
    for (const s of SPOT_CLAUSES) {
      const t = this.tally.get(s.clause);
      if (!t) continue;
      try {
        const j = judgeAnswer(s.clause, await ask(this.device, ANSWER_JUDGES[s.clause].asks, token), { kind, served });
        if (j.held) t.held += 1;
        // The first failures keep their exchanges; later ones are counted.
        else t.failures.push({ at, expected: j.expected, observed: j.observed, exchanges: t.failures.length < 3 ? [...j.evidence] : [] });
      } catch (err) {
        if (!isTransportError(err)) throw err;
        t.unreached += 1;
      }
    }
  }

  /** One check per clause, its outcome by the rule every command's checks have (contract/outcome.ts): a deviation where `run`'s would be one. */
  results(): CheckResult[] {
    const deviations = kindDeviations(this.context.kind);
    return [...this.tally].map(([id, t]) => {
      const c = clause(id);
      const base = { clause: id, level: c.level, title: clauseTitle(c), area: c.area, durationMs: 0 };
      const reached = t.held + t.failures.length;
      const unreached = t.unreached ? `; ${t.unreached} did not reach the device` : '';
      const weight = weightOf(id, deviations);
      if (t.failures.length) {
        const first = t.failures[0]!;
        const message =
          `failed at ${t.failures.length} of ${reached} spot checks, the first ${Math.round(first.at)} s into the soak: ${violationText(first.expected, first.observed)}${unreached}` +
          (first.exchanges[0] ? `\nexchange: ${describeExchange(first.exchanges[0])}` : '');
        const { fails: _, ...v } = outcomeOf(weight, { kind: 'violated', message, expected: first.expected, observed: first.observed });
        return { ...base, ...v, exchanges: t.failures.flatMap((f) => f.exchanges), evidence: first.exchanges.length };
      }
      const ending: Ending = reached
        ? { kind: 'completed', observed: `held at ${t.held} of ${reached} spot checks${unreached}` }
        : { kind: 'broken', by: 'device', message: `no spot check reached the device (${t.unreached} tried)` };
      const { fails: _, ...v } = outcomeOf(weight, ending);
      return { ...base, ...v, exchanges: [] };
    });
  }
}
