// Collected tests -> one result per catalogue clause, run or skipped, so coverage is computable.
import { clausesOf } from '../spec/catalogue.js';
import { type Profile, clauseTitle } from '../spec/clause-types.js';
import { suiteName } from '../spec/run-order.js';
import type { JudgedOccasion } from '../client/kept-judgment.js';
import { keptAt } from '../judge/device/kept.js';
import type { CaseResult, CheckResult, Status } from '../report/results.js';
import type { CheckRecord, RunnerCheck } from '../contract/run-context.js';
import type { CollectedTest, UnloadedFile } from './vitest-run.js';

const WORST: readonly Status[] = ['fail', 'error', 'deviation', 'warn', 'observation', 'pass', 'skip'];

/** The worst of the outcomes of a clause's cases, which is the clause's. */
export const worstStatus = (statuses: readonly Status[]): Status => WORST.find((s) => statuses.includes(s))!;

type Outcome = Omit<CheckResult, 'clause' | 'level' | 'title' | 'area' | 'rows' | 'judged'> & { case?: string; judged?: JudgedOccasion[] };

/** A check's outcome from its record, or from vitest's state where the test left none. */
export function fromTest(t: CollectedTest, r: CheckRecord | undefined): Outcome {
  if (r) {
    return {
      status: r.status,
      message: r.message || (r.observed !== undefined ? JSON.stringify(r.observed) : ''),
      durationMs: t.durationMs,
      expected: r.expected,
      observed: r.observed,
      ...(r.deviation ? { deviation: r.deviation } : {}),
      exchanges: r.exchanges,
      evidence: r.evidence ?? 0,
      ...(r.judged ? { judged: r.judged } : {}),
    };
  }
  // No record: the test never reached the wrapper's bookkeeping (a suite error, a timeout).
  const status: Status = t.state === 'skipped' ? 'skip' : t.state === 'passed' ? 'pass' : 'error';
  return { status, message: t.message, durationMs: t.durationMs, exchanges: [] };
}

const ROW_MESSAGES_SHOWN = 20;

/**
 * The distinct messages of a clause's cases (the rows of a table, a runner check) at its worst
 * outcome, a long list cut saying how much, and how many cases of how many had that outcome.
 */
function caseMessages(worst: readonly Outcome[], all: number): string {
  const distinct = [...new Set(worst.map((m) => m.message).filter(Boolean))];
  const more = distinct.length - ROW_MESSAGES_SHOWN;
  const lines = [...distinct.slice(0, ROW_MESSAGES_SHOWN), ...(more > 0 ? [`… and ${more} more messages`] : [])];
  if (all > 1 && worst[0]!.status !== 'skip') lines.push(`(${worst.length} of ${all} cases ${worst[0]!.status})`);
  return lines.join('\n');
}

/** The judgments of the cases shown (`shown`, of `all`), their answers indexed in the exchanges shown, one case after another. */
function judgedOf(shown: readonly Outcome[], all: readonly Outcome[]): CheckResult['judged'] {
  let offset = 0;
  const judged = shown.flatMap((m) => {
    const at = offset;
    offset += m.exchanges.length;
    return (m.judged ?? []).map((j) => ({ ...keptAt(j, at), case: all.indexOf(m) }));
  });
  return judged.length ? judged : undefined;
}

/** A case as results.json lists it: its title, and its message without the title it repeats. */
function caseOf(m: Outcome, clauseTitle: string): CaseResult {
  const title = m.case ?? clauseTitle;
  const message = m.message.startsWith(`${title}: `) ? m.message.slice(title.length + 2) : m.message;
  return { title, status: m.status, message };
}

/** Whether suite file `file` (`socket-orders.test.js`) holds checks of `area`: suites/<area>.test.ts and suites/<area>-*.test.ts. */
export const fileOfArea = (file: string, area: string): boolean => {
  const name = suiteName(file);
  return name === area || name.startsWith(`${area}-`);
};

