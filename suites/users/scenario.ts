// The presses of the users suite, in one place: at most two after pairing (DESIGN.md "Button
// presses"). Window 1: every refused body, then the valid name that closes it, then one more valid
// name (PAIR-07). Window 2: re-use of that name (PAIR-10). What the device answered is kept for the checks.
import { creationNotEnabled, userNames } from '../../lib/client/answers.js';
import type { DeviceResponse } from '../../lib/client/device-client.js';
import type { CheckContext } from '../../lib/harness/clause-test.js';
import { pressAndPost } from '../../lib/harness/press.js';
import { type RefusedBody, refusedBodies, validName } from './names.js';

export interface Refusal extends RefusedBody {
  res: DeviceResponse;
}

export interface UsersScenario {
  validName: string;
  refusals: Refusal[];
  /** The answer to the valid name in window 1. */
  creation: DeviceResponse;
  tokenX: string | null;
  /** GET /api with that token, before window 2 re-issues it (PAIR-06). */
  newTokenAnswer: DeviceResponse | null;
  /** A second valid name right after the creation (PAIR-07). */
  secondInWindow: DeviceResponse;
  secondName: string;
  /** Names of the user list after window 1; null when the device did not answer a list. */
  namesAfterWindow1: string[] | null;
  /** Refused attempts that closed the window (PAIR-13); a further press was then needed. */
  closedBy: string | null;
  /** The device refused the bodies before any press: it judges a body before the window (PAIR-13). */
  judgesBodyFirst: boolean;
  reuse: DeviceResponse | null;
  tokenX2: string | null;
  /** Every name this run created on the device, for the clean-up. */
  created: Set<string>;
}

const tokenOf = (res: DeviceResponse) => {
  const t = (res.json as { token?: unknown } | undefined)?.token;
  return res.status === 200 && typeof t === 'string' ? t : null;
};

export async function runScenario({ device, run, token }: CheckContext): Promise<UsersScenario> {
  const created = new Set<string>();
  const post = (body: unknown) => device.v2.post('/api/user', { body });
  // What a 200 created is named by its answer, or else by the request.
  const note = (name: string | undefined, res: DeviceResponse) => {
    const answered = (res.json as { name?: unknown } | undefined)?.name;
    if (res.status === 200 && (typeof answered === 'string' || name)) created.add(typeof answered === 'string' ? answered : name!);
  };
  const bodies = refusedBodies(run.runTag);
  const refusals: Refusal[] = [];
  let closedBy: string | null = null;

  // Window 1, opened by the first refused body. A device that refuses it before any press judges
  // bodies before the window: then all are tried at once, and the valid name confirms the window.
  const before = await post(bodies[0]!.body);
  const judgesBodyFirst = !creationNotEnabled(before);
  refusals.push({ ...bodies[0]!, res: judgesBodyFirst ? before
    : await pressAndPost(run, device, 'a second user, after trying refused names', { body: bodies[0]!.body }) });
  for (const b of bodies.slice(1)) {
    const res = await post(b.body);
    note(b.name, res);
    refusals.push({ ...b, res });
    if (closedBy === null && (creationNotEnabled(res) || res.status === 200)) closedBy = b.what;
  }
  const name = validName(run.runTag);
  let creation = judgesBodyFirst ? await pressAndPost(run, device, 'a second user', { body: { name } }) : await post({ name });
  if (creationNotEnabled(creation)) {
    closedBy ??= 'an earlier refused attempt';
    creation = await pressAndPost(run, device, 'the refused attempts closed the window: the second user again', { body: { name } });
  }
  note(name, creation);
  const newTokenAnswer = tokenOf(creation) ? await device.v2.get('/api', { token: tokenOf(creation)! }) : null;
  const secondName = `local/${run.runTag}-second`;
  const secondInWindow = await post({ name: secondName });
  note(secondName, secondInWindow);
  const namesAfterWindow1 = await userNames(device, token);

  // Window 2: re-use of the name (only if the user exists).
  let reuse: DeviceResponse | null = null;
  if (tokenOf(creation)) reuse = await pressAndPost(run, device, 're-use of the second user\'s name', { body: { name } });
  return { validName: name, refusals, creation, tokenX: tokenOf(creation), newTokenAnswer, secondInWindow, secondName, namesAfterWindow1,
    closedBy, judgesBodyFirst, reuse, tokenX2: reuse ? tokenOf(reuse) : null, created };
}
