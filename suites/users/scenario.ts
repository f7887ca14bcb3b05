// The presses of the users suite, in one place: at most two after pairing (DESIGN.md "Button
// presses"). Window 1: every refused body, then the valid name that closes it, then one more valid
// name (PAIR-07). Window 2: re-use of that name (PAIR-10). What the device answered is kept for the checks.
import type { DeviceClient, DeviceResponse } from '../../lib/client/device-client.js';
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
  /** Names of the user list (pairing user's view) after window 1. */
  namesAfterWindow1: string[];
  /** Refused attempts that closed the window (PAIR-13); a further press was then needed. */
  closedBy: string | null;
  reuse: DeviceResponse | null;
  tokenX2: string | null;
  /** Every name this run created on the device, for the clean-up. */
  created: Set<string>;
}

const tokenOf = (res: DeviceResponse) => {
  const t = (res.json as { token?: unknown } | undefined)?.token;
  return res.status === 200 && typeof t === 'string' ? t : null;
};
const closed = (res: DeviceResponse) =>
  res.status === 403 && (res.json as { error?: unknown } | undefined)?.error === 'user:creation-not-enabled';

export async function userNames(device: DeviceClient, token: string): Promise<string[]> {
  const list = (await device.v2.get('/api/user', { token })).json;
  return Array.isArray(list) ? list.map((u: { name?: unknown }) => String(u?.name)) : [];
}

export async function runScenario({ device, run, token }: CheckContext): Promise<UsersScenario> {
  const created = new Set<string>();
  const post = (body: unknown) => device.v2.post('/api/user', { body });
  const note = (name: string | undefined, res: DeviceResponse) => {
    if (res.status === 200 && name) created.add(name);
  };
  const bodies = refusedBodies(run.runTag);
  const refusals: Refusal[] = [];
  let closedBy: string | null = null;

  // Window 1, opened by the first refused body.
  refusals.push({ ...bodies[0]!, res: await pressAndPost(run, device, 'a second user, after trying refused names', { body: bodies[0]!.body }) });
  for (const b of bodies.slice(1)) {
    const res = await post(b.body);
    note(b.name, res);
    refusals.push({ ...b, res });
    if (closedBy === null && (closed(res) || res.status === 200)) closedBy = b.what;
  }
  const name = validName(run.runTag);
  let creation = await post({ name });
  if (closed(creation)) {
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
    closedBy, reuse, tokenX2: reuse ? tokenOf(reuse) : null, created };
}
