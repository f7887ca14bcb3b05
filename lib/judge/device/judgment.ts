// What a device judge reads and what it says. A judge is a pure function of recorded answers (and of what
// the run knew of the device before it asked): `run` judges the answers as they come, `soak` its spot
// checks, the explorer its steps, and a record can be judged again (lib/judge/device/table.ts).
import { describeResponse } from '../../client/answers.js';
import type { Exchange } from '../../client/exchange-log.js';
import type { KindId } from '../../spec/kinds.js';

/** One answer of the device as a judge reads it: a live DeviceResponse is one, so is a recorded exchange (answerOf). */
export interface Reply {
  status: number;
  /** Header names in lower case. */
  headers: Readonly<Record<string, string>>;
  /** The parsed body; undefined where it is not JSON. */
  json: unknown;
  /** The body as text, where the judge has it. */
  text?: string;
  /** The exchange, redacted: the evidence a failure shows first. */
  exchange?: Exchange;
}

/** What the run knew of the device before it asked, as a judge may need it. */
export interface DeviceFacts {
  kind: KindId;
  /** The version the device serves: its answer to GET /api without X-Api-Version, before any check; null where none was read. */
  served: string | null;
}

export type Judgment =
  /** `notJudged`: the answers hold nothing the clause reads (a field the meter does not report, too little energy flowed): why. */
  { held: true; notJudged?: string } | { held: false; expected: string; observed: string; evidence: readonly Exchange[] };

export const HELD: Judgment = { held: true };

/** Nothing to judge: the clause is not failed, and the check that reads this says why it could not judge (a skip). */
export const notJudged = (why: string): Judgment => ({ held: true, notJudged: why });

/** Why the judgment judged nothing, or undefined where it did. */
export const whyNotJudged = (j: Judgment): string | undefined => (j.held ? j.notJudged : undefined);

export function violated(expected: string, observed: string, ...about: Reply[]): Judgment {
  return { held: false, expected, observed, evidence: about.flatMap((r) => (r.exchange ? [r.exchange] : [])) };
}

/** `ok` holds, or the clause is violated as the words say. */
export const unless = (ok: boolean, expected: string, observed: string, ...about: Reply[]): Judgment => (ok ? HELD : violated(expected, observed, ...about));

/** The first judgment that does not hold, else HELD: each is asked only while the ones before held. */
export function allOf(...judgments: (() => Judgment)[]): Judgment {
  for (const j of judgments) {
    const r = j();
    if (!r.held) return r;
  }
  return HELD;
}

export function isJsonObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The JSON object of a 200 answer, else null. */
export const objectIn = (r: Pick<Reply, 'status' | 'json'>): Record<string, unknown> | null => (r.status === 200 && isJsonObject(r.json) ? r.json : null);

/** A 2xx status: the request was served. */
export const succeeded = (status: number): boolean => status >= 200 && status <= 299;

/** Status and (the start of) the body, as every message shows an answer. */
export const shownReply = (r: Reply): string => (r === NO_ANSWER ? 'no answer' : describeResponse(r));

/** The `error` of an error body (Errors), if the answer has one. */
export const errorOf = (r: Reply): unknown => (isJsonObject(r.json) ? r.json.error : undefined);

/** The error codes of the specification (Errors) the device's judges name. */
export const UNAUTHORIZED = 'user:unauthorized';
export const NOT_ENABLED = 'user:creation-not-enabled';
export const NOT_SUPPORTED = 'request:api-version-not-supported';

/** What a judgment that does not hold expected, with the words of its occasion after it ("to X-Api-Version: 1"). */
export const withWords = (j: Judgment, words: string | undefined): Judgment => (j.held || !words ? j : { ...j, expected: `${j.expected} ${words}` });

/** The specification's error answer `{error: <code>}` (Errors). */
export const errorAnswer = (r: Reply, status: number, code: string): Judgment =>
  unless(r.status === status && errorOf(r) === code, `${status} {"error":"${code}"}`, shownReply(r), r);

export const statusIs = (r: Reply, status: number): Judgment => unless(r.status === status, `status ${status}`, shownReply(r), r);

/** What a judge is given where the device answered nothing: its words say so ("no answer"). */
export const NO_ANSWER: Reply = { status: 0, headers: {}, json: undefined, text: '' };

/** A recorded exchange read as a judge reads an answer; null where nothing was answered. */
export function answerOf(ex: Exchange): Reply | null {
  if (ex.status === undefined) return null;
  const text = ex.responseBody ?? '';
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: ex.status, headers: ex.responseHeaders ?? {}, json, text, exchange: ex };
}
