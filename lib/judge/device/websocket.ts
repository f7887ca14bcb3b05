// The WebSocket at wss://<host>/api/ws (DOC v2/websocket.mdx; V-WS): each clause judged on what a conversation heard
// (its messages, and when), told what the check sent and what it compares with. The check's failure shows the transcript.
import { type Judgment, isJsonObject, unless, violated } from './judgment.js';
import { sameJson } from './documented.js';
import { sameGroup } from './batteries.js';
import { LIVE_FIELDS, systemDiffers } from './system.js';

/** A message as the device sent it over the socket. */
export interface Message {
  type: string;
  data?: unknown;
}

/** A message heard, and when: ms since the connection was asked for. */
export interface Heard {
  at: number;
  msg: Message | null;
}

const shown = (m: Message | null | undefined) => (m ? JSON.stringify(m).slice(0, 300) : 'nothing');
const errorMessage = (m: Message | null): unknown => (m?.data as { message?: unknown } | undefined)?.message;

/** V-WS-01, on the first message: authorization_requested with GET /api's api_version. */
export const vws01 = (first: Message | null, o: { apiVersion: unknown }): Judgment => {
  const got = (first?.data as { api_version?: unknown } | undefined)?.api_version;
  return unless(
    first?.type === 'authorization_requested' && got === o.apiVersion,
    `first {"type":"authorization_requested","data":{"api_version":${JSON.stringify(o.apiVersion)}}} (GET /api's api_version)`,
    shown(first),
  );
};

/** V-WS-02, on the answer to the run's token: authorized. */
export const vws02 = (answer: Message | null): Judgment => unless(answer?.type === 'authorized', '{"type":"authorized"}', shown(answer));

/** V-WS-03 (an unknown token, then a subscribe) and V-WS-04 (a subscribe before any token): what the device served in the quiet that follows. */
export const vws03 = (served: readonly Message[]): Judgment =>
  unless(served.length === 0, 'no "authorized" for an unknown token, and no "device" message for the subscribe after it', shown(served[0]));
export const vws04 = (served: readonly Message[]): Judgment => unless(served.length === 0, 'no "device" message before authorization', shown(served[0]));

/** V-WS-05: with no token sent, the device closes the connection after the `withinS` a client has to authorize (2 s early is its clock). */
export const vws05 = (closedAfterMs: number | null, o: { withinS: number; lateAuthorized: boolean }): Judgment => {
  if (closedAfterMs === null) {
    return violated(
      `the connection closed by the device ${o.withinS} s after it opened, with no authorization sent`,
      `still open after ${o.withinS + 5} s${o.lateAuthorized ? ', and an authorization sent then was answered "authorized"' : ''}`,
    );
  }
  return unless(
    closedAfterMs / 1000 >= o.withinS - 2,
    `the connection kept open for the ${o.withinS} s a client has to authorize`,
    `closed after ${(closedAfterMs / 1000).toFixed(1)} s`,
  );
};

/**
 * What a topic's data must equal of its endpoint's answer (DOC v2/websocket.mdx "Subscribe"): objects whatever their key
 * order; the user list and the permissions as sets (their order is not documented); the system object in its
 * documented fields (the others are the check's to record).
 */
export const TOPIC_DATA: Record<string, { same: (push: unknown, got: unknown) => boolean; words: string }> = {
  device: { same: (a, b) => sameJson(a, b), words: 'GET /api exactly' },
  user: { same: (a, b) => sameJson(a, b, true), words: 'GET /api/user exactly, in any order' },
  measurement: { same: (a) => isJsonObject(a), words: 'a JSON object' },
  system: { same: (a, b) => sameSystem(a, b), words: `GET /api/system in every documented field but ${LIVE_FIELDS.join(' and ')}` },
  batteries: { same: (a, b) => isJsonObject(a) && isJsonObject(b) && sameGroup(a, b), words: 'GET /api/batteries in mode and permissions (in any order)' },
};
const sameSystem = (push: unknown, got: unknown) => isJsonObject(push) && isJsonObject(got) && systemDiffers(got, push).differ.length === 0;

/** V-WS-06, on the first message after a subscribe: a message of the topic whose data equals the endpoint's answer (`got`; `read` in words). */
export const vws06 = (first: Message | null, o: { topic: string; got: unknown; read: string }): Judgment => {
  const { same, words } = TOPIC_DATA[o.topic]!;
  return unless(first?.type === o.topic && same(first.data, o.got), `first a "${o.topic}" message whose data equals ${words} (${o.read})`, shown(first));
};

