// Every device clause judged by one pure function, filed by area beside this table: of the answer to one GET
// (ANSWER_JUDGES, with the GET), of every answer of a class (EVERY_ANSWER_JUDGES), of the answer at an occasion a
// check or an explorer's step arranges (OCCASION_JUDGES, told what it needs of the occasion), of the certificate
// (CERTIFICATE_JUDGES), of what a WebSocket conversation heard (CONVERSATION_JUDGES), or of a meter's readings, one by
// one, over time and across their forms (READING_JUDGES). `run`'s checks, the
// runner's own, the soak's spot checks, the explorer and rejudge call these and no other code; table.spec.ts holds
// the table complete and finds a command that judges a clause of it by other code.
import type { ClauseId } from '../../spec/clause-types.js';
import { AUTH_ANSWERS, auth05, auth08, auth09, credentialRefused } from './auth.js';
import type { AnswerJudges } from './asks.js';
import { CLOUD_ANSWERS, cloud07, cloudSet } from './cloud.js';
import { INFO_ANSWERS } from './info.js';
import { type DeviceFacts, type Judgment, type Reply, answerOf, succeeded } from './judgment.js';
import type { Exchange } from '../../client/exchange-log.js';
import { err01, err02, governedByErr01 } from './errors.js';
import { MEASUREMENT_ANSWERS } from './measurement.js';
import { type RowOccasion, SOCKET_ANSWERS, sock02, sock03, socketRow } from './socket.js';
import { VERSIONING_ANSWERS, ver01, ver05, ver08, versionRefused } from './versioning.js';
import { type Certificate, type Identity, tls01, tls02, tls03 } from './tls.js';
import { kind01, kind02 } from './kind.js';
import { groupRefused, groupWritten } from './batteries.js';
import { vws01, vws02, vws03, vws04, vws05, vws06, vws07, vws08, vws09, vws10, vws11, vws12, vws13, vws14 } from './websocket.js';
import { systemWrite, vsys03, vsys05, vsys06, vsys07, vsys11, vsys12, vsys13 } from './system.js';
import { VENDOR_ANSWERS, vsys09, vsys10 } from './vendor.js';
import { type Reading, readingOf, vread01, vread02, vread03, vread04 } from './readings.js';
import { vread05, vread06, vread07 } from './readings-time.js';
import { OWNED_CLAUSES, type ReadOccasion, judgeRead, readOf } from './owned.js';
import {
  bodyRefused,
  creationRefused,
  del01,
  del02,
  del04,
  del05,
  list01,
  list02,
  list03,
  list04,
  list05,
  nameAccepted,
  pair03,
  pair04,
  pair05,
  pair06,
  pair09,
  pair10,
  pair11,
  tokenRevoked,
} from './users.js';

/** Each area's answers (its file lists them beside its judges): a new clause of one answer touches no other file here. */
export const ANSWER_JUDGES = {
  ...INFO_ANSWERS,
  ...AUTH_ANSWERS,
  ...VERSIONING_ANSWERS,
  ...MEASUREMENT_ANSWERS,
  ...SOCKET_ANSWERS,
  ...CLOUD_ANSWERS,
  ...VENDOR_ANSWERS,
} as const satisfies AnswerJudges;

export type AnswerClause = keyof typeof ANSWER_JUDGES;

/** Clauses judged on every answer of a class, whichever request of whichever check had it: what the class is, and the judge. */
export interface EveryAnswerJudge {
  /** The recorded exchanges the clause governs. */
  governs(ex: Exchange): boolean;
  judge(r: Reply, facts: DeviceFacts): Judgment;
}

export const EVERY_ANSWER_JUDGES = {
  'VER-01': { governs: (ex) => ex.side === 'v2' && ex.status !== undefined && succeeded(ex.status), judge: ver01 },
  'ERR-01': { governs: governedByErr01, judge: err01 },
  'ERR-02': { governs: (ex) => answerOf(ex)?.json !== undefined, judge: err02 },
} as const satisfies Partial<Record<ClauseId, EveryAnswerJudge>>;

