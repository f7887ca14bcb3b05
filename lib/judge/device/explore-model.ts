// The specification's state machines as one model the explorer walks (issue 27): the socket (its
// transition table, lib/spec/socket-model.ts), user creation and the one user a press allows, users,
// their tokens, re-use and delete, and versioning. Pure: a step, what the device answered, and the state
// before give a verdict and the state after. Where the specification does not show the outcome, the
// device's answer is adopted and never fails.
import type { ClauseId } from '../../spec/clause-types.js';
import { socketReading } from '../../spec/schemas.js';
import { type Judgment, type Reply, errorOf as errorOfReply } from './judgment.js';
import { afterPut, sock01 } from './socket.js';
import { cloudIn as cloudOfReply } from './cloud.js';
import { ver01, ver02, ver03, versionShown } from './versioning.js';
import { type SocketPut, type SocketState, describePut, describeSocket, isConsistent, socketOutcome } from '../../spec/socket-model.js';

/** One of the explorer's two user names (`local/<run tag>-x<slot>`): few, so that re-use and re-creation happen. */
export type Slot = 'a' | 'b';
export const SLOTS: readonly Slot[] = ['a', 'b'];

export type Step =
  | { kind: 'socket'; put: SocketPut }
  /** PUT /api/v1/system with the value it has (CLOUD-02). */
  | { kind: 'cloud' }
  /** PUT /api/v1/system with the other value (CLOUD-03 from true, CLOUD-04 from false): only with --allow-cloud-toggle. */
  | { kind: 'toggle' }
  | { kind: 'version'; asked: string | null }
  /** POST /api/user without a press, `times` times in a row, as a client polls for the press. */
  | { kind: 'poll'; slot: Slot; times: number }
  | { kind: 'create'; slot: Slot }
  /** A press, then `after` seconds without a request, then POST /api/user: inside the 30 s window (25) or past it (31). */
  | { kind: 'late'; slot: Slot; after: 25 | 31 }
  | { kind: 'delete'; slot: Slot }
  | { kind: 'list' }
  /** GET /api with each token the name has been issued, oldest first. */
  | { kind: 'use'; slot: Slot };

export interface UserModel {
  exists: boolean;
  /** The tokens the device issued to this name, oldest first: all but the last revoked, by re-use or by a deletion. */
  tokens: string[];
  /** Those of them revoked by a deletion (DEL-03); the others by re-use (PAIR-10). */
  deleted: string[];
}

export interface ModelState {
  socket: SocketState | null;
  /** cloud_enabled, where the device serves /api/v1/system. */
  cloud: boolean | null;
  /** The version the device serves: its answer to GET /api without X-Api-Version, before anything else. */
  served: string;
  /** The full user name of each slot. */
  names: Record<Slot, string>;
  users: Record<Slot, UserModel>;
  /** POSTs without a press since the last creation. */
  polls: number;
  /** The last user step created a user (PAIR-07: the next POST is refused). */
  afterCreation: boolean;
}

/** An answer as the model reads it: plain data, the explorer's own record of an exchange. */
export interface Answer {
  status: number;
  /** X-Api-Version, where the answer carries one. */
  version?: string;
  json?: unknown;
  /** The body's length in bytes. */
  length?: number;
}

/** What the device did in a step: its answer, and what was read back after it (the socket state; for the cloud step the setting, then the socket). */
export interface Observation {
  /** For a poll, the first answer that was not a refusal, else the last. */
  answer: Answer;
  /** For a poll, how many POSTs were sent (they stop at the first answer that is not a refusal). */
  sent?: number;
  /** For a use, the answer to each token, oldest first (`answer` is the last). */
  uses?: Answer[];
  read?: Answer;
  socket?: Answer;
  /** After a step that writes to the device but not to the socket or the cloud setting: both read back. */
  after?: { socket?: Answer; cloud?: Answer };
  /** A creation step whose press the hook reported done and the device did not honour, where an earlier press had opened a window. */
  ignoredPress?: { posts: number; seconds: number; windowsBefore: number };
}

export interface Disagreement {
  clause: ClauseId;
  expected: string;
  observed: string;
  /** Which answer it is about: the step's own, or the state read back after it. */
  about: 'answer' | 'read';
}

export interface Judged {
  next: ModelState;
  disagreement: Disagreement | null;
  /** The specification does not show this outcome: what the device did was adopted (the clause that records it). */
  adopted?: { clause: ClauseId; why: string };
}

