// A check the runner makes itself (the pairing POST is PAIR-03's, --forget's self-deletion DEL-05's,
// CLOUD-07 with the operator), judged by the same rules as the suites' checks (contract/outcome.ts).
import type { Exchange } from '../../client/exchange-log.js';
import { type Ending, outcomeOf, weightOf, violationText } from '../../contract/outcome.js';
import type { SuiteContext } from '../../contract/run-context.js';
import type { ClauseId } from '../../spec/clause-types.js';
import type { RunnerCheck } from '../../contract/run-context.js';
import type { Judgment } from '../../judge/device/judgment.js';
import { type Noted, keptNotes } from '../../judge/device/kept.js';
import type { Redactor } from '../../client/redactor.js';

/** `kept`: the judgments it made (kept.ts noteOn), for its record to keep as a suite's check keeps its own. */
export function runnerCheck(
  context: Pick<SuiteContext, 'deviations'>,
  id: ClauseId,
  ending: Ending,
  exchanges: Exchange[],
  kept?: { notes: readonly Noted[]; redactor: Redactor },
): RunnerCheck {
  const { status, message, deviation } = outcomeOf(weightOf(id, context.deviations), ending);
  const judged = kept ? keptNotes(kept.notes, id, exchanges, kept.redactor) : [];
  return { clause: id, status, message, ...(deviation ? { deviation } : {}), exchanges, ...(judged.length ? { judged } : {}) };
}

/** A judgment of the device's judges (lib/judge/device/table.ts) as the ending of a runner's check. */
export const endingOf = (j: Judgment): Ending =>
  j.held ? { kind: 'completed' } : { kind: 'violated', message: violationText(j.expected, j.observed), expected: j.expected, observed: j.observed };
