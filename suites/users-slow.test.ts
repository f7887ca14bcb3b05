// --slow: the 30-second creation window, waited out (two more presses). The window is timed from the
// press itself, with no request in between: a refused request may close the window (PAIR-13 only
// records it), and polling may restart its timer. Only a press hook tells when the press happened,
// so without one these checks are skipped with that reason.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll } from 'vitest';
import type { DeviceResponse } from '../lib/client/device-client.js';
import { deleteCreatedUsers } from '../lib/harness/cleanup.js';
import { describeResponse, expectHeld } from '../lib/harness/clause-failure.js';
import { judgeOn } from '../lib/harness/judged.js';
import { type CheckContext, clauseTest } from '../lib/harness/clause-test.js';
import { type PressTime, timedPress } from '../lib/press/in-check.js';
import { creationNotEnabled, userNames } from '../lib/client/answers.js';
import { REUSE_AFTER_S } from '../lib/client/creation-window.js';
import { lateCreationsOf } from './users/scenario.js';

const created: string[] = [];
const withToken = { needsToken: true } as const;
const UNTIMED =
  'the window is timed from the press with no request in between, and only a press hook tells when the press happened: ' + 'run with --press-hook';

afterAll(() => deleteCreatedUsers(created));

async function postAt(ctx: CheckContext, at: number, name: string): Promise<DeviceResponse> {
  await sleep(Math.max(0, at - Date.now()));
  const res = await ctx.device.v2.post('/api/user', { body: { name } });
  if (res.status === 200) created.push(name);
  return res;
}

/** Presses, then runs `then` with the press time; the press is ended whatever happens. */
async function afterPress<T>(ctx: CheckContext, why: string, then: (press: PressTime) => Promise<T>): Promise<T> {
  const press = await timedPress(ctx.run, why);
  try {
    return await then(press);
  } finally {
    await press.end();
  }
}

interface At25 {
  /** One character after the prefix (NAME-08), 25 s after the press at the earliest moment it can have happened. */
  single: { name: string; res: DeviceResponse };
  /** A plain name right after, where the single character was refused with the window open: PAIR-09's answer then. */
  plain: DeviceResponse | null;
}
let early: Promise<At25 | { skip: string }> | undefined;
/** PAIR-09 and NAME-08 share a press. */
const at25 = async (ctx: CheckContext): Promise<At25> => {
  const r = await (early ??= (async () => {
    if (!ctx.run.pressTimed) return { skip: UNTIMED };
    const taken = await userNames(ctx.device, ctx.token);
    if (taken === null) return { skip: 'GET /api/user did not answer a list, so a free one-character name cannot be chosen' };
    const char = [...'qzjxkvwyQZJXKVWY0123456789'].find((c) => !taken.includes(`local/${c}`));
    if (!char) return { skip: 'every one-character name the suite may use is taken by another user' };
    return afterPress(ctx, 'the window, waited for 25 s', async (press) => {
      const single = { name: `local/${char}`, res: await postAt(ctx, press.startedAt + 25_000, `local/${char}`) };
      const refusedOpen = single.res.status !== 200 && !creationNotEnabled(single.res);
      return { single, plain: refusedOpen ? await postAt(ctx, 0, `local/${ctx.run.runTag}-at25`) : null };
    });
  })());
  return 'skip' in r ? ctx.skip(r.skip) : r;
};

clauseTest(
  'PAIR-09',
  async (ctx) => {
    // Without --slow: the users suite's late re-uses, which show a window that closes within seconds (scenario.ts).
    const late = lateCreationsOf();
    if (late) expectHeld(judgeOn('PAIR-09', late.refusals[0]!, late));
    if (!ctx.run.slow) {
      ctx.skip(
        `it waits out a device timer: run with --slow (${
          late === undefined
            ? 'the users suite did not run, so no creation was timed'
            : `a creation ${REUSE_AFTER_S} s after its press was accepted: the window lasts that long at least`
        })`,
      );
    }
    const { single, plain } = await at25(ctx);
    if (plain && creationNotEnabled(plain)) {
      ctx.skip(
        `the one-character name was refused (${describeResponse(single.res)}, see NAME-08) and that refusal closed the window (PAIR-13), ` +
          'so no valid name was tried at 25 s',
      );
    }
    const res = plain ?? single.res;
    expectHeld(judgeOn('PAIR-09', res));
  },
  withToken,
);

clauseTest(
  'NAME-08',
  async (ctx) => {
    const { single } = await at25(ctx);
    if (creationNotEnabled(single.res)) ctx.skip('the window had closed by 25 s after the press (see PAIR-09), so the name was not judged');
    expectHeld(judgeOn('NAME-08', single.res, { what: `${single.name} (one character after the prefix)` }));
  },
  withToken,
);

clauseTest(
  'PAIR-08',
  async (ctx) => {
    if (!ctx.run.pressTimed) ctx.skip(UNTIMED);
    // 30.5 s after the press at the latest moment it can have happened.
    const res = await afterPress(ctx, 'the window, waited out past 30 s', (press) => postAt(ctx, press.endedAt + 30_500, `local/${ctx.run.runTag}-late`));
    expectHeld(judgeOn('PAIR-08', res, { why: 'more than 30 s after the press, with no request between: the window is over' }));
  },
  withToken,
);
