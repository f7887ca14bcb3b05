// Endpoints and Errors: what every answer of a kind carries, whichever check asked for it.
import { describeExchange, type Exchange } from '../../client/exchange-log.js';
import { ERROR_ANSWER_ENDPOINTS, endpointName } from '../../spec/endpoints.js';
import { errorV2 } from '../../spec/schemas.js';
import { type Judgment, type Reply, shownReply, unless } from './judgment.js';

const GOVERNED = new Set(ERROR_ANSWER_ENDPOINTS.map(endpointName));

/** ERR-02, on every answer with a JSON body: `Content-Type: application/json`, parameters allowed. Held on any other answer. */
export const err02 = (r: Reply): Judgment => {
  if (r.json === undefined) return { held: true };
  const type = r.headers['content-type'];
  return unless(/^application\/json\s*(;|$)/i.test(type ?? ''), 'Content-Type: application/json on a JSON body', `Content-Type: ${type ?? 'absent'}`, r);
};

/** The error answers (4xx, 5xx) ERR-01 governs: over v2, to a method and path of the specification's table. */
export function governedByErr01(e: Exchange): boolean {
  if (e.side !== 'v2' || e.error !== undefined || (e.status ?? 0) < 400) return false;
  try {
    return GOVERNED.has(`${e.method} ${new URL(e.url).pathname}`);
  } catch {
    return false;
  }
}

/** ERR-01, on every error answer it governs: a JSON object `{error: string}`. Held on any other answer. */
export const err01 = (r: Reply): Judgment =>
  r.status < 400 ? { held: true } : unless(errorV2.safeParse(r.json).success, 'every error answer a JSON object {"error": <string>}', shownReply(r), r);

/**
 * A clause of every answer of a class over many answers at once, as one judgment: the first that does not hold leads
 * the evidence, and the words count them ("2 of 3 error answers not: …").
 */
export function judgeEvery(judge: (r: Reply) => Judgment, answers: readonly Reply[], noun: string): Judgment {
  const bad = answers.map((r) => ({ r, j: judge(r) })).flatMap(({ r, j }) => (j.held ? [] : [{ r, j }]));
  const first = bad[0];
  if (!first) return { held: true };
  return {
    held: false,
    expected: first.j.expected,
    evidence: bad.flatMap(({ j }) => j.evidence),
    observed: `${bad.length} of ${answers.length} ${noun}${answers.length === 1 ? '' : 's'} not: ${first.r.exchange ? describeExchange(first.r.exchange) : shownReply(first.r)}`,
  };
}
