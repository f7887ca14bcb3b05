// A clause judged on the answer to one GET: the GET (what rejudge looks for in a record, what a check and the
// soak ask) and the judge. Each area's file lists its own beside its judges; table.ts gathers them.
import type { Asking } from '../../client/answers.js';
import type { ClauseId } from '../../spec/clause-types.js';
import type { DeviceFacts, Judgment, Reply } from './judgment.js';

export interface AnswerJudge {
  asks: Asking;
  judge(r: Reply, facts: DeviceFacts): Judgment;
}

export type AnswerJudges = Partial<Record<ClauseId, AnswerJudge>>;

export const API: Asking = { side: 'v2', path: '/api', token: true };
export const STATE: Asking = { side: 'v1', path: '/api/v1/state', token: false };
export const MEASUREMENT: Asking = { side: 'v2', path: '/api/measurement', token: true };
export const TELEGRAM: Asking = { side: 'v2', path: '/api/telegram', token: true };
export const BATTERIES: Asking = { side: 'v2', path: '/api/batteries', token: true };