export type EveryAnswerClause = keyof typeof EVERY_ANSWER_JUDGES;
export type JudgedClause = AnswerClause | EveryAnswerClause;

/**
 * Clauses judged on the answer of an occasion that a check of the suite, or a step of the explorer, arranges
 * (a press, a creation before it, a token revoked since): the occasion in words, and the judge, told what it needs
 * of the occasion. A check's judgments are kept with its record (lib/harness/judged.ts, kept.ts) and judged again
 * by rejudge.
 */
export interface OccasionJudge {
  occasion: string;
  judge(r: Reply, o: never): Judgment;
}

const SOCKET_ROWS = ['SOCK-04', 'SOCK-05', 'SOCK-06', 'SOCK-07', 'SOCK-08', 'SOCK-09', 'SOCK-10', 'SOCK-11', 'SOCK-12', 'SOCK-15', 'SOCK-17'] as const;
export type SocketRowClause = (typeof SOCKET_ROWS)[number];
export const isSocketRowClause = (id: string): id is SocketRowClause => (SOCKET_ROWS as readonly string[]).includes(id);

/** Clauses judged alike (the socket's table, the batteries' rules): an entry for each. */
function eachOf<const K extends ClauseId, E>(ids: readonly K[], entry: (id: K) => E): Record<K, E> {
  return Object.fromEntries(ids.map((id) => [id, entry(id)])) as Record<K, E>;
}

