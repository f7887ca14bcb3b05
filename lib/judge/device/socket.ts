// Resources: Socket state (v1, no Authorization).
import { socketState } from '../../spec/schemas.js';
import { type Judgment, type Reply, allOf, shownReply, statusIs, unless } from './judgment.js';

/** Why the body is not a socket state, or null where it is one. */
function stateProblem(r: Reply): string | null {
  if (r.json === undefined) return r.text === '' ? 'an empty body' : 'a body that is not JSON';
  const parsed = socketState.safeParse(r.json);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  return `${issue.path.length ? issue.path.join('.') : 'the body'}: ${issue.message}`;
}

/** SOCK-01, on GET /api/v1/state: also every read-back of the state, wherever a command reads it. */
export const sock01 = (r: Reply): Judgment => allOf(() => statusIs(r, 200), () => {
  const problem = stateProblem(r);
  return unless(problem === null, 'boolean power_on, boolean switch_lock and a number brightness from 0 to 255', `${shownReply(r)} (${problem})`, r);
});
