// Rules 5: GET /api/measurement. Its payloads are not shown; Endpoints: bodies are JSON. Any JSON value
// is conformant: an object, an array, a number (MEAS-02 records what it holds).
import { type Judgment, type Reply, allOf, shownReply, statusIs, unless } from './judgment.js';
import { type AnswerJudges, MEASUREMENT } from './asks.js';

export const meas01 = (r: Reply): Judgment =>
  allOf(
    () => statusIs(r, 200),
    () => unless(r.json !== undefined, 'a JSON body', shownReply(r), r),
  );

/** The answers this area's clauses are judged on (table.ts gathers them). */
export const MEASUREMENT_ANSWERS = {
  'MEAS-01': { asks: MEASUREMENT, judge: meas01 },
} as const satisfies AnswerJudges;
