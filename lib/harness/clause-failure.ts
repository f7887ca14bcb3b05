// A clause violated by the device: an assertion, never a harness error.
import type { Exchange } from '../client/exchange-log.js';
import { describeResponse as shown, safeBody } from '../client/answers.js';
import type { DeviceResponse } from '../client/device-client.js';
import type { ErrorCode } from '../spec/error-codes.js';
import { violationText } from '../contract/judge.js';
import { servedText } from '../judge/device/versioning.js';
import { type Judgment, errorAnswer, isJsonObject, statusIs, whyNotJudged } from '../judge/device/judgment.js';

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

/** The answers a judgement is about, in the order they happened. */
export type Evidence = DeviceResponse | readonly DeviceResponse[];
const exchangesOf = (e: Evidence | undefined) => (e === undefined ? [] : (Array.isArray(e) ? e : [e as DeviceResponse]).map((r) => r.exchange));

/** The check could not bring the device into the state it starts from: neither a pass nor one clause's failure. */
export class PreconditionError extends Error {
  readonly code: ErrorCode = 'EC_PRECONDITION';
  override name = 'PreconditionError';
}

/** `evidence`: the answers judged, the request that should have done something first (a PUT, then its read-back). */
export function expectThat(ok: boolean, expected: string, observed: string, evidence?: Evidence): void {
  if (!ok) throw new ClauseFailure(expected, observed, exchangesOf(evidence));
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

export const expectStatus = (res: DeviceResponse, status: number): void => expectHeld(statusIs(res, status));

/** The specification's error object `{error: <code>}` (Errors). */
export const expectError = (res: DeviceResponse, status: number, code: string): void => expectHeld(errorAnswer(res, status, code));

export { isJsonObject };

export function expectJsonObject(res: DeviceResponse): Record<string, unknown> {
  const body = res.json;
  if (!isJsonObject(body)) throw new ClauseFailure('a JSON object', shown(res), res.exchange);
  return body;
}

export { shown as describeResponse, safeBody };