/** V-WS-07: no measurement from half a second after the unsubscribe to 3 s after it. */
export const vws07 = (after: readonly Heard[]): Judgment =>
  unless(
    after.length === 0,
    'no "measurement" message from half a second after the unsubscribe to 3 s after it',
    `${after.length} (the first +${after[0]?.at} ms after the connection opened)`,
  );

/** V-WS-08, on the measurement pushes of 5 s after a subscribe: the current value, then at least 3 more, after the first never two within 200 ms. */
export const vws08 = (pushes: readonly number[]): Judgment => {
  const gaps = pushes
    .slice(1)
    .map((t, i) => t - pushes[i]!)
    .slice(1);
  return unless(
    pushes.length >= 4 && gaps.every((g) => g >= 200),
    'the current value, then at least 3 more in 5 s, after the first never two within 200 ms',
    `${pushes.length} in all, gaps ${gaps.join(', ')} ms`,
  );
};

/** V-WS-09, on the answer to {"type":"system"}: one system message with the current values of GET /api/system (`got`; `read` in words) in every documented field. */
export const vws09 = (answer: Message | null, o: { got: unknown; read: string }): Judgment =>
  unless(
    answer?.type === 'system' && sameSystem(answer.data, o.got),
    `one "system" message with the current values in every documented field (${o.read})`,
    shown(answer),
  );

/** V-WS-10: a set answers a system message with the value, and GET /api/system then reads it (`readBack`: what it read of the field). */
export type SystemSet =
  | { answer: 'socket'; field: string; value: unknown }
  | { answer: 'read'; field: string; value: unknown; readBack: unknown; read: string };
export function vws10(answer: Message | null, o: SystemSet): Judgment {
  if (o.answer === 'read') return unless(o.readBack === o.value, `GET /api/system then reads ${o.field} ${JSON.stringify(o.value)}`, o.read);
  return unless(
    answer?.type === 'system' && isJsonObject(answer.data) && answer.data[o.field] === o.value,
    `a "system" message with ${o.field} ${JSON.stringify(o.value)}`,
    shown(answer),
  );
}

/** V-WS-11: a set of a wrong value answers an error json:parameter-invalid-type:<field> and changes no documented field (`changed`). */
export function vws11(answer: Message | null, o: { answer: 'socket'; field: string } | { answer: 'read'; changed: readonly string[] }): Judgment {
  if (o.answer === 'read') return unless(o.changed.length === 0, 'nothing changed by the refused set', `changed: ${o.changed.join(', ')}`);
  const code = `json:parameter-invalid-type:${o.field}`;
  return unless(answer?.type === 'error' && errorMessage(answer) === code, `{"type":"error","data":{"message":"${code}"}}`, shown(answer));
}

/** V-WS-12: an unknown type, and a subscribe to an unknown topic, answer their error messages. */
export function vws12(answer: Message | null, o: { asked: 'type' | 'topic' }): Judgment {
  const [code, what] = o.asked === 'type' ? ['request:unknown-type', 'an unknown type'] : ['request:unknown-subscription', 'a subscribe to an unknown topic'];
  return unless(errorMessage(answer) === code, `${what} answers {"type":"error","data":{"message":"${code}"}}`, shown(answer));
}

/** V-WS-13: a PUT over HTTPS is pushed to a system subscriber within `withinMs` (`pushed`: the message that carried it; `last`: the last heard). */
export const vws13 = (pushed: Message | null, o: { field: string; value: unknown; withinMs: number; last: Message | null }): Judgment =>
  unless(pushed !== null, `a "system" message with ${o.field} ${JSON.stringify(o.value)} within ${o.withinMs / 1000} s of the PUT over HTTPS`, shown(o.last));

/** V-WS-14: a subscribe to "*" brings a message of every topic the kind serves. */
export const vws14 = (heard: readonly Message[], o: { topics: readonly string[] }): Judgment => {
  const types = new Set(heard.map((m) => m.type));
  const missing = o.topics.filter((t) => !types.has(t));
  return unless(missing.length === 0, `a message of every topic: ${o.topics.join(', ')}`, `none of ${missing.join(', ')}`);
};