export const initialModel = (socket: SocketState | null, cloud: boolean | null, served: string, names: Record<Slot, string>): ModelState => ({
  socket, cloud, served, names, polls: 0, afterCreation: false,
  users: { a: { exists: false, tokens: [], deleted: [] }, b: { exists: false, tokens: [], deleted: [] } },
});

const NOT_ENABLED = 'user:creation-not-enabled';
const UNAUTHORIZED = 'user:unauthorized';
const NOT_SUPPORTED = 'request:api-version-not-supported';
const TOKEN = /^[A-F0-9]{32}$/;

const errorOf = (a: Answer) => errorOfReply(replyOf(a));
export const shownAnswer = (a: Answer) => `${a.status}${a.json === undefined ? '' : ` ${JSON.stringify(a.json)}`}`;
const major = (v: string) => Number(v.split('.')[0]);

/** A step in words, as the report's sequence lists it. */
export function describeStep(step: Step, nameOf: (slot: Slot) => string): string {
  switch (step.kind) {
    case 'socket': return `PUT /api/v1/state ${describePut(step.put as Record<string, unknown>)}, then GET /api/v1/state`;
    case 'cloud': return 'PUT /api/v1/system with the cloud_enabled it has, then GET /api/v1/system and GET /api/v1/state';
    case 'toggle': return 'PUT /api/v1/system switching cloud_enabled to the other value, then GET /api/v1/system and GET /api/v1/state';
    case 'version': return step.asked === null ? 'GET /api without X-Api-Version' : `GET /api with X-Api-Version: ${step.asked}`;
    case 'poll': return `POST /api/user {"name":"${nameOf(step.slot)}"} without a press${step.times > 1 ? `, ${step.times} times` : ''}`;
    case 'create': return `a button press, then POST /api/user {"name":"${nameOf(step.slot)}"}`;
    case 'late': return `a button press, then ${step.after} s without a request, then POST /api/user {"name":"${nameOf(step.slot)}"}`;
    case 'delete': return `DELETE /api/user {"name":"${nameOf(step.slot)}"}`;
    case 'list': return 'GET /api/user';
    case 'use': return `GET /api with each token ${nameOf(step.slot)} was issued, oldest first`;
  }
}

/** Whether the model can take the step: a token to use must have been issued. */
export function canTake(m: ModelState, step: Step): boolean {
  if (step.kind === 'socket') return m.socket !== null;
  if (step.kind === 'cloud' || step.kind === 'toggle') return m.cloud !== null;
  if (step.kind === 'use') return m.users[step.slot].tokens.length > 0;
  return true;
}

const fail = (next: ModelState, clause: ClauseId, expected: string, observed: string, about: 'answer' | 'read' = 'answer'): Judged =>
  ({ next, disagreement: { clause, expected, observed, about } });
const ok = (next: ModelState, adopted?: Judged['adopted']): Judged => ({ next, disagreement: null, ...(adopted ? { adopted } : {}) });

/** A clause the table's judge decides (lib/judge/device/table.ts), on the step's answer or a read-back. */
const disagreementOf = (clause: ClauseId, j: Judgment, about: 'answer' | 'read'): Disagreement | null =>
  (j.held ? null : { clause, expected: j.expected, observed: j.observed, about });
const judged = (next: ModelState, clause: ClauseId, j: Judgment, about: 'answer' | 'read' = 'answer'): Judged =>
  ({ next, disagreement: disagreementOf(clause, j, about) });

/** The explorer's record of an answer as the table's judges read one. */
const replyOf = (a: Answer): Reply => ({ status: a.status, json: a.json, headers: a.version === undefined ? {} : { 'x-api-version': a.version } });

/** SOCK-01 on the state read back after a step. */
const readBack = (read: Answer | undefined): Judgment =>
  (read ? sock01(replyOf(read)) : { held: false, expected: 'GET /api/v1/state: 200 with power_on, switch_lock and brightness', observed: 'no answer', evidence: [] });

/** Versioning 6 (VER-01): a successful v2 answer names the one version the device serves. */
const versionOfSuccess = (m: ModelState, a: Answer): Disagreement | null => disagreementOf('VER-01', ver01(replyOf(a), m), 'answer');

export function judgeStep(m: ModelState, step: Step, o: Observation): Judged {
  switch (step.kind) {
    case 'socket': return judgeSocket(m, step.put, o);
    case 'cloud': return judgeCloud(m, o);
    case 'toggle': return judgeToggle(m, o);
    case 'version': return judgeVersion(m, step.asked, o.answer);
    default: {
      const j = judgeUsers(m, step, o);
      const d = j.disagreement ?? versionOfSuccess(m, o.answer) ?? sideEffect(m, step, o);
      return d ? { ...j, disagreement: d } : j;
    }
  }
}

