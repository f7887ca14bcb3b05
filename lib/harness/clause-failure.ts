// A clause violated by the device: an assertion, never a harness error.
import type { Exchange } from '../client/exchange-log.js';
import { describeResponse as shown, safeBody } from '../client/answers.js';
import type { ErrorCode } from '../spec/error-codes.js';
import { violationText } from '../contract/outcome.js';
import { servedText } from '../judge/device/versioning.js';
import { type Judgment, NO_ANSWER, isJsonObject, whyNotJudged } from '../judge/device/judgment.js';
import type { DeviceResponse } from '../client/device-client.js';
import { judgeOn } from './judged.js';

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

/** The device did not honour a press the hook reported done, after it had honoured this run's earlier ones: PAIR-03's failure. */
export class PressIgnored extends Error {
  override name = 'PressIgnored';
  readonly failure: ClauseFailure;
  constructor(why: string, seen: number, pressedAt: number, refused: readonly DeviceResponse[]) {
    const first = refused[0]?.exchange.startedAt ?? '';
    const last = refused.at(-1)?.exchange.startedAt ?? '';
    super(`could not run: the device did not honour the press (${why}) that the press hook reported done; PAIR-03 shows its refused POSTs`);
    // The first and the last refusals show it; the ones between only repeat them.
    const shown = refused.length > 6 ? [...refused.slice(0, 3), ...refused.slice(-3)] : refused;
    const j = judgeOn('PAIR-03', refused.at(-1) ?? NO_ANSWER, {
      ignored: {
        press: `${why}, at ${new Date(pressedAt).toISOString()}`,
        posts: refused.length,
        span: `from ${first} to ${last}`,
        windowsBefore: seen,
        shown,
      },
    });
    // PAIR-03's judge never holds an ignored press.
    this.failure = failureOf(j)!;
  }
}
