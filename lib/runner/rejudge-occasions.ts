// rejudge for the occasion clauses (lib/judge/device/table.ts OCCASION_JUDGES): each judgment a check kept
// (lib/harness/judged.ts) judged again by this version's judge, on the answer and the occasion the record holds.
// A case is judged again only where its record can say why it ended as it did: a pass, or a failure of a kept
// judgment; a failure that came from elsewhere in the check, or of a judgment the record cannot judge again, stays.
import { type Weight, outcomeOf, violationText } from '../contract/outcome.js';
import { judgeKept } from '../judge/device/kept.js';
import { isConversationClause, isOccasionClause } from '../judge/device/table.js';
import type { Judgment } from '../judge/device/judgment.js';
import type { JudgedOccasion } from '../client/kept-judgment.js';
import type { CaseResult, CheckResult, Status } from '../report/results.js';
import { worstStatus } from './assemble.js';

const JUDGED: readonly Status[] = ['pass', 'fail', 'deviation', 'warn'];

type Violated = Extract<Judgment, { held: false }>;
const words = (j: Violated) => violationText(j.expected, j.observed);

/** How a recorded case of `c` is judged again: its clause's level; soft where it warned or was a deviation. */
export const weightAgain = (c: CheckResult, was: Status): Weight => ({
  level: c.level,
  soft: c.level === 'SHOULD' || was === 'deviation',
  ...(c.deviation ? { deviation: c.deviation } : {}),
});

/** A case's judgments again: the first that no longer holds, none where all hold; undefined where the record cannot say. */
function caseAgain(c: CheckResult, status: Status, judged: readonly JudgedOccasion[]): Violated | null | undefined {
  if (!JUDGED.includes(status) || !(isOccasionClause(c.clause) || isConversationClause(c.clause))) return undefined;
  // A problem none of its kept judgments shows came from elsewhere in the check.
  if (status !== 'pass' && judged.every((j) => j.held)) return undefined;
  for (const j of judged) {
    const again = j.kept === undefined ? judgeKept(c.clause, j, c.exchanges) : null;
    if (again === null && !j.held) return undefined;
    if (again && !again.held) return again;
  }
  return null;
}

/** `c` judged again from its kept judgments, or null where nothing of it can be. */
export function rejudgeOccasions(c: CheckResult): CheckResult | null {
  if (!c.judged?.length) return null;
  const cases: (CaseResult & { again?: Violated | null })[] = (c.rows ?? [{ title: c.title, status: c.status, message: c.message }]).map((r) => ({ ...r }));
  let judgedAny = false;
  for (const [i, row] of cases.entries()) {
    const mine = c.judged.filter((j) => j.case === i);
    if (!mine.length) continue;
    const again = caseAgain(c, row.status, mine);
    if (again === undefined) continue;
    judgedAny = true;
    row.again = again;
    const outcome = outcomeOf(
      weightAgain(c, row.status),
      again ? { kind: 'violated', expected: again.expected, observed: again.observed, message: words(again) } : { kind: 'completed', observed: undefined },
    );
    [row.status, row.message] = [outcome.status, again ? words(again) : ''];
  }
  if (!judgedAny) return null;
  const status = worstStatus(cases.map((r) => r.status));
  const first = cases.find((r) => r.status === status && r.again)?.again;
  const rows = c.rows ? cases.map(({ again: _, ...r }) => r) : undefined;
  const failing = rows?.filter((r) => r.status === status).length ?? 0;
  const message = first
    ? violationText(first.expected, first.observed, first.evidence)
    : status === c.status
      ? c.message
      : rows
        ? `(${failing} of ${rows.length} cases ${status})`
        : '';
  const { expected: _e, observed: _o, ...rest } = c;
  const shows = first ? { expected: first.expected, observed: first.observed } : status === c.status ? { expected: c.expected, observed: c.observed } : {};
  return { ...rest, status, message, ...(rows ? { rows } : {}), ...Object.fromEntries(Object.entries(shows).filter(([, v]) => v !== undefined)) };
}