export const OCCASION_JUDGES = {
  'PAIR-01': { occasion: 'POST /api/user with a valid name before any press', judge: creationRefused },
  'PAIR-02': { occasion: 'POST /api/user with a valid name again, before the press, as a client polls', judge: creationRefused },
  'PAIR-03': { occasion: 'POST /api/user with a valid name after a press', judge: pair03 },
  'PAIR-04': { occasion: 'the answer of a creation', judge: pair04 },
  'PAIR-05': { occasion: 'the answer of a creation, and the name asked for', judge: pair05 },
  'PAIR-06': { occasion: 'GET /api with the token a creation issued', judge: pair06 },
  'PAIR-07': { occasion: 'POST /api/user with another valid name right after a creation', judge: creationRefused },
  'PAIR-08': { occasion: 'POST /api/user more than 30 s after a press, with no request between', judge: creationRefused },
  'PAIR-09': {
    occasion: 'POST /api/user with a valid name 25 s after a press; without --slow, 3 s after each of two presses, then right after a third',
    judge: pair09,
  },
  'PAIR-10': { occasion: "a re-used name's creation, then its new and its previous token on an endpoint that takes one", judge: pair10 },
  'PAIR-11': { occasion: "a re-used name's creation, and the tokens the name had", judge: pair11 },
  'PAIR-12': { occasion: 'POST /api/user in an open window whose body is not a JSON object with a string name, then GET /api/user', judge: bodyRefused },
  'NAME-01': { occasion: 'POST /api/user in an open window with a name without the local/ prefix, then GET /api/user', judge: bodyRefused },
  'NAME-02': { occasion: 'POST /api/user in an open window with a cloud/ name, then GET /api/user', judge: bodyRefused },
  'NAME-03': { occasion: 'POST /api/user in an open window with nothing after the prefix, then GET /api/user', judge: bodyRefused },
  'NAME-04': { occasion: 'POST /api/user in an open window with 41 characters after the prefix, then GET /api/user', judge: bodyRefused },
  'NAME-05': { occasion: 'POST /api/user in an open window with 40 characters after the prefix', judge: nameAccepted },
  'NAME-06': { occasion: 'POST /api/user in an open window with a name of every allowed class', judge: nameAccepted },
  'NAME-07': { occasion: 'POST /api/user in an open window with a disallowed character, then GET /api/user', judge: bodyRefused },
  'NAME-08': { occasion: 'POST /api/user in an open window with one character after the prefix', judge: nameAccepted },
  'LIST-01': { occasion: 'GET /api/user', judge: list01 },
  'LIST-02': { occasion: 'GET /api/user, and whose token asked', judge: list02 },
  'LIST-03': { occasion: 'GET /api/user, and whose token asked', judge: list03 },
  'LIST-04': { occasion: 'GET /api/user', judge: list04 },
  'LIST-05': { occasion: 'GET /api/user after creations', judge: list05 },
  'DEL-01': { occasion: 'DELETE /api/user of another user by full name', judge: del01 },
  'DEL-02': { occasion: 'DELETE /api/user of another user, read byte for byte', judge: del02 },
  'DEL-03': { occasion: "a deleted user's token on an endpoint that takes one", judge: tokenRevoked },
  'DEL-04': { occasion: 'GET /api/user after deletions', judge: del04 },
  'DEL-05': { occasion: 'DELETE /api/user of the caller itself, then GET /api with its token', judge: del05 },
  'VER-04': { occasion: 'X-Api-Version: 1 over HTTPS, on an endpoint that takes a token', judge: versionRefused },
  'VER-05': { occasion: 'the 400 of a version refused, and the version the device serves', judge: ver05 },
  'VER-06': { occasion: 'X-Api-Version: the latest MAJOR + 1, or 99, on an endpoint that takes a token', judge: versionRefused },
  'VER-08': { occasion: "the kind's v1 endpoint over HTTP, without X-Api-Version", judge: ver08 },
  'VER-10': { occasion: 'X-Api-Version: 1, its name spelt in another case', judge: versionRefused },
  'CLOUD-02': { occasion: 'PUT /api/v1/system with the value it has, then GET /api/v1/system (and the socket state, where there is one)', judge: cloudSet },
  'CLOUD-03': { occasion: 'from true, PUT cloud_enabled false, then GET /api/v1/system', judge: cloudSet },
  'CLOUD-04': { occasion: 'from false, PUT cloud_enabled true, then GET /api/v1/system', judge: cloudSet },
  'CLOUD-06': { occasion: 'a PUT of a non-boolean cloud_enabled, then GET /api/v1/system', judge: cloudSet },
  'CLOUD-07': { occasion: 'the cloud switched off, the device reset or put in pairing mode by the operator, then GET /api/v1/system', judge: cloud07 },
  'AUTH-02': { occasion: 'a well-formed unknown token, on an endpoint that takes one', judge: credentialRefused },
  'AUTH-03': { occasion: 'a malformed credential, on an endpoint that takes a token', judge: credentialRefused },
  'AUTH-04': { occasion: 'no Authorization, on an endpoint that takes a token', judge: credentialRefused },
  'AUTH-05': { occasion: 'POST /api/user with a valid name, without Authorization, before any press', judge: auth05 },
  'AUTH-08': { occasion: "an answer other than a creation's, and the token the caller holds", judge: auth08 },
  'AUTH-09': { occasion: 'a user endpoint asked over plain HTTP', judge: auth09 },
  'KIND-01': { occasion: 'POST /api/user with a valid name before any press, on every kind', judge: kind01 },
  'KIND-02': { occasion: 'GET /api, beside what mDNS advertised and the certificate named', judge: kind02 },
  ...eachOf(['V-BAT-02', 'V-BAT-03', 'V-BAT-04', 'V-BAT-05', 'V-BAT-06'], () => ({
    occasion: 'a PUT /api/batteries the documentation takes to a group, then GET /api/batteries',
    judge: groupWritten,
  })),
  ...eachOf(['V-BAT-07', 'V-BAT-08', 'V-BAT-09'], () => ({
    occasion: 'a PUT /api/batteries the documentation refuses, then GET /api/batteries',
    judge: groupRefused,
  })),
  ...eachOf(['V-SYS-02', 'V-SYS-04'], () => ({ occasion: 'PUT /api/system of a writable field, then GET /api/system', judge: systemWrite })),
  'V-SYS-03': { occasion: 'api_v1_enabled written false, GET /api/v1/data, written true, GET /api/v1/data again', judge: vsys03 },
  'V-SYS-05': { occasion: 'PUT /api/system of the value found, and the fields GET read', judge: vsys05 },
  'V-SYS-06': { occasion: 'PUT /api/system of a value of the wrong type or out of range, then GET /api/system', judge: vsys06 },
  'V-SYS-07': { occasion: 'GET /api/system on the plug-in battery, PUT cloud_enabled false, GET again', judge: vsys07 },
  'V-SYS-09': { occasion: 'PUT /api/system/identify', judge: vsys09 },
  'V-SYS-10': { occasion: 'PUT /api/system/identify on the kWh meter', judge: vsys10 },
  'V-SYS-11': { occasion: 'PUT /api/system/reboot, GET /api until it answers, GET /api/system', judge: vsys11 },
  'V-SYS-12': { occasion: 'PUT /api/system/reboot on the plug-in battery, then GET /api/system', judge: vsys12 },
  'V-SYS-13': { occasion: 'GET /api/system twice, some seconds apart', judge: vsys13 },
  'SOCK-02': { occasion: 'every state read, wherever a check or a step reads it', judge: sock02 },
  'SOCK-03': { occasion: 'the answer to a PUT of the state, and the fields it carried', judge: sock03 },
  // The socket's table: socketRow on the state read after a row's PUT.
  ...eachOf(SOCKET_ROWS, (id) => ({
    occasion: 'a row of the socket tables: its start state, its PUT and the answer, then GET /api/v1/state',
    judge: (r: Reply, o: RowOccasion) => socketRow(id, r, o),
  })),
  // A state its own requests alone change (owned.ts): each read after requests of other areas, told the read before them.
  ...eachOf(OWNED_CLAUSES, (id) => ({
    occasion: `${readOf(id)} after requests of other areas, the read before them and the requests`,
    judge: (r: Reply, o: ReadOccasion) => judgeRead(id, r, o),
  })),
} as const satisfies Partial<Record<ClauseId, OccasionJudge>>;

