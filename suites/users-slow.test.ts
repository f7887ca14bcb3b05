// --slow: the 30-second creation window, waited out (two more presses). Each window is confirmed by
// a refused body, so its timing rests on refusals leaving the window open (PAIR-13 tells).
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll } from 'vitest';
import type { DeviceResponse } from '../lib/client/device-client.js';
import { deleteCreatedUsers } from '../lib/harness/cleanup.js';
import { describeResponse, expectError, expectThat } from '../lib/harness/clause-failure.js';
import { type CheckContext, clauseTest } from '../lib/harness/clause-test.js';
import { pressAndPost } from '../lib/harness/press.js';
import { creationNotEnabled, userNames } from '../lib/client/answers.js';

const created: string[] = [];
const withToken = { needsToken: true } as const;

afterAll(() => deleteCreatedUsers(created));

/**
 * Opens a window, confirmed by a refused body: the time it was seen open, or why it cannot be timed.
 * A device that refuses the body before any press judges bodies first; its window cannot be timed
 * without creating a user at once.
 */
async function openWindow(ctx: CheckContext, why: string): Promise<number | { skip: string }> {
  const before = await ctx.device.v2.post('/api/user', { body: {} });
  if (!creationNotEnabled(before)) return { skip: `the device judges a body before the window (${describeResponse(before)}), so the window cannot be timed` };
  const first = await pressAndPost(ctx.run, ctx.device, why, { body: {} });
  const seenAt = Date.now();
  if (first.status === 200 || first.status === 403) return { skip: `the window could not be confirmed with a refused body (${describeResponse(first)})` };
  return seenAt;
}

async function postAt(ctx: CheckContext, at: number, name: string): Promise<DeviceResponse> {
  await sleep(Math.max(0, at - Date.now()));
  const res = await ctx.device.v2.post('/api/user', { body: { name } });
  if (res.status === 200) created.push(name);
  return res;
}

type At25 = { res: DeviceResponse; name: string } | { skip: string };
let early: Promise<At25> | undefined;
/** PAIR-09 and NAME-08 share a press: one character after the prefix, 25 s after the press. */
const at25 = async (ctx: CheckContext) => {
  const r = await (early ??= (async (): Promise<At25> => {
    const taken = await userNames(ctx.device, ctx.token);
    if (taken === null) return { skip: 'GET /api/user did not answer a list, so a free one-character name cannot be chosen' };
    const char = [...'qzjxkvwyQZJXKVWY0123456789'].find((c) => !taken.includes(`local/${c}`));
    if (!char) return { skip: 'every one-character name the suite may use is taken by another user' };
    const seenAt = await openWindow(ctx, 'the window, waited for 25 s');
    if (typeof seenAt !== 'number') return seenAt;
    return { res: await postAt(ctx, seenAt + 25_000, `local/${char}`), name: `local/${char}` };
  })());
  return 'skip' in r ? ctx.skip(r.skip) : r;
};

clauseTest('PAIR-09', async (ctx) => {
  const { res } = await at25(ctx);
  expectThat(res.status === 200, '200: the window is still open 25 s after the press', describeResponse(res), res);
}, withToken);

clauseTest('NAME-08', async (ctx) => {
  const { res, name } = await at25(ctx);
  expectThat(res.status === 200, `${name} (one character after the prefix) accepted`, describeResponse(res), res);
}, withToken);

clauseTest('PAIR-08', async (ctx) => {
  const seenAt = await openWindow(ctx, 'the window, waited out past 30 s');
  if (typeof seenAt !== 'number') return ctx.skip(seenAt.skip);
  // The press came before the window was seen open, so 30.5 s after that is past 30 s after the press.
  const res = await postAt(ctx, seenAt + 30_500, `local/${ctx.run.runTag}-late`);
  expectError(res, 403, 'user:creation-not-enabled');
}, withToken);