/** The clause a user step that wrote is held to: a change it made elsewhere is blamed on it. */
const WRITER: Partial<Record<Step['kind'], ClauseId>> = { create: 'PAIR-03', late: 'PAIR-03', delete: 'DEL-01' };

/**
 * A user step leaves the socket and the cloud setting as they were: the socket's table and the cloud's (States)
 * have no transition for a user's creation, refusal or deletion.
 */
function sideEffect(m: ModelState, step: Step, o: Observation): Disagreement | null {
  const clause = step.kind === 'poll' ? pollClause(m, o.sent ?? 1) : WRITER[step.kind];
  if (!clause || !o.after) return null;
  const what = describeStep(step, (s) => m.names[s]);
  if (o.after.socket && m.socket) {
    const sock = disagreementOf('SOCK-01', readBack(o.after.socket), 'read');
    if (sock) return sock;
    const state = readSocketState(o.after.socket.json)!;
    if (!sameState(state, m.socket)) {
      return { clause, expected: `GET /api/v1/state: ${describeSocket(m.socket)}, unchanged by ${what} (the socket's table has no transition for it)`, observed: describeSocket(state), about: 'read' };
    }
  }
  if (o.after.cloud && m.cloud !== null && cloudIn(o.after.cloud) !== m.cloud) {
    return { clause, expected: `GET /api/v1/system: cloud_enabled ${m.cloud}, unchanged by ${what}`, observed: shownAnswer(o.after.cloud), about: 'read' };
  }
  return null;
}

function judgeVersion(m: ModelState, asked: string | null, a: Answer): Judged {
  if (asked === null) return judged(m, 'VER-02', ver02(replyOf(a), m));
  if (asked === '2') return judged(m, 'VER-03', ver03(replyOf(a), m));
  if (!/^\d+$/.test(asked)) return ok(m, { clause: 'VER-07', why: 'a malformed X-Api-Version is "not shown"' });
  const latest = major(m.served);
  // The latest MAJOR asked for by number where it is not 2 (a device of API 3): no clause of the catalogue holds it.
  if (Number(asked) === latest) return ok(m);
  const clause: ClauseId = Number(asked) < latest ? 'VER-04' : 'VER-06';
  if (a.status !== 400 || errorOf(a) !== NOT_SUPPORTED) return fail(m, clause, `400 {"error":"${NOT_SUPPORTED}"}`, shownAnswer(a));
  if (a.version !== m.served) return fail(m, 'VER-05', `X-Api-Version: ${m.served}, the version the device serves`, versionShown(replyOf(a)));
  return ok(m);
}

function judgeSocket(m: ModelState, put: SocketPut, o: Observation): Judged {
  const from = m.socket!;
  const read = o.read;
  const sock = readBack(read);
  if (!sock.held) return judged(m, 'SOCK-01', sock, 'read');
  const state = readSocketState(read!.json)!;
  const at = (s: SocketState) => ({ ...m, socket: s });
  if (!isConsistent(state)) return fail(at(state), 'SOCK-02', 'never power_on false with switch_lock true', describeSocket(state), 'read');
  const outcome = socketOutcome(from, put);
  if (outcome.kind === 'not-specified') return ok(at(state), { clause: outcome.clause, why: outcome.why });
  if (outcome.kind === 'in-range') return ok(at(state), { clause: outcome.clause, why: 'an out-of-range brightness may be clamped' });
  if (outcome.kind === 'unchanged') {
    const expected = outcome.brightnessOpen ? { ...from, brightness: state.brightness } : from;
    if (!sameState(state, expected)) return fail(at(state), outcome.clause, `${describeSocket(expected)} (unchanged)`, describeSocket(state), 'read');
    return ok(at(state), outcome.brightnessOpen ? { clause: 'SOCK-10', why: 'whether a refused combination stores its brightness is not settled' } : undefined);
  }
  const echoed = o.answer.status === 200 && typeof o.answer.json === 'object' && o.answer.json !== null
    && sameFields(o.answer.json as Record<string, unknown>, put as Record<string, unknown>);
  if (!echoed) return fail(m, 'SOCK-03', `200 ${describePut(put as Record<string, unknown>)}, exactly the fields submitted`, shownAnswer(o.answer));
  const wrong = afterPut(from, put, state)[0];
  if (wrong) return fail(at(state), wrong.clause, wrong.expected, wrong.observed, 'read');
  return ok(at(state));
}

