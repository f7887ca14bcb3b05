// ERR-01 on every occasion: each error answer any check provokes from a v2 endpoint of the
// specification's table (a refused name, a malformed credential, a deletion of nobody) is judged, not
// only those the errors suite asks for itself.
import { describeExchange, type Exchange } from '../client/exchange-log.js';
import { ERROR_ANSWER_ENDPOINTS, endpointName } from '../spec/endpoints.js';
import { errorV2 } from '../spec/schemas.js';
import { ClauseFailure } from './clause-failure.js';

const GOVERNED = new Set(ERROR_ANSWER_ENDPOINTS.map(endpointName));

/** The error answers (4xx, 5xx) among `exchanges` that ERR-01 governs: over v2, to a method and path of the table. */
export function errorAnswers(exchanges: readonly Exchange[]): Exchange[] {
  return exchanges.filter((e) => e.side === 'v2' && e.error === undefined && (e.status ?? 0) >= 400
    && GOVERNED.has(`${e.method} ${new URL(e.url).pathname}`));
}

function isErrorObject(e: Exchange): boolean {
  try {
    return errorV2.safeParse(JSON.parse(e.responseBody ?? '')).success;
  } catch {
    return false;
  }
}

/** Throws ERR-01's failure where an error answer is not a JSON object `{error: string}`; the first such answer leads the evidence. */
export function judgeErrorAnswers(answers: readonly Exchange[]): void {
  const bad = answers.filter((e) => !isErrorObject(e));
  if (bad.length === 0) return;
  throw new ClauseFailure('every error answer a JSON object {"error": <string>}',
    `${bad.length} of ${answers.length} error ${answers.length === 1 ? 'answer' : 'answers'} not: ${describeExchange(bad[0]!)}`, bad);
}
