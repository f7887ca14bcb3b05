// Resources: System state (v1): the cloud setting; States: Cloud communication.
import { cloudOf } from '../../client/cloud.js';
import { sameSocket, socketStateOf } from '../../client/socket-state.js';
import { type SocketState, describeSocket } from '../../spec/socket-model.js';
import { type Judgment, type Reply, allOf, shownReply, statusIs, unless } from './judgment.js';
import type { AnswerJudges } from './asks.js';

/** `cloud_enabled` of a 200 answer, else null. */
export const cloudIn = (r: Reply): boolean | null => cloudOf({ status: r.status, json: r.json, text: r.text ?? '' });

/** CLOUD-01, on GET /api/v1/system. */
export const cloud01 = (r: Reply): Judgment =>
  allOf(
    () => statusIs(r, 200),
    () => unless(cloudIn(r) !== null, 'a boolean cloud_enabled', shownReply(r), r),
  );

/**
 * A PUT of cloud_enabled and what follows it: the PUT's answer (200 with the value put), GET /api/v1/system after it
 * (reads `value`; `after`: the PUT it follows, in words), and the socket state after it, where the PUT must leave it be.
 */
export type CloudOccasion = { answer: 'put'; value: boolean } | { answer: 'read'; value: boolean; after?: string } | { answer: 'socket'; before: SocketState };

/** CLOUD-02 (the value it has: 200, and nothing changes), CLOUD-03 and CLOUD-04 (the other value), CLOUD-06 (a non-boolean: the setting kept). */
export function cloudSet(r: Reply, o: CloudOccasion): Judgment {
  if (o.answer === 'put') return unless(cloudIn(r) === o.value, `200 {"cloud_enabled":${o.value}}`, shownReply(r), r);
  if (o.answer === 'read')
    return unless(cloudIn(r) === o.value, `GET /api/v1/system then reads cloud_enabled ${o.value}${o.after ? ` after ${o.after}` : ''}`, shownReply(r), r);
  const now = r.status === 200 ? socketStateOf(r.json) : null;
  return unless(
    sameSocket(now, o.before),
    `GET /api/v1/state: ${describeSocket(o.before)}, unchanged by the cloud setting`,
    now ? describeSocket(now) : shownReply(r),
    r,
  );
}

/** CLOUD-07, on GET /api/v1/system after the operator reset the device or put it in pairing mode (States: Cloud rows 3, 4). */
export const cloud07 = (r: Reply): Judgment => unless(cloudIn(r) === true, 'cloud_enabled true after the reset or pairing mode', shownReply(r), r);

/** The answers this area's clauses are judged on (table.ts gathers them). */
export const CLOUD_ANSWERS = {
  'CLOUD-01': { asks: { side: 'v1', path: '/api/v1/system', token: false }, judge: cloud01 },
} as const satisfies AnswerJudges;
