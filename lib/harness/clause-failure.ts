// A clause violated by the device: an assertion, never a harness error.
import { describeExchange, type Exchange } from '../client/exchange-log.js';
import { describeResponse as shown, errorCode, safeBody } from '../client/answers.js';
import type { DeviceResponse } from '../client/device-client.js';
import type { ErrorCode } from '../spec/error-codes.js';
import { SEMVER } from '../spec/schemas.js';

export class ClauseFailure extends Error {
  readonly code: ErrorCode = 'EC_CLAUSE_VIOLATED';
  constructor(readonly expected: string, readonly observed: string, readonly exchange?: Exchange) {
    super(`expected ${expected}; observed ${observed}${exchange ? `\nexchange: ${describeExchange(exchange)}` : ''}`);
    this.name = 'ClauseFailure';
  }
}

/** The check could not bring the device into the state it starts from: neither a pass nor one clause's failure. */
export class PreconditionError extends Error {
  readonly code: ErrorCode = 'EC_PRECONDITION';
  override name = 'PreconditionError';
}

export function expectThat(ok: boolean, expected: string, observed: string, res?: DeviceResponse): void {
  if (!ok) throw new ClauseFailure(expected, observed, res?.exchange);
}

export function expectStatus(res: DeviceResponse, status: number): void {
  expectThat(res.status === status, `status ${status}`, shown(res), res);
}

/** The specification's error object `{error: <code>}` (Errors). */
export function expectError(res: DeviceResponse, status: number, code: string): void {
  const got = errorCode(res);
  expectThat(res.status === status && got === code, `${status} {"error":"${code}"}`, shown(res), res);
}

/** Versioning 6: X-Api-Version with the full MAJOR.MINOR.PATCH version (VER-01, VER-05). */
export function expectFullVersionHeader(res: DeviceResponse): void {
  const v = res.headers['x-api-version'];
  expectThat(v !== undefined && SEMVER.test(v), 'an X-Api-Version header of the form MAJOR.MINOR.PATCH',
    v === undefined ? 'no X-Api-Version header' : `X-Api-Version: ${v}`, res);
}

/** Endpoints: a JSON body says `Content-Type: application/json`, parameters allowed (ERR-02). */
export function expectJsonContentType(res: DeviceResponse): void {
  expectThat(/^application\/json\s*(;|$)/i.test(res.contentType ?? ''), 'Content-Type: application/json on a JSON body',
    `Content-Type: ${res.contentType ?? 'absent'}`, res);
}

export function isJsonObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function expectJsonObject(res: DeviceResponse): Record<string, unknown> {
  const body = res.json;
  if (!isJsonObject(body)) throw new ClauseFailure('a JSON object', shown(res), res.exchange);
  return body;
}

export { shown as describeResponse, safeBody };
