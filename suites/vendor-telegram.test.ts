// The vendor profile: GET /api/telegram, the P1 meter's raw DSMR telegram (DOC v2/telegram.mdx; V-TEL).
import { setTimeout as sleep } from 'node:timers/promises';
import type { DeviceResponse } from '../lib/client/device-client.js';
import { parseTelegram } from '../lib/client/dsmr.js';
import { type CheckContext, clauseTest } from '../lib/harness/clause-test.js';
import { answerClauseTest, answerClauseTests, expectHeld, factsOf } from '../lib/harness/answer-clause.js';
import { judgeAnswer } from '../lib/judge/device/table.js';
import { isNoTelegram } from '../lib/judge/device/vendor.js';

const withToken = { needsToken: true } as const;
const TELEGRAM = '/api/telegram';

/** DSMR 5 meters send a telegram every second, older ones every 10 s (vendor-api.md §2): a P1 meter just started may have none yet. */
const FIRST_TELEGRAM_WITHIN_S = 12;

// Every clause of one answer here is checked below: the telegram awaited, the reboot's, or with what else it observes.
answerClauseTests('vendor-telegram', {}, ['V-TEL-01', 'V-TEL-02', 'V-TEL-03', 'V-TEL-05']);

/**
 * A telegram: asked once a second until the device has one, or until a meter of any DSMR version would have sent
 * it; each answer without one judged under V-TEL-03. The last answer.
 */
async function telegram(ctx: CheckContext): Promise<DeviceResponse> {
  for (let i = 0; ; i += 1) {
    const res = await ctx.device.v2.get(TELEGRAM, { token: ctx.token });
    if (!isNoTelegram(res) || i >= FIRST_TELEGRAM_WITHIN_S) return res;
    await ctx.also('V-TEL-03', () => expectHeld(judgeAnswer('V-TEL-03', res, factsOf(ctx.run))), [res.exchange]);
    await sleep(1000);
  }
}

clauseTest(
  'V-TEL-01',
  async (ctx) => {
    const res = await telegram(ctx);
    if (isNoTelegram(res)) ctx.skip(`the device had no telegram in ${FIRST_TELEGRAM_WITHIN_S} s (is the smart meter connected?)`);
    expectHeld(judgeAnswer('V-TEL-01', res, factsOf(ctx.run)));
  },
  withToken,
);

clauseTest(
  'V-TEL-02',
  async (ctx) => {
    const res = await telegram(ctx);
    const t = res.status === 200 ? parseTelegram(res.text) : null;
    if (!t) return ctx.skip(`no telegram to judge (GET ${TELEGRAM} answered ${res.status}; see V-TEL-01)`);
    if (t.crc === null) return ctx.skip('the telegram ends without a CRC (DSMR before 5 has none)');
    expectHeld(judgeAnswer('V-TEL-02', res, factsOf(ctx.run)));
  },
  { ...withToken, timeoutMs: 60_000 },
);

clauseTest(
  'V-TEL-03',
  async (ctx) => {
    const res = await ctx.device.v2.get(TELEGRAM, { token: ctx.token });
    if (!isNoTelegram(res)) ctx.skip(`the device had a telegram (${res.status}): its answer without one is judged wherever a check meets it`);
    expectHeld(judgeAnswer('V-TEL-03', res, factsOf(ctx.run)));
  },
  withToken,
);

clauseTest(
  'V-TEL-04',
  async (ctx) => {
    const res = await telegram(ctx);
    const t = res.status === 200 ? parseTelegram(res.text) : null;
    if (!t) return ctx.skip(`no telegram to look at (GET ${TELEGRAM} answered ${res.status})`);
    ctx.observe({ lineEndings: t.lineEndings, crc: t.crc !== null });
  },
  withToken,
);

answerClauseTest('V-TEL-05', withToken, async (res, { observe }) => observe({ status: res.status, contentType: res.contentType ?? null }));
