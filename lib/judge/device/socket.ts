// Resources: Socket state (v1, no Authorization).
import { parseBody } from '../../client/parse-body.js';
import type { ClauseId } from '../../spec/clause-types.js';
import { socketState, socketStatePartial } from '../../spec/schemas.js';
import { type SocketPut, type SocketState, brightnessApart, describeSocket, isConsistent, socketOutcome } from '../../spec/socket-model.js';
import { type DeviceFacts, HELD, type Judgment, type Reply, allOf, shownReply, statusIs, unless, violated } from './judgment.js';
import { type AnswerJudges, STATE } from './asks.js';

/** SOCK-01, on GET /api/v1/state: also every read-back of the state, wherever a command reads it. */
export const sock01 = (r: Reply): Judgment =>
  allOf(
    () => statusIs(r, 200),
    () => {
      const state = parseBody({ json: r.json, text: r.text ?? '' }, socketState);
      return unless(
        state.ok,
        'boolean power_on, boolean switch_lock and a number brightness from 0 to 255',
        `${shownReply(r)}${state.ok ? '' : ` (${state.problem})`}`,
        r,
      );
    },
  );

export interface StateWrong {
  clause: ClauseId;
  expected: string;
  observed: string;
}

/**
 * The state read back after a PUT the table takes to a state (States: Socket), judged as the fixed rows and the
 * explorer both judge it: the power and the lock under the row's clause; a combined PUT's brightness under
 * SOCK-09 (row 6), the row's own clause keeping to the power and the lock. Empty where it is the table's state.
 */
export function afterPut(from: SocketState, put: SocketPut, read: SocketState): StateWrong[] {
  const outcome = socketOutcome(from, put);
  if (outcome.kind !== 'state') throw new Error(`afterPut judges a PUT the table takes to a state, not ${outcome.kind}`);
  const want = outcome.state;
  const combined = brightnessApart(put, outcome);
  const wrong: StateWrong[] = [];
  if (combined && read.brightness !== want.brightness)
    wrong.push({ clause: 'SOCK-09', expected: `brightness ${want.brightness} stored`, observed: describeSocket(read) });
  if (read.power_on !== want.power_on || read.switch_lock !== want.switch_lock || (!combined && read.brightness !== want.brightness)) {
    wrong.push({ clause: outcome.clause, expected: describeSocket(want, !combined), observed: describeSocket(read) });
  }
  return wrong;
}

/** SOCK-16, on GET /api/v1/state of every kind but the energy socket: no socket state there. */
export const sock16 = (r: Reply, { kind }: Pick<DeviceFacts, 'kind'>): Judgment =>
  unless(r.status !== 200, `any answer but 200: the ${kind} has no socket state`, shownReply(r), r);

/** The socket state of a 200 answer that is one, else null. */
export const stateIn = (r: Reply): SocketState | null => {
  const s = r.status === 200 ? parseBody({ json: r.json, text: r.text ?? '' }, socketState) : null;
  return s?.ok ? { power_on: s.data.power_on, switch_lock: s.data.switch_lock, brightness: s.data.brightness } : null;
};

/** SOCK-02, on every state read: never off and locked. Held on an answer that is no state (SOCK-01's to judge). */
export const sock02 = (r: Reply): Judgment => {
  const s = stateIn(r);
  return unless(s === null || isConsistent(s), 'never power_on false together with switch_lock true', shownReply(r), r);
};

/** SOCK-03, on a PUT's answer: 200 with exactly the submitted fields and their values. */
export const sock03 = (r: Reply, o: { put: Readonly<Record<string, unknown>> }): Judgment => {
  const echo = parseBody({ json: r.json, text: r.text ?? '' }, socketStatePartial);
  const keys = Object.keys(o.put);
  const ok =
    r.status === 200 &&
    echo.ok &&
    Object.keys(echo.data).length === keys.length &&
    Object.entries(o.put).every(([k, v]) => Object.hasOwn(echo.data, k) && (echo.data as Record<string, unknown>)[k] === v);
  return unless(ok, `200 with exactly ${JSON.stringify(o.put)}`, shownReply(r), r);
};

/** A row of the socket tables: the state it started from, its PUT, and the PUT's answer; the judge reads the state read after it. */
export interface RowOccasion {
  from: SocketState;
  put: Readonly<Record<string, unknown>>;
  answer: Reply;
}

const inRange = (b: number) => b >= 0 && b <= 255;
const sameState = (a: SocketState, b: SocketState, brightness = true) =>
  a.power_on === b.power_on && a.switch_lock === b.switch_lock && (!brightness || a.brightness === b.brightness);

/**
 * The socket's table (States: Socket) on the state read after a row's PUT, for the row's clause `id`: the table's
 * rows (SOCK-04 to SOCK-11: power and lock under the row's clause, a combined PUT's brightness under SOCK-09, as
 * afterPut says), SOCK-12 (out of range: power and lock kept, the brightness in range), SOCK-17 (that PUT refused
 * with a 4xx and the state kept) and SOCK-15 (a wrong type: a valid state). An outcome the table does not show holds.
 */
export function socketRow(id: ClauseId, read: Reply, o: RowOccasion): Judgment {
  const { from, answer } = o;
  const put = o.put as SocketPut;
  const s = stateIn(read);
  const shown = s ? describeSocket(s) : shownReply(read);
  const after = `the state read back after the PUT from ${describeSocket(from)}`;
  if (id === 'SOCK-15')
    return unless(s !== null, 'a valid state: booleans power_on and switch_lock, brightness a number from 0 to 255', shownReply(read), answer, read);
  if (id === 'SOCK-12') {
    return unless(
      s !== null && sameState(s, from, false) && inRange(s.brightness),
      `power and lock unchanged (${describeSocket(from, false)}), brightness from 0 to 255`,
      shown,
      answer,
      read,
    );
  }
  if (id === 'SOCK-17') {
    return unless(
      answer.status >= 400 && answer.status <= 499 && s !== null && sameState(s, from),
      `refused with a 4xx and the state unchanged (${describeSocket(from)})`,
      `${shownReply(answer)}; then ${shown}`,
      answer,
      read,
    );
  }
  const outcome = socketOutcome(from, put);
  if (outcome.kind === 'unchanged') {
    const whole = !outcome.brightnessOpen;
    return unless(
      s !== null && sameState(s, from, whole),
      `${whole ? 'the state unchanged' : 'power and lock unchanged'}: ${describeSocket(from, whole)}`,
      shown,
      answer,
      read,
    );
  }
  if (outcome.kind !== 'state') return HELD;
  const combined = brightnessApart(put, outcome);
  const judgesBrightness = id === 'SOCK-09' && combined;
  if (s === null) {
    const want = judgesBrightness ? `brightness ${outcome.state.brightness} stored` : describeSocket(outcome.state, !combined);
    return violated(`${after}: ${want}`, shown, answer, read);
  }
  const wrong = afterPut(from, put, s).find((w) => (judgesBrightness ? w.clause === 'SOCK-09' : !combined || w.clause !== 'SOCK-09'));
  return wrong ? violated(judgesBrightness ? wrong.expected : `${after}: ${wrong.expected}`, wrong.observed, answer, read) : HELD;
}

/** The answers this area's clauses are judged on (table.ts gathers them). */
export const SOCKET_ANSWERS = {
  'SOCK-01': { asks: STATE, judge: sock01 },
  'SOCK-16': { asks: STATE, judge: sock16 },
} as const satisfies AnswerJudges;
