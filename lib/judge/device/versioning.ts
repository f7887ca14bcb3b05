// Versioning: which version serves a request, and what the answer says of it.
import { SEMVER } from '../../spec/releases.js';
import { type DeviceFacts, type Judgment, NOT_SUPPORTED, type Reply, allOf, errorAnswer, statusIs, unless, withWords } from './judgment.js';
import { API, type AnswerJudges } from './asks.js';

const major = (v: string | undefined) => (v && SEMVER.test(v) ? Number(v.split('.')[0]) : NaN);
export const versionShown = (r: Reply) =>
  r.headers['x-api-version'] === undefined ? 'no X-Api-Version header' : `X-Api-Version: ${r.headers['x-api-version']}`;

/** The device's version as the VER clauses name it. */
export const servedText = (served: string) =>
  `X-Api-Version: ${served}, the version the device serves (its answer to GET /api without the header, before any check)`;

/** Where the version the device serves is known, the answer names it: a device serves one version of a MAJOR. */
const namesServed = (r: Reply, served: string | null): Judgment =>
  served === null ? { held: true } : unless(r.headers['x-api-version'] === served, servedText(served), versionShown(r), r);

/** VER-02, on GET /api without X-Api-Version: the latest version serves it, whatever was asked before. */
export const ver02 = (r: Reply, { served }: Pick<DeviceFacts, 'served'>): Judgment =>
  allOf(
    () => statusIs(r, 200),
    () => unless(major(r.headers['x-api-version']) >= 2, 'a response header whose MAJOR is at least 2', versionShown(r), r),
    () => namesServed(r, served),
  );

/** VER-03, on GET /api with `X-Api-Version: 2`: served by major version 2 (by the device's own, where its MAJOR is 2). */
export const ver03 = (r: Reply, { served }: Pick<DeviceFacts, 'served'>): Judgment =>
  allOf(
    () => statusIs(r, 200),
    () => unless(major(r.headers['x-api-version']) === 2, 'a response header whose MAJOR is 2', versionShown(r), r),
    () => namesServed(r, served !== null && major(served) === 2 ? served : null),
  );

/**
 * VER-01, on every successful v2 answer: X-Api-Version with the full MAJOR.MINOR.PATCH version that served it, the
 * device's one version wherever it is known (an answer naming another is the one that is wrong). Held on any other answer.
 */
export const ver01 = (r: Reply, { served }: Pick<DeviceFacts, 'served'>): Judgment => {
  if (r.status < 200 || r.status > 299) return { held: true };
  const v = r.headers['x-api-version'];
  return allOf(
    () => unless(v !== undefined && SEMVER.test(v), 'an X-Api-Version header of the form MAJOR.MINOR.PATCH', versionShown(r), r),
    () => namesServed(r, served),
  );
};

/** VER-04 (a version below the latest), VER-06 (above it), VER-10 (the header's name in any case): 400 request:api-version-not-supported. */
export const versionRefused = (r: Reply, o: { asked: string }): Judgment => withWords(errorAnswer(r, 400, NOT_SUPPORTED), `to X-Api-Version: ${o.asked}`);

/** VER-05, on that 400: X-Api-Version names the version the device serves, not the one asked for. */
export const ver05 = (r: Reply, { served }: { served: string }): Judgment =>
  unless(r.headers['x-api-version'] === served, servedText(served), versionShown(r), r);

/** VER-08, on a v1 endpoint asked over HTTP without X-Api-Version. */
export const ver08 = (r: Reply): Judgment => statusIs(r, 200);

/** The answers this area's clauses are judged on (table.ts gathers them). */
export const VERSIONING_ANSWERS = {
  'VER-02': { asks: API, judge: ver02 },
  'VER-03': { asks: { ...API, headers: { 'X-Api-Version': '2' } }, judge: ver03 },
} as const satisfies AnswerJudges;