export type OccasionClause = keyof typeof OCCASION_JUDGES;
type OccasionOf<K extends OccasionClause> = Parameters<(typeof OCCASION_JUDGES)[K]['judge']>[1];
/** What the judge of `K` is told of the occasion: nothing, for some. */
export type OccasionArgs<K extends OccasionClause> = undefined extends OccasionOf<K> ? [OccasionOf<K>?] : [OccasionOf<K>];

/** The judgment of `id` on `r`, told what its judge needs of the occasion. */
export function judgeOn<K extends OccasionClause>(id: K, r: Reply, ...o: OccasionArgs<K>): Judgment {
  return (OCCASION_JUDGES[id].judge as (r: Reply, o?: unknown) => Judgment)(r, o[0]);
}

/** The clauses of the certificate the device presents (Authentication 7), judged on the facts a handshake read. */
export const CERTIFICATE_JUDGES = {
  'TLS-01': tls01,
  'TLS-02': tls02,
  'TLS-03': tls03,
} as const satisfies Partial<Record<ClauseId, (c: Certificate, o: never) => Judgment>>;
export type CertificateClause = keyof typeof CERTIFICATE_JUDGES;

export function judgeCertificate<K extends CertificateClause>(id: K, c: Certificate, ...o: K extends 'TLS-01' ? [] : [Identity]): Judgment {
  return (CERTIFICATE_JUDGES[id] as (c: Certificate, o?: Identity) => Judgment)(c, o[0]);
}

/** The WebSocket's clauses (V-WS), judged on what a conversation heard (a message, the messages of a while, when it closed). */
export const CONVERSATION_JUDGES = {
  'V-WS-01': vws01,
  'V-WS-02': vws02,
  'V-WS-03': vws03,
  'V-WS-04': vws04,
  'V-WS-05': vws05,
  'V-WS-06': vws06,
  'V-WS-07': vws07,
  'V-WS-08': vws08,
  'V-WS-09': vws09,
  'V-WS-10': vws10,
  'V-WS-11': vws11,
  'V-WS-12': vws12,
  'V-WS-13': vws13,
  'V-WS-14': vws14,
} as const satisfies Partial<Record<ClauseId, (heard: never, o: never) => Judgment>>;
export type ConversationClause = keyof typeof CONVERSATION_JUDGES;
type Judge<K extends ConversationClause> = (typeof CONVERSATION_JUDGES)[K];