/** cloud_enabled of a 200 answer (CLOUD-01's reading), else null. */
const cloudIn = (a: Answer | undefined) => (a ? cloudOfReply(replyOf(a)) : null);

/** CLOUD-02: the value it has answers 200 with that value, and changes nothing: neither the setting nor the socket. */
function judgeCloud(m: ModelState, o: Observation): Judged {
  const want = `200 {"cloud_enabled":${m.cloud}}`;
  if (o.answer.status !== 200 || cloudIn(o.answer) !== m.cloud) return fail(m, 'CLOUD-02', want, shownAnswer(o.answer));
  if (o.read?.status !== 200 || cloudIn(o.read) !== m.cloud) return fail(m, 'CLOUD-02', `GET /api/v1/system: ${want}, unchanged`, o.read ? shownAnswer(o.read) : 'no answer', 'read');
  if (m.socket === null) return ok(m);
  const state = o.socket && o.socket.status === 200 ? readSocketState(o.socket.json) : null;
  if (state === null || !sameState(state, m.socket)) {
    return fail(m, 'CLOUD-02', `GET /api/v1/state: ${describeSocket(m.socket)}, unchanged by the cloud setting`, state ? describeSocket(state) : o.socket ? shownAnswer(o.socket) : 'no answer', 'read');
  }
  return ok(m);
}

/**
 * CLOUD-03 (from true) and CLOUD-04 (from false): the other value answers 200 with it, and GET then reads it.
 * Whether switching the cloud moves the socket is not shown: the socket read after it is adopted.
 */
function judgeToggle(m: ModelState, o: Observation): Judged {
  const to = !m.cloud;
  const clause: ClauseId = to ? 'CLOUD-04' : 'CLOUD-03';
  const want = `200 {"cloud_enabled":${to}}`;
  if (o.answer.status !== 200 || cloudIn(o.answer) !== to) return fail(m, clause, want, shownAnswer(o.answer));
  if (o.read?.status !== 200 || cloudIn(o.read) !== to) return fail(m, clause, `GET /api/v1/system then reads ${want}`, o.read ? shownAnswer(o.read) : 'no answer', 'read');
  const next = { ...m, cloud: to };
  if (m.socket === null) return ok(next);
  const sock = readBack(o.socket);
  if (!sock.held) return judged(next, 'SOCK-01', sock, 'read');
  const state = readSocketState(o.socket!.json)!;
  if (sameState(state, m.socket)) return ok(next);
  return ok({ ...next, socket: state }, { clause, why: 'whether switching the cloud changes the socket state is not shown' });
}

/** The clause the last of `sent` POSTs without a press is held to: right after a creation PAIR-07, after refusals PAIR-02, else PAIR-01. */
export function pollClause(m: ModelState, sent: number): ClauseId {
  return m.afterCreation && sent === 1 ? 'PAIR-07' : m.polls + sent - 1 > 0 ? 'PAIR-02' : 'PAIR-01';
}

