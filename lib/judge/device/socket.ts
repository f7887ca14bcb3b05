// Resources: Socket state (v1, no Authorization).
import { parseBody } from '../../client/parse-body.js';
import { socketState } from '../../spec/schemas.js';
import { type Judgment, type Reply, allOf, shownReply, statusIs, unless } from './judgment.js';

/** SOCK-01, on GET /api/v1/state: also every read-back of the state, wherever a command reads it. */
export const sock01 = (r: Reply): Judgment => allOf(() => statusIs(r, 200), () => {
  const state = parseBody({ json: r.json, text: r.text ?? '' }, socketState);
  return unless(state.ok, 'boolean power_on, boolean switch_lock and a number brightness from 0 to 255', `${shownReply(r)}${state.ok ? '' : ` (${state.problem})`}`, r);
});