/** The judgment of `id` on what the conversation heard, told what it needs of what the check sent and compared. */
export function judgeHeard<K extends ConversationClause>(
  id: K,
  heard: Parameters<Judge<K>>[0],
  ...o: Parameters<Judge<K>> extends [unknown, ...infer R] ? R : []
): Judgment {
  return (CONVERSATION_JUDGES[id] as (heard: unknown, o?: unknown) => Judgment)(heard, o[0]);
}

/**
 * The meter's readings (V-READ): each judged on a series of readings (GET /api/measurement and GET /api/v1/data, or
 * the WebSocket's measurement), whether the relation is one reading's, of readings over time or of one reading's forms.
 * A series that holds nothing the relation reads is `notJudged`, with why.
 */
export const READING_JUDGES = {
  'V-READ-01': vread01,
  'V-READ-02': vread02,
  'V-READ-03': vread03,
  'V-READ-04': vread04,
  'V-READ-05': vread05,
  'V-READ-06': vread06,
  'V-READ-07': vread07,
} as const satisfies Partial<Record<ClauseId, (series: readonly Reading[], facts: Pick<DeviceFacts, 'kind'>) => Judgment>>;
export type ReadingClause = keyof typeof READING_JUDGES;
export const READING_CLAUSES = Object.keys(READING_JUDGES) as ReadingClause[];

/** The judgment of `id` on a meter's readings. */
export function judgeReadings(id: ReadingClause, series: readonly Reading[], facts: Pick<DeviceFacts, 'kind'>): Judgment {
  return (READING_JUDGES[id] as (s: readonly Reading[], f: Pick<DeviceFacts, 'kind'>) => Judgment)(series, facts);
}

/** The readings among recorded exchanges (a check's record, a soak's polls). */
export const readingsIn = (exchanges: readonly Exchange[]): Reading[] =>
  exchanges.flatMap((ex) => {
    const a = answerOf(ex);
    const r = a && readingOf(a);
    return r ? [r] : [];
  });

export const isReadingClause = (id: string): id is ReadingClause => Object.hasOwn(READING_JUDGES, id);

export const isAnswerClause = (id: string): id is AnswerClause => Object.hasOwn(ANSWER_JUDGES, id);
/** The clauses of the answers a record holds: those of one answer, and those of every answer of a class. */
export const isJudgedClause = (id: string): id is JudgedClause => isAnswerClause(id) || Object.hasOwn(EVERY_ANSWER_JUDGES, id);
export const isOccasionClause = (id: string): id is OccasionClause => Object.hasOwn(OCCASION_JUDGES, id);
export const isConversationClause = (id: string): id is ConversationClause => Object.hasOwn(CONVERSATION_JUDGES, id);
export const isCertificateClause = (id: string): id is CertificateClause => Object.hasOwn(CERTIFICATE_JUDGES, id);
/** The clauses a record is judged again on: those of answers the record holds, and those of the certificate it records. */
export const isRejudgeable = (id: string): boolean => isJudgedClause(id) || isCertificateClause(id) || isReadingClause(id);
/** Every clause the table judges, whoever calls the judge. */
export const isTableClause = (id: string): boolean => isRejudgeable(id) || isOccasionClause(id) || Object.hasOwn(CONVERSATION_JUDGES, id);

export function judgeAnswer(id: JudgedClause, r: Reply, facts: DeviceFacts): Judgment {
  return (isAnswerClause(id) ? ANSWER_JUDGES[id] : EVERY_ANSWER_JUDGES[id]).judge(r, facts);
}