function judgeUsers(m: ModelState, step: Exclude<Step, { kind: 'socket' | 'version' | 'cloud' | 'toggle' }>, o: Observation): Judged {
  const a = o.answer;
  const users = { ...m.users };
  const next = (change: Partial<ModelState>): ModelState => ({ ...m, users, ...change });
  switch (step.kind) {
    case 'poll': {
      const sent = o.sent ?? 1;
      const before = m.polls + sent - 1;
      const clause = pollClause(m, sent);
      const after = next({ polls: m.polls + sent, afterCreation: false });
      if (a.status !== 403 || errorOf(a) !== NOT_ENABLED) {
        return fail(after, clause, `403 {"error":"${NOT_ENABLED}"} (no press since the last creation; ${before} refused before it)`, shownAnswer(a));
      }
      return ok(after);
    }
    case 'late':
      if (step.after === 31) {
        const after = next({ polls: m.polls + 1, afterCreation: false });
        if (a.status !== 403 || errorOf(a) !== NOT_ENABLED) return fail(after, 'PAIR-08', `403 {"error":"${NOT_ENABLED}"}: the 30 s window after the press is over`, shownAnswer(a));
        return ok(after);
      }
      if (a.status !== 200) return fail(m, 'PAIR-09', '200 with name and token: 25 s after the press the window is still open', shownAnswer(a));
      return judgeUsers(m, { kind: 'create', slot: step.slot }, o);
    case 'create': {
      const u = m.users[step.slot];
      const body = (typeof a.json === 'object' && a.json !== null ? a.json : {}) as { name?: unknown; token?: unknown };
      if (o.ignoredPress) {
        const { posts, seconds, windowsBefore } = o.ignoredPress;
        return fail(m, 'PAIR-03', '200 with name and token after a press',
          `the press hook reported the press done, and ${posts} POST${posts === 1 ? '' : 's'} over ${seconds} s after it were each refused (the last: ${shownAnswer(a)}); `
          + `${windowsBefore} earlier press${windowsBefore === 1 ? '' : 'es'} of this run opened a window`);
      }
      if (a.status !== 200) return fail(m, 'PAIR-03', '200 with name and token after a press', shownAnswer(a));
      if (typeof body.token !== 'string' || !TOKEN.test(body.token)) return fail(m, 'PAIR-04', 'a token of 32 uppercase hex digits', shownAnswer(a));
      const token = body.token;
      users[step.slot] = { ...u, exists: true, tokens: [...u.tokens, token] };
      const after = next({ polls: 0, afterCreation: true });
      if (body.name !== m.names[step.slot]) return fail(after, 'PAIR-05', `name ${JSON.stringify(m.names[step.slot])}, the name asked for`, shownAnswer(a));
      if (u.exists && u.tokens.includes(token)) return fail(after, 'PAIR-11', 'a token other than the one the name had', 'the same token again');
      return ok(after);
    }
    case 'delete': {
      const u = m.users[step.slot];
      if (!u.exists) return ok(m, { clause: 'DEL-06', why: 'deleting a name nobody has is "not shown"' });
      users[step.slot] = { ...u, exists: false, deleted: [...u.deleted, u.tokens[u.tokens.length - 1]!] };
      const after = next({ afterCreation: false });
      if (a.status !== 204) return fail(after, 'DEL-01', '204', shownAnswer(a));
      if ((a.length ?? 0) !== 0) return fail(after, 'DEL-02', 'an empty body', `${a.length} bytes`);
      return ok(after);
    }
    case 'list': {
      const after = next({ afterCreation: m.afterCreation });
      const names = Array.isArray(a.json) ? a.json.map((e) => (typeof e === 'object' && e !== null ? (e as { name?: unknown }).name : undefined)) : null;
      if (a.status !== 200 || names === null || names.some((n) => typeof n !== 'string')) return fail(after, 'LIST-01', '200 with an array of objects with a string name', shownAnswer(a));
      const dup = names.find((n, i) => names.indexOf(n) !== i);
      if (dup !== undefined) return fail(after, 'LIST-04', 'no name twice', `${JSON.stringify(dup)} listed twice`);
      for (const slot of SLOTS) {
        const name = m.names[slot];
        if (m.users[slot].exists && !names.includes(name)) return fail(after, 'LIST-05', `${name} listed: it was created`, `not among ${JSON.stringify(names)}`);
        if (!m.users[slot].exists && m.users[slot].tokens.length > 0 && names.includes(name)) {
          return fail(after, 'DEL-04', `${name} not listed: it was deleted`, `listed among ${JSON.stringify(names)}`);
        }
      }
      return ok(after);
    }
    case 'use': {
      const { tokens, deleted, exists } = m.users[step.slot];
      const uses = o.uses ?? [a];
      for (const [i, answer] of uses.entries()) {
        const which = tokens.length === 1 ? 'its token' : `token ${i + 1} of ${tokens.length}`;
        if (i === tokens.length - 1 && exists) {
          if (answer.status !== 200) return fail(m, 'PAIR-06', `200 with ${which}: the device issued it and has not revoked it`, shownAnswer(answer));
          continue;
        }
        const [clause, why]: [ClauseId, string] = deleted.includes(tokens[i]!) ? ['DEL-03', 'its user was deleted'] : ['PAIR-10', 'the name was created again since'];
        if (answer.status !== 401 || errorOf(answer) !== UNAUTHORIZED) return fail(m, clause, `401 {"error":"${UNAUTHORIZED}"} with ${which}: ${why}`, shownAnswer(answer));
      }
      return ok(m);
    }
  }
}

function readSocketState(json: unknown): SocketState | null {
  const r = socketReading.safeParse(json);
  return r.success ? { power_on: r.data.power_on, switch_lock: r.data.switch_lock, brightness: r.data.brightness } : null;
}

const sameState = (a: SocketState, b: SocketState) => a.power_on === b.power_on && a.switch_lock === b.switch_lock && a.brightness === b.brightness;

function sameFields(got: Record<string, unknown>, sent: Record<string, unknown>): boolean {
  const keys = Object.keys(sent);
  return Object.keys(got).length === keys.length && keys.every((k) => got[k] === sent[k]);
}
