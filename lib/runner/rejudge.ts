// `rejudge`: a run's recorded exchanges judged again by this version's judges (lib/judge/device/table.ts): the
// answer clauses on the answers the record holds, the certificate's on the certificate it recorded, the occasion
// clauses on the judgments their checks kept (rejudge-occasions.ts). Pure: a results.json in, its checks as this
// version judges them and what changed out. What a record cannot judge again keeps its recorded outcome.
import type { Exchange } from '../client/exchange-log.js';
import type { Asking } from '../client/answers.js';
import { outcomeOf, violationText } from '../contract/outcome.js';
import {
  ANSWER_JUDGES,
  EVERY_ANSWER_JUDGES,
  isAnswerClause,
  isCertificateClause,
  isJudgedClause,
  isReadingClause,
  isRejudgeable,
  judgeCertificate,
  judgeReadings,
  readingsIn,
} from '../judge/device/table.js';
import { applianceIdentity } from '../spec/kinds.js';
import { weightAgain, rejudgeOccasions } from './rejudge-occasions.js';
import { type Judgment, answerOf, whyNotJudged } from '../judge/device/judgment.js';
import type { CheckResult, RunResults, Status } from '../report/results.js';
import type { KindId } from '../spec/kinds.js';

export interface Change {
  clause: string;
  was: Status;
  now: Status;
  /** What this version's judge said, where it does not hold. */
  why: string;
}

export interface Rejudged {
  checks: CheckResult[];
  changes: Change[];
  /** Clauses of the table judged again, and those whose record holds no answer the judge reads (kept as recorded, as skips and errors are). */
  judged: string[];
  unanswered: string[];
}

/** The request a judge reads, found in a check's recorded exchanges: the same side, path, Authorization or not, X-Api-Version. */
export function reads(asks: Asking, ex: Exchange): boolean {
  const headers = Object.fromEntries(Object.entries(ex.requestHeaders).map(([k, v]) => [k.toLowerCase(), v]));
  const version = Object.entries(asks.headers ?? {}).find(([k]) => k.toLowerCase() === 'x-api-version')?.[1];
  let path: string;
  try {
    path = new URL(ex.url).pathname;
  } catch {
    return false;
  }
  return (
    ex.method === 'GET' && ex.side === asks.side && path === asks.path && 'authorization' in headers === asks.token && headers['x-api-version'] === version
  );
}

const failed = (j: Judgment): j is Extract<Judgment, { held: false }> => !j.held;
const words = (j: Judgment) => (failed(j) ? violationText(j.expected, j.observed) : '');
/** Judged again: a clause of the table whose check ran to its end (a skip or an error keeps its record). */
const again = (c: CheckResult) => isRejudgeable(c.clause) && c.status !== 'skip' && c.status !== 'error';

type Target = RunResults['target'];

/** This version's judgments of a check from its record: one per answer its judge reads, or of the certificate; none where the record lacks them. */
function judgmentsOf(c: CheckResult, target: Target): Judgment[] {
  const id = c.clause;
  const kind = target.kind as KindId;
  if (isCertificateClause(id)) {
    const cert = target.certificate;
    if (!cert) return [];
    const facts = { pem: cert.pem, chainError: cert.chain_error, issuer: cert.issuer };
    if (id === 'TLS-01') return [judgeCertificate(id, facts)];
    return target.serial === null ? [] : [judgeCertificate(id, facts, { identity: applianceIdentity(kind, target.serial) })];
  }
  if (isReadingClause(id)) {
    // The readings the check took, judged as one series: a series this version cannot judge keeps its record.
    const j = judgeReadings(id, readingsIn(c.exchanges), { kind });
    return whyNotJudged(j) === undefined ? [j] : [];
  }
  if (!isJudgedClause(id)) return [];
  // A clause of one answer reads the GET its judge asks; a clause of every answer of a class, each of them.
  const governed = isAnswerClause(id) ? (ex: Exchange) => reads(ANSWER_JUDGES[id].asks, ex) : EVERY_ANSWER_JUDGES[id].governs;
  const judgeOf = isAnswerClause(id) ? ANSWER_JUDGES[id].judge : EVERY_ANSWER_JUDGES[id].judge;
  return c.exchanges
    .filter(governed)
    .map(answerOf)
    .filter((a) => a !== null)
    .map((a) => judgeOf(a, { kind, served: target.served_version ?? null }));
}

function rejudgeCheck(c: CheckResult, target: Target): { check: CheckResult; judged: boolean } {
  if (c.judged?.length) {
    const check = rejudgeOccasions(c);
    return check ? { check, judged: true } : { check: c, judged: false };
  }
  if (!again(c)) return { check: c, judged: false };
  const judgments = judgmentsOf(c, target);
  if (!judgments.length) return { check: c, judged: false };
  const wrong = judgments.filter(failed);
  const first = wrong[0];
  const outcome = outcomeOf(
    weightAgain(c, c.status),
    first
      ? { kind: 'violated', expected: first.expected, observed: first.observed, message: violationText(first.expected, first.observed, first.evidence) }
      : { kind: 'completed', observed: c.observed },
  );
  // Rows judged one answer each, where the record has one answer a row.
  const rows =
    c.rows && c.rows.length === judgments.length
      ? c.rows.map((r, i) => ({ ...r, status: judgments[i]!.held ? ('pass' as const) : outcome.status, message: words(judgments[i]!) }))
      : c.rows;
  const message = rows && rows.length > 1 && !first ? `(${rows.length} of ${rows.length} cases pass)` : outcome.message;
  return {
    check: { ...c, status: outcome.status, message, ...(rows ? { rows } : {}), ...(first ? { expected: first.expected, observed: first.observed } : {}) },
    judged: true,
  };
}

export function rejudge(r: Pick<RunResults, 'checks' | 'target'>): Rejudged {
  const out = r.checks.map((c) => rejudgeCheck(c, r.target));
  const changes = out.flatMap(({ check }, i) => {
    const was = r.checks[i]!;
    return check.status === was.status
      ? []
      : [{ clause: check.clause, was: was.status, now: check.status, why: check.status === 'pass' ? '' : check.message.split('\n')[0]! }];
  });
  return {
    checks: out.map((o) => o.check),
    changes,
    judged: out.filter((o) => o.judged).map((o) => o.check.clause),
    unanswered: out.filter((o, i) => !o.judged && again(r.checks[i]!)).map((o) => o.check.clause),
  };
}
