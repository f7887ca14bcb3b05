// A clause violated by the device: an assertion, never a harness error.
import type { Exchange } from '../client/exchange-log.js';
import { describeResponse as shown, safeBody } from '../client/answers.js';
import type { ErrorCode } from '../spec/error-codes.js';
import { violationText } from '../contract/judge.js';
import { servedText } from '../judge/device/versioning.js';
import { type Judgment, isJsonObject, whyNotJudged } from '../judge/device/judgment.js';

export { servedText };

export class ClauseFailure extends Error {
  readonly code: ErrorCode = 'EC_CLAUSE_VIOLATED';
  /** The exchanges the failure is about (a socket row's PUT and read-back): the reports show them first. */
  readonly exchanges: readonly Exchange[];
  constructor(
    readonly expected: string,
    readonly observed: string,
    evidence?: Exchange | readonly Exchange[],
  ) {
    const exchanges = evidence === undefined ? [] : Array.isArray(evidence) ? evidence : [evidence as Exchange];
    super(violationText(expected, observed, exchanges));
    this.name = 'ClauseFailure';
    this.exchanges = exchanges;
  }
}

/** The check could not bring the device into the state it starts from: neither a pass nor one clause's failure. */
export class PreconditionError extends Error {
  readonly code: ErrorCode = 'EC_PRECONDITION';
  override name = 'PreconditionError';
}

/** A judgment of the device's judges (lib/judge/device) that does not hold, as the check's failure; null where it holds. */
export const failureOf = (j: Judgment): ClauseFailure | null => (j.held ? null : new ClauseFailure(j.expected, j.observed, j.evidence));

/** The judge had nothing to judge (a field the device does not report, too little time): the clause is skipped, saying why. */
export class NotJudged extends Error {
  override name = 'NotJudged';
}

/** A judgment that does not hold fails the check; one that judged nothing skips it (NotJudged). */
export function expectJudged(j: Judgment): void {
  const why = whyNotJudged(j);
  if (why !== undefined) throw new NotJudged(why);
  expectHeld(j);
}

/** A judgment that does not hold fails the check, its answers shown first. */
export function expectHeld(j: Judgment): void {
  const failure = failureOf(j);
  if (failure) throw failure;
}

export { isJsonObject };

export { shown as describeResponse, safeBody };
