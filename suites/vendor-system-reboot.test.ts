// The vendor profile's reboot checks, last of the whole run (spec/run-order.ts), only with --allow-reboot
// (V-SYS-11, V-SYS-12; DOC v2/system.mdx "Reboot"). The first telegram read after the return meets the P1
// meter without one, where V-TEL-03 is judged.
import { setTimeout as sleep } from 'node:timers/promises';
import { DeviceClient, type DeviceResponse } from '../lib/client/device-client.js';
import { type CheckContext, clauseTest } from '../lib/harness/clause-test.js';
import { vendorGateHolds } from '../lib/spec/vendor-kinds.js';
import { isNoTelegram } from '../lib/judge/device/vendor.js';
import { judgeAnswer } from '../lib/judge/device/table.js';
import { judgeOn } from '../lib/harness/judged.js';
import { NO_ANSWER } from '../lib/judge/device/judgment.js';
import { expectHeld, factsOf } from '../lib/harness/answer-clause.js';
import { getSystem, systemFound } from './vendor/system.js';

/** spec/vendor-clauses.md V-SYS-11: the suite's bound; the documentation gives none. */
const BACK_WITHIN_S = 180;

/** Polls GET /api with the token on a client of its own (the check's pool holds the connection the reboot cut) until it answers 200. */
async function whenBack(ctx: CheckContext, seconds: number): Promise<{ res: DeviceResponse | null; away: boolean; afterS: number }> {
  const poll = new DeviceClient(ctx.run.target, ctx.device.redactor, 2000);
  const from = performance.now();
  let away = false;
  try {
    while (performance.now() - from < seconds * 1000) {
      try {
        const res = await poll.v2.get('/api', { token: ctx.token });
        if (res.status === 200) return { res, away, afterS: (performance.now() - from) / 1000 };
      } catch {
        away = true;
      }
      await sleep(500);
    }
    return { res: null, away, afterS: seconds };
  } finally {
    await poll.close();
  }
}

clauseTest(
  'V-SYS-11',
  async (ctx) => {
    const before = await systemFound(ctx);
    const asked = performance.now();
    const res = await ctx.device.v2.put('/api/system/reboot', { token: ctx.token });
    expectHeld(judgeOn('V-SYS-11', res, { answer: 'put' }));
    // What a rebooting device does before it goes: the answer first, then its servers close.
    await sleep(1000);
    const back = await whenBack(ctx, BACK_WITHIN_S);
    expectHeld(judgeOn('V-SYS-11', back.res ?? NO_ANSWER, { answer: 'back', withinS: BACK_WITHIN_S, away: back.away }));
    if (vendorGateHolds('v-telegram', ctx.run.kind) && !ctx.run.skips['V-TEL-03']) {
      const telegram = await ctx.device.v2.get('/api/telegram', { token: ctx.token });
      if (isNoTelegram(telegram)) await ctx.also('V-TEL-03', () => expectHeld(judgeAnswer('V-TEL-03', telegram, factsOf(ctx.run))), [telegram.exchange]);
    }
    const after = await getSystem(ctx);
    const since = (performance.now() - asked) / 1000;
    // Had it not rebooted, it would read its uptime before and the seconds since (one less for rounding down).
    const unbroken = Number(before.uptime_s) + since - 1;
    expectHeld(judgeOn('V-SYS-11', after.res, { answer: 'uptime', since, unbroken }));
    ctx.observe({ backAfterS: Number(back.afterS.toFixed(1)), wentAway: back.away });
  },
  { needsToken: true, timeoutMs: (BACK_WITHIN_S + 60) * 1000, also: ['V-TEL-03'] },
);

clauseTest(
  'V-SYS-12',
  async (ctx) => {
    const before = await systemFound(ctx);
    const res = await ctx.device.v2.put('/api/system/reboot', { token: ctx.token });
    await sleep(2000);
    const back = await whenBack(ctx, 60);
    const after = await getSystem(ctx);
    expectHeld(judgeOn('V-SYS-12', res, { answer: 'put' }));
    expectHeld(judgeOn('V-SYS-12', after.res, { answer: 'uptime', before: before.uptime_s, away: back.away }));
  },
  { needsToken: true, timeoutMs: 120_000 },
);