export function assemble(
  tests: readonly CollectedTest[],
  skips: Record<string, string>,
  version: string,
  profiles: readonly Profile[],
  runnerChecks: readonly RunnerCheck[] = [],
  unloaded: readonly UnloadedFile[] = [],
  notReached?: string,
): CheckResult[] {
  // Each clause's outcomes in the order of the tests, then the runner's: one pass, not one per clause (a run has ~700 tests).
  const outcomes = new Map<string, Outcome[]>();
  const add = (clause: string, o: Outcome) => {
    const list = outcomes.get(clause);
    if (list) list.push(o);
    else outcomes.set(clause, [o]);
  };
  for (const t of tests) {
    // A test that recorded nothing is its title's clause's: `PAIR-04 …`.
    const space = t.title.indexOf(' ');
    // An interrupted run's checks that never began: vitest leaves them pending, or ended without a word.
    const unreached = notReached !== undefined && t.records.length === 0 && (t.state === 'pending' || !t.message) && t.state !== 'passed';
    if (t.records.length === 0 && space > 0) {
      add(t.title.slice(0, space), unreached ? { status: 'skip', message: notReached, durationMs: 0, exchanges: [] } : fromTest(t, undefined));
    }
    for (const r of t.records) add(r.clause, { ...fromTest(t, r), case: r.title ?? t.title });
  }
  for (const { clause, ...r } of runnerChecks) add(clause, { ...r, durationMs: 0 });
  return clausesOf(profiles).map((c) => {
    const base = { clause: c.id, level: c.level, title: clauseTitle(c), area: c.area };
    const mine = outcomes.get(c.id) ?? [];
    if (mine.length === 0) {
      // A clause planned to run whose area's file did not load, or was not run to its end: its check did not run, and the run says why.
      const broke = skips[c.id] === undefined ? unloaded.find((u) => fileOfArea(u.file, c.area)) : undefined;
      if (broke) {
        return {
          ...base,
          status: 'error',
          durationMs: 0,
          exchanges: [],
          message: `the check itself failed: suites/${broke.file} ${broke.fate ?? 'did not load'}: ${broke.message}`,
        };
      }
      const why = skips[c.id] ?? notReached;
      if (why !== undefined) return { ...base, status: 'skip', durationMs: 0, exchanges: [], message: why };
      // Planned, its area run to its end, and no check judged it: a defect of the suites, which must not pass as a skip.
      return { ...base, status: 'error', durationMs: 0, exchanges: [], message: `the check itself failed: no check of energy-conform ${version} judged it` };
    }
    const status = worstStatus(mine.map((m) => m.status));
    const durationMs = mine.reduce((n, m) => n + m.durationMs, 0);
    const rows = mine.length > 1 ? { rows: mine.map((m) => caseOf(m, base.title)) } : {};
    // An interrupted run that reached some of a clause's cases passed only those: the clause was not run in full.
    const unreached = notReached === undefined ? 0 : mine.filter((m) => m.status === 'skip' && m.message === notReached).length;
    if (unreached && status === 'pass') {
      const message = `${notReached}: ${unreached} of its ${mine.length} cases were not reached (the ${mine.length - unreached} before them passed)`;
      return { ...base, status: 'skip', durationMs, exchanges: [], message, ...rows };
    }
    // A file of its area the worker did not run to its end (it died): what ran of the clause passed, the rest is unknown.
    const cut = skips[c.id] === undefined ? unloaded.find((u) => u.fate && fileOfArea(u.file, c.area)) : undefined;
    if (cut && (status === 'pass' || status === 'observation')) {
      const ran = `of the clause, ${mine.length} ${mine.length === 1 ? 'case' : 'cases'} ran first: ${status}`;
      return {
        ...base,
        status: 'error',
        durationMs,
        exchanges: [],
        message: `the check itself failed: suites/${cut.file} ${cut.fate}: ${cut.message} (${ran})`,
        ...rows,
      };
    }
    const shown = mine.filter((m) => m.status === status);
    const worst = shown.map(({ case: _, judged: __, ...m }) => m);
    const judged = judgedOf(shown, mine);
    // Rows of a matrix: what each of them observed, not only the first.
    const observed = worst.length > 1 && worst.some((m) => m.observed !== undefined) ? worst.map((m) => m.observed) : worst[0]!.observed;
    return {
      ...base,
      ...worst[0]!,
      observed,
      status,
      durationMs,
      message: caseMessages(worst, mine.length),
      // The exchanges that showed the outcome: a failure's, not those of the rows that passed.
      exchanges: worst.flatMap((m) => m.exchanges),
      // The first case's evidence leads the exchanges.
      evidence: worst[0]!.evidence ?? 0,
      ...rows,
      ...(judged ? { judged } : {}),
    };
  });
}
