// The vendor profile: GET /api/telegram, the P1 meter's raw DSMR telegram (DOC v2/telegram.mdx; V-TEL).
import type { DeviceResponse } from '../lib/client/device-client.js';
import { crcOf, parseTelegram } from '../lib/client/dsmr.js';
import { describeResponse, expectThat } from '../lib/harness/clause-failure.js';
import { type CheckContext, clauseTest } from '../lib/harness/clause-test.js';
import { expectNoTelegram, isNoTelegram } from './vendor/telegram.js';

const withToken = { needsToken: true } as const;
const TELEGRAM = '/api/telegram';
const textPlain = (res: DeviceResponse) => /^text\/plain\s*(;|$)/i.test(res.contentType ?? '');

/** The telegram the device has now: its answer, and where it had none (503), V-TEL-03 judged on it. */
async function telegram(ctx: CheckContext): Promise<DeviceResponse> {
  const res = await ctx.device.v2.get(TELEGRAM, { token: ctx.token });
  if (isNoTelegram(res)) await ctx.also('V-TEL-03', () => expectNoTelegram(res));
  return res;
}

clauseTest('V-TEL-01', async (ctx) => {
  const res = await telegram(ctx);
  if (res.status === 503) return;
  expectThat(res.status === 200 && textPlain(res) && parseTelegram(res.text) !== null,
    '200, Content-Type text/plain, a DSMR telegram from a "/" line to a "!" line (or 503 without one)',
    `${res.status}, Content-Type ${res.contentType ?? 'absent'}, ${parseTelegram(res.text) ? 'a telegram' : `no telegram: ${describeResponse(res)}`}`, res);
}, { ...withToken, also: ['V-TEL-03'] });

clauseTest('V-TEL-02', async (ctx) => {
  const res = await telegram(ctx);
  const t = res.status === 200 ? parseTelegram(res.text) : null;
  if (!t) return ctx.skip(`no telegram to judge (GET ${TELEGRAM} answered ${res.status}; see V-TEL-01)`);
  if (t.crc === null) return ctx.skip('the telegram ends without a CRC (DSMR before 5 has none)');
  expectThat(t.crc.toUpperCase() === crcOf(t), `CRC ${crcOf(t)} of the bytes from "/" to "!"`, `CRC ${t.crc}`, res);
}, { ...withToken, also: ['V-TEL-03'] });

clauseTest('V-TEL-03', async (ctx) => {
  const res = await ctx.device.v2.get(TELEGRAM, { token: ctx.token });
  if (!isNoTelegram(res)) ctx.skip(`the device had a telegram (${res.status}): its answer without one is judged wherever a check meets it`);
  expectNoTelegram(res);
}, withToken);

clauseTest('V-TEL-04', async (ctx) => {
  const res = await telegram(ctx);
  const t = res.status === 200 ? parseTelegram(res.text) : null;
  if (!t) return ctx.skip(`no telegram to look at (GET ${TELEGRAM} answered ${res.status})`);
  ctx.observe({ lineEndings: t.lineEndings, crc: t.crc !== null });
}, withToken);

clauseTest('V-TEL-05', async ({ device, token, observe }) => {
  const res = await device.v2.get(TELEGRAM, { token });
  observe({ status: res.status, contentType: res.contentType ?? null });
  expectThat(res.status < 200 || res.status >= 300, 'no 2xx: only the P1 meter serves a telegram', describeResponse(res), res);
}, withToken);
