// Every device clause judged by one pure function of the answer it reads, with the request that reads it:
// `run`'s checks (answerClauseTest), the soak's spot checks and the explorer call these and no other code.
// The clauses not in it are still judged inside their suite's check (lib/judge/device/table.spec.ts
// lists them, and that list only shrinks).
import type { Asking } from '../../client/answers.js';
import type { ClauseId } from '../../spec/clause-types.js';
import { auth01 } from './auth.js';
import { cloud01 } from './cloud.js';
import { info01, info02, info03, info04, info05, info06 } from './info.js';
import { type DeviceFacts, type Judgment, type Reply, answerOf } from './judgment.js';
import type { Exchange } from '../../client/exchange-log.js';
import { err01, err02, governedByErr01 } from './errors.js';
import { meas01 } from './measurement.js';
import { sock01 } from './socket.js';
import { ver01, ver02, ver03 } from './versioning.js';


export interface AnswerJudge {
  asks: Asking;
  judge(r: Reply, facts: DeviceFacts): Judgment;
}

const API: Asking = { side: 'v2', path: '/api', token: true };

export const ANSWER_JUDGES = {
  'INFO-01': { asks: API, judge: info01 },
  'INFO-02': { asks: API, judge: info02 },
  'INFO-03': { asks: API, judge: info03 },
  'INFO-04': { asks: API, judge: info04 },
  'INFO-05': { asks: API, judge: info05 },
  'INFO-06': { asks: API, judge: info06 },
  'AUTH-01': { asks: { side: 'v2', path: '/api', token: false }, judge: auth01 },
  'VER-02': { asks: API, judge: ver02 },
  'VER-03': { asks: { ...API, headers: { 'X-Api-Version': '2' } }, judge: ver03 },
  'MEAS-01': { asks: { side: 'v2', path: '/api/measurement', token: true }, judge: meas01 },
  'SOCK-01': { asks: { side: 'v1', path: '/api/v1/state', token: false }, judge: sock01 },
  'CLOUD-01': { asks: { side: 'v1', path: '/api/v1/system', token: false }, judge: cloud01 },
} as const satisfies Partial<Record<ClauseId, AnswerJudge>>;

export type AnswerClause = keyof typeof ANSWER_JUDGES;

/** Clauses judged on every answer of a class, whichever request of whichever check had it: what the class is, and the judge. */
export interface EveryAnswerJudge {
  /** The recorded exchanges the clause governs. */
  governs(ex: Exchange): boolean;
  judge(r: Reply, facts: DeviceFacts): Judgment;
}

const success = (ex: Exchange) => ex.status !== undefined && ex.status >= 200 && ex.status <= 299;

export const EVERY_ANSWER_JUDGES = {
  'VER-01': { governs: (ex) => ex.side === 'v2' && success(ex), judge: ver01 },
  'ERR-01': { governs: governedByErr01, judge: err01 },
  'ERR-02': { governs: (ex) => answerOf(ex)?.json !== undefined, judge: err02 },
} as const satisfies Partial<Record<ClauseId, EveryAnswerJudge>>;

export type EveryAnswerClause = keyof typeof EVERY_ANSWER_JUDGES;
export type JudgedClause = AnswerClause | EveryAnswerClause;

export const isAnswerClause = (id: string): id is AnswerClause => Object.hasOwn(ANSWER_JUDGES, id);
export const isJudgedClause = (id: string): id is JudgedClause => isAnswerClause(id) || Object.hasOwn(EVERY_ANSWER_JUDGES, id);

export function judgeAnswer(id: JudgedClause, r: Reply, facts: DeviceFacts): Judgment {
  return (isAnswerClause(id) ? ANSWER_JUDGES[id] : EVERY_ANSWER_JUDGES[id]).judge(r, facts);
}
