// The specification's state machines as one model the explorer walks (issue 27): the socket (its
// transition table, lib/spec/socket-model.ts), user creation and the one user a press allows, users,
// their tokens, re-use and delete, and versioning: the steps, the state, and how a step's answers are
// judged through the table (explore-judge.ts judges each step).
import type { ClauseId } from '../../spec/clause-types.js';
import { type Judgment, NO_ANSWER, type Reply, whyNotJudged } from './judgment.js';
import { sock01 } from './socket.js';
import { type OccasionArgs, type OccasionClause, judgeOn } from './table.js';
import { type SocketPut, type SocketState, describePut } from '../../spec/socket-model.js';

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
  /** The body as text, where it was read. */
  text?: string;
  /** Content-Length, where the answer carries one. */
  contentLength?: string;
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
  socket,
  cloud,
  served,
  names,
  polls: 0,
  afterCreation: false,
  users: { a: { exists: false, tokens: [], deleted: [] }, b: { exists: false, tokens: [], deleted: [] } },
});

export const shownAnswer = (a: Answer) => `${a.status}${a.json === undefined ? '' : ` ${JSON.stringify(a.json)}`}`;

/** A step in words, as the report's sequence lists it. */
export function describeStep(step: Step, nameOf: (slot: Slot) => string): string {
  switch (step.kind) {
    case 'socket':
      return `PUT /api/v1/state ${describePut(step.put as Record<string, unknown>)}, then GET /api/v1/state`;
    case 'cloud':
      return 'PUT /api/v1/system with the cloud_enabled it has, then GET /api/v1/system and GET /api/v1/state';
    case 'toggle':
      return 'PUT /api/v1/system switching cloud_enabled to the other value, then GET /api/v1/system and GET /api/v1/state';
    case 'version':
      return step.asked === null ? 'GET /api without X-Api-Version' : `GET /api with X-Api-Version: ${step.asked}`;
    case 'poll':
      return `POST /api/user {"name":"${nameOf(step.slot)}"} without a press${step.times > 1 ? `, ${step.times} times` : ''}`;
    case 'create':
      return `a button press, then POST /api/user {"name":"${nameOf(step.slot)}"}`;
    case 'late':
      return `a button press, then ${step.after} s without a request, then POST /api/user {"name":"${nameOf(step.slot)}"}`;
    case 'delete':
      return `DELETE /api/user {"name":"${nameOf(step.slot)}"}`;
    case 'list':
      return 'GET /api/user';
    case 'use':
      return `GET /api with each token ${nameOf(step.slot)} was issued, oldest first`;
  }
}

/** Whether the model can take the step: a token to use must have been issued. */
export function canTake(m: ModelState, step: Step): boolean {
  if (step.kind === 'socket') return m.socket !== null;
  if (step.kind === 'cloud' || step.kind === 'toggle') return m.cloud !== null;
  if (step.kind === 'use') return m.users[step.slot].tokens.length > 0;
  return true;
}

export const ok = (next: ModelState, adopted?: Judged['adopted']): Judged => ({ next, disagreement: null, ...(adopted ? { adopted } : {}) });

/**
 * The clauses whose judges ran while a step is judged (explore-judge.ts judgeStepRan's `ran`), each noted where its judgment is made. Only
 * during one synchronous judgment is anything here: empty between steps, it carries nothing from a run to the next.
 */
const judging: Set<ClauseId>[] = [];
const noteRan = (clause: ClauseId, j: Judgment) => {
  if (whyNotJudged(j) === undefined) judging.at(-1)?.add(clause);
};

/** `work`'s value, and every clause a judge of the table ran on while it worked (a judgment that judged nothing not counted). */
export function ranWhile<T>(work: () => T): { value: T; ran: ClauseId[] } {
  const ran = new Set<ClauseId>();
  judging.push(ran);
  try {
    return { value: work(), ran: [...ran] };
  } finally {
    judging.pop();
  }
}

/** A clause the table's judge decides (lib/judge/device/table.ts), on the step's answer or a read-back. */
export const disagreementOf = (clause: ClauseId, j: Judgment, about: 'answer' | 'read'): Disagreement | null => {
  noteRan(clause, j);
  return j.held ? null : { clause, expected: j.expected, observed: j.observed, about };
};
export const judged = (next: ModelState, clause: ClauseId, j: Judgment, about: 'answer' | 'read' = 'answer'): Judged => ({
  next,
  disagreement: disagreementOf(clause, j, about),
});

/** A clause of the table's occasions judged on a step's answer (lib/judge/device/table.ts judgeOn). */
export function judgedOn<K extends OccasionClause>(clause: K, r: Reply, ...o: OccasionArgs<K>): { clause: K; j: Judgment } {
  const j = judgeOn(clause, r, ...o);
  noteRan(clause, j);
  return { clause, j };
}
type ClauseJudgment = { clause: ClauseId; j: Judgment };
/** The first judgment that does not hold, as the step's disagreement about `about`; null where all hold. */
const firstFailing =
  (about: Disagreement['about']) =>
  (next: ModelState, ...judgments: ClauseJudgment[]): Judged | null => {
    const wrong = judgments.find(({ j }) => !j.held);
    return wrong ? judged(next, wrong.clause, wrong.j, about) : null;
  };
/** About the step's answer. */
export const wrongOf = firstFailing('answer');
/** About what was read back after the step. */
export const readWrong = firstFailing('read');
export const firstWrong = (next: ModelState, ...judgments: ClauseJudgment[]): Judged => wrongOf(next, ...judgments) ?? ok(next);

/** The explorer's record of an answer as the table's judges read one; NO_ANSWER where nothing was read. */
export const replyOf = (a: Answer | undefined): Reply =>
  a === undefined
    ? NO_ANSWER
    : {
        status: a.status,
        json: a.json,
        ...(a.text === undefined ? {} : { text: a.text }),
        headers: {
          ...(a.version === undefined ? {} : { 'x-api-version': a.version }),
          ...(a.contentLength === undefined ? {} : { 'content-length': a.contentLength }),
        },
      };

/** SOCK-01 on the state read back after a step. */
export const readBack = (read: Answer | undefined): Judgment =>
  read
    ? sock01(replyOf(read))
    : { held: false, expected: 'GET /api/v1/state: 200 with power_on, switch_lock and brightness', observed: 'no answer', evidence: [] };

/** The clause the last of `sent` POSTs without a press is held to: right after a creation PAIR-07, after refusals PAIR-02, else PAIR-01. */
export function pollClause(m: ModelState, sent: number): 'PAIR-01' | 'PAIR-02' | 'PAIR-07' {
  return m.afterCreation && sent === 1 ? 'PAIR-07' : m.polls + sent - 1 > 0 ? 'PAIR-02' : 'PAIR-01';
}
