// The presses of the users suite, in one place: at most two after pairing on a conformant device
// (docs/design.md "Button presses"). Window 1: every refused body, then the run's user (every allowed class
// first; where that name is refused, a plain one, so one refused class fails NAME-06 alone), then one
// more valid name (PAIR-07). Window 2: re-use of that name (PAIR-10), then one more valid name (PAIR-07
// after a re-use: a re-issue is a creation too). What the device answered is kept
// for the checks. A window that a refused attempt closed is pressed open again (PAIR-13 records it).
// Where the press hook tells when it pressed, the re-use is sent REUSE_AFTER_S after the press with nothing
// before it: a window that has closed by then (refused after two presses, accepted at once after a third) is
// PAIR-09's failure without --slow's 25 s wait.
import { creationNotEnabled, userNames } from '../../lib/client/answers.js';
import { REUSE_AFTER_S } from '../../lib/client/creation-window.js';
import type { DeviceResponse } from '../../lib/client/device-client.js';
import { bodyAs } from '../../lib/client/parse-body.js';
import { nameField, tokenField } from '../../lib/spec/schemas.js';
import type { CheckContext } from '../../lib/harness/clause-test.js';
import { noAnswerIfGivenUp } from '../../lib/harness/given-up.js';
import { pressAndPost, timedPress } from '../../lib/press/in-check.js';
import { type RefusedBody, creationNames, refusedBodies } from './names.js';
import type { LateCreations } from '../../lib/judge/device/users.js';
import { runScoped } from '../../lib/client/run-scope.js';

export interface Refusal extends RefusedBody {
  res: DeviceResponse;
}

export interface UsersScenario {
  /** The run's user: the first of creationNames the device created (the last tried where none was). */
  validName: string;
  refusals: Refusal[];
  /** Each name tried for the run's user and its answer, in order (NAME-05, NAME-06). */
  attempts: { name: string; res: DeviceResponse }[];
  /** The answer that created the run's user, or the last refusal. */
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
  /** The re-use sent REUSE_AFTER_S after timed presses and refused, each (PAIR-09 without --slow); empty where the first was accepted or none was timed. */
  lateReuses: DeviceResponse[];
  tokenX2: string | null;
  /** A further valid name right after a successful re-use (PAIR-07); null where the re-use did not succeed. */
  afterReuse: DeviceResponse | null;
  afterReuseName: string;
  /** Every name this run created on the device, for the clean-up. */
  created: Set<string>;
}

const tokenOf = (res: DeviceResponse) => {
  const t = bodyAs(res, tokenField)?.token;
  return res.status === 200 && t !== undefined ? t : null;
};

/** The late re-uses of this run's scenario, for PAIR-09 in users-slow.test.ts (the suites of a run share one module graph). */
const lastLate = runScoped((): { late?: LateCreations | null } => ({}));
/** The late re-uses that showed a window closing early in this run; null where they showed none, undefined where the scenario did not run. */
export const lateCreationsOf = (): LateCreations | null | undefined => lastLate().late;

/** Timed presses whose late re-use may be refused before the window is taken to close early: one press a relay missed is not a short window. */
const LATE_TRIES = 2;

/** The re-use, sent REUSE_AFTER_S after a timed press (from its earliest moment), with no request before it. */
async function reuseLate(ctx: CheckContext, name: string): Promise<DeviceResponse> {
  const press = await timedPress(ctx.run, `re-use of the second user's name, ${REUSE_AFTER_S} s after the press`);
  try {
    await ctx.idle(Math.max(0, press.startedAt + REUSE_AFTER_S * 1000 - Date.now()));
    return await ctx.device.v2.post('/api/user', { body: { name } });
  } finally {
    await press.end();
  }
}

export async function runScenario(ctx: CheckContext): Promise<UsersScenario> {
  const { device, run, token } = ctx;
  const created = new Set<string>();
  const post = (body: unknown) => device.v2.post('/api/user', { body });
  // What a 200 created is named by its answer, or else by the request.
  const note = (name: string | undefined, res: DeviceResponse) => {
    const answered = bodyAs(res, nameField)?.name ?? name;
    if (res.status === 200 && answered) created.add(answered);
  };
  const bodies = refusedBodies(run.runTag);
  const refusals: Refusal[] = [];
  let closedBy: string | null = null;

  // Window 1, opened by the first refused body. A device that refuses it before any press judges
  // bodies before the window: then all are tried at once, and the run's user confirms the window.
  const before = await post(bodies[0]!.body);
  const judgesBodyFirst = !creationNotEnabled(before);
  let opened = !judgesBodyFirst;
  refusals.push({
    ...bodies[0]!,
    res: judgesBodyFirst ? before : await pressAndPost(run, device, 'a second user, after trying refused names', { body: bodies[0]!.body }),
  });
  for (const b of bodies.slice(1)) {
    const res = await post(b.body);
    note(b.name, res);
    // The attempt before one that met a closed window closed it; a refused body that created a user closed it itself.
    if (closedBy === null && creationNotEnabled(res)) closedBy = refusals.at(-1)!.what;
    if (closedBy === null && res.status === 200) closedBy = b.what;
    refusals.push({ ...b, res });
  }
  /** A valid name in the open window; pressed open (again) where it is closed. */
  const attempt = async (name: string) => {
    let res = await post({ name });
    if (creationNotEnabled(res)) {
      if (opened) closedBy ??= 'an earlier refused attempt';
      res = await pressAndPost(run, device, opened ? 'the window had closed: the second user again' : 'a second user', { body: { name } });
      opened = true;
    }
    note(name, res);
    return { name, res };
  };
  const attempts: UsersScenario['attempts'] = [];
  for (const name of creationNames(run.runTag)) {
    attempts.push(await attempt(name));
    if (attempts.at(-1)!.res.status === 200) break;
  }
  const { name, res: creation } = attempts.at(-1)!;
  const newTokenAnswer = tokenOf(creation) ? await device.v2.get('/api', { token: tokenOf(creation)! }) : null;
  const secondName = `local/${run.runTag}-second`;
  const secondInWindow = await post({ name: secondName });
  note(secondName, secondInWindow);
  const namesAfterWindow1 = await userNames(device, token).catch(noAnswerIfGivenUp);

  // Window 2: re-use of the name (only if the user exists).
  let reuse: DeviceResponse | null = null;
  const lateReuses: DeviceResponse[] = [];
  if (tokenOf(creation)) {
    while (run.pressTimed && !reuse && lateReuses.length < LATE_TRIES) {
      const res = await reuseLate(ctx, name);
      if (creationNotEnabled(res)) lateReuses.push(res);
      else reuse = res;
    }
    reuse ??= await pressAndPost(run, device, "re-use of the second user's name", { body: { name } });
  }
  lastLate().late = lateReuses.length === LATE_TRIES && reuse ? { afterS: REUSE_AFTER_S, refusals: lateReuses, then: reuse } : null;
  const afterReuseName = `local/${run.runTag}-third`;
  const afterReuse = reuse && tokenOf(reuse) ? await post({ name: afterReuseName }) : null;
  if (afterReuse) note(afterReuseName, afterReuse);
  return {
    validName: name,
    refusals,
    attempts,
    creation,
    tokenX: tokenOf(creation),
    newTokenAnswer,
    secondInWindow,
    secondName,
    namesAfterWindow1,
    closedBy,
    judgesBodyFirst,
    reuse,
    lateReuses,
    tokenX2: reuse ? tokenOf(reuse) : null,
    afterReuse,
    afterReuseName,
    created,
  };
}
