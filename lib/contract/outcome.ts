// How a check ended, and what docs/design.md's result model makes of it: pure functions, each outcome shown
// by a table in outcome.spec.ts. The suites' clauseTest and clauseRows, and the runner's own checks, use them.
import { describeExchange, type Exchange } from '../client/exchange-log.js';
import { clause } from '../spec/catalogue.js';
import type { ClauseId, Level } from '../spec/clause-types.js';
import type { CheckRecord } from './run-context.js';

/** A violation in the words every report uses: what was expected, what was observed, then each exchange it is about. */
export const violationText = (expected: string, observed: string, exchanges: readonly Exchange[] = []): string =>
  `expected ${expected}; observed ${observed}${exchanges.map((e) => `\nexchange: ${describeExchange(e)}`).join('')}`;

export type Ending =
  | { kind: 'completed'; observed?: unknown }
  /** A ClauseFailure: the device did not do what the clause says. */
  | { kind: 'violated'; message: string; expected: string; observed: string }
  /** The check could not run: `device` for a transport failure or a start state it could not reach, `suite` for a fault of the check. */
  | { kind: 'broken'; message: string; by: 'device' | 'suite' };

export interface Weight {
  level: Level;
  /** A SHOULD (violated, it warns), or a MUST under an "In development" capability (violated, a deviation). */
  soft: boolean;
  /** For a MUST under an "In development" capability: why its violation is a deviation. */
  deviation?: string;
  /** Why the clause's own outcome is not asked for (not selected), where the check ran for a clause it also judges. */
  notSelected?: string;
}

/** How a clause is judged on this run: a SHOULD, or a MUST in `deviations` (an "In development" capability), is soft. */
export function weightOf(id: ClauseId, deviations: Readonly<Record<string, string>>): Weight {
  const { level } = clause(id);
  const deviation = level === 'MUST' ? deviations[id] : undefined;
  return { level, soft: level === 'SHOULD' || deviation !== undefined, ...(deviation ? { deviation } : {}) };
}

export type Outcome = Pick<CheckRecord, 'status' | 'message' | 'expected' | 'observed' | 'deviation'> & {
  /** vitest is to see the test fail: a MUST violated, or a check that could not run. */
  fails: boolean;
};

const suiteFault = (message: string) => `the check itself failed: ${message}`;

/** The outcome of the clause a check is for. */
export function outcomeOf(c: Weight, e: Ending): Outcome {
  if (e.kind === 'broken') return { status: 'error', message: e.by === 'device' ? e.message : suiteFault(e.message), fails: true };
  if (c.notSelected) return { status: 'skip', message: c.notSelected, fails: false };
  if (e.kind === 'completed') return { status: c.level === 'OBSERVE' ? 'observation' : 'pass', message: '', observed: e.observed, fails: false };
  // An OBSERVE clause cannot be violated: a ClauseFailure there is the check's own mistake.
  if (c.level === 'OBSERVE') return { status: 'error', message: suiteFault(e.message), fails: false };
  const violated = { message: e.message, expected: e.expected, observed: e.observed };
  if (c.deviation) return { status: 'deviation', ...violated, deviation: c.deviation, fails: false };
  return { status: c.soft ? 'warn' : 'fail', ...violated, fails: !c.soft };
}

/**
 * The outcome of a clause a check also judges on its exchanges (`also`), or null where that cannot be
 * its outcome: the check itself broke, or an OBSERVE clause was "violated". The check then ends with it.
 */
export function alsoOutcomeOf(c: Weight, e: Ending): Outcome | null {
  if (e.kind === 'broken' || (e.kind === 'violated' && c.level === 'OBSERVE')) return null;
  return outcomeOf({ level: c.level, soft: c.soft, deviation: c.deviation }, e);
}

/**
 * Why a check does not run at all: a condition it needs; its own clause's gate not met (an option it needs, such as
 * --allow-reboot, or a capability: what the check does is then not the run's to do, whatever else it would judge); or
 * its clause not chosen by the run (`unselected`: --clause, --suite, --profile, explore) and none it also judges chosen.
 */
export function reasonNotToRun(o: { condition?: string; planned?: string; unselected: boolean; alsoSelected: number }): string | undefined {
  if (o.condition) return o.condition;
  if (!o.planned) return undefined;
  return !o.unselected || o.alsoSelected === 0 ? o.planned : undefined;
}

/** A record's message: what an observation saw where it says nothing else, and a row's title before it (not on a skip). */
export function messageOf(rowTitle: string | undefined, v: Pick<Outcome, 'status' | 'message' | 'observed'>): string {
  const message = v.message || (v.status === 'observation' && v.observed !== undefined ? JSON.stringify(v.observed) : '');
  return rowTitle && message && v.status !== 'skip' ? `${rowTitle}: ${message}` : message;
}
