// Resources: Socket state (v1, no Authorization).
import { parseBody } from '../../client/parse-body.js';
import type { ClauseId } from '../../spec/clause-types.js';
import { socketState } from '../../spec/schemas.js';
import { type SocketPut, type SocketState, describeSocket, socketOutcome } from '../../spec/socket-model.js';
import { type Judgment, type Reply, allOf, shownReply, statusIs, unless } from './judgment.js';

/** SOCK-01, on GET /api/v1/state: also every read-back of the state, wherever a command reads it. */
export const sock01 = (r: Reply): Judgment => allOf(() => statusIs(r, 200), () => {
  const state = parseBody({ json: r.json, text: r.text ?? '' }, socketState);
  return unless(state.ok, 'boolean power_on, boolean switch_lock and a number brightness from 0 to 255', `${shownReply(r)}${state.ok ? '' : ` (${state.problem})`}`, r);
});

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
  const combined = typeof put.brightness === 'number' && outcome.clause !== 'SOCK-09';
  const wrong: StateWrong[] = [];
  if (combined && read.brightness !== want.brightness) wrong.push({ clause: 'SOCK-09', expected: `brightness ${want.brightness} stored`, observed: describeSocket(read) });
  if (read.power_on !== want.power_on || read.switch_lock !== want.switch_lock || (!combined && read.brightness !== want.brightness)) {
    wrong.push({ clause: outcome.clause, expected: describeSocket(want, !combined), observed: describeSocket(read) });
  }
  return wrong;
}
