// The vendor profile: /api/system and identify (DOC v2/system.mdx; spec/vendor-clauses.md V-SYS). Every check
// that writes puts back what it found (keepingSystem); the reboot checks are in vendor-system-reboot.test.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import { describeResponse, expectHeld } from '../lib/harness/clause-failure.js';
import { answerClauseTests } from '../lib/harness/answer-clause.js';
import { judgeOn } from '../lib/harness/judged.js';
import { type CheckContext, clauseRows, clauseTest } from '../lib/harness/clause-test.js';
import { errorCode } from '../lib/client/answers.js';
import { rowTitle } from '../lib/spec/endpoints.js';
import { vendorGateHolds, writableSystemFields } from '../lib/spec/vendor-kinds.js';
import { SYSTEM, changedFields, getSystem, keepingSystem, putSystem, systemFound } from './vendor/system.js';
import type { DeviceResponse } from '../lib/client/device-client.js';

const withToken = { needsToken: true } as const;
answerClauseTests('vendor-system');

/** PUT `field: value`, then GET: both answers, for the clause's judge (lib/judge/device/system.ts systemWrite). */
async function writeAndRead(ctx: CheckContext, field: string, value: unknown): Promise<{ put: DeviceResponse; read: DeviceResponse }> {
  return { put: await putSystem(ctx, { [field]: value }), read: (await getSystem(ctx)).res };
}
const written = (field: string, value: unknown) =>
  [
    { answer: 'put' as const, field, value },
    { answer: 'read' as const, field, value },
  ] as const;

const LED = 'status_led_brightness_pct';
clauseRows(
  [0, 37, 100].map((n) => ({ clause: 'V-SYS-02' as const, title: rowTitle('V-SYS-02', `PUT ${SYSTEM}`, `${LED} ${n}`), n })),
  async ({ n }, ctx) =>
    keepingSystem(ctx, async () => {
      const { put, read } = await writeAndRead(ctx, LED, n);
      const [p, r] = written(LED, n);
      expectHeld(judgeOn('V-SYS-02', put, p));
      expectHeld(judgeOn('V-SYS-02', read, r));
    }),
  withToken,
);

clauseTest(
  'V-SYS-03',
  async (ctx) => {
    if (!ctx.run.usable.v1) ctx.skip('the v1 API did not answer, so its refusal while switched off cannot be told from its absence');
    await keepingSystem(ctx, async () => {
      for (const value of [false, true]) {
        const { put, read } = await writeAndRead(ctx, 'api_v1_enabled', value);
        const [p, r] = written('api_v1_enabled', value);
        expectHeld(judgeOn('V-SYS-03', put, p));
        expectHeld(judgeOn('V-SYS-03', read, r));
        expectHeld(judgeOn('V-SYS-03', await ctx.device.v1.get('/api/v1/data'), { answer: value ? 'v1 on' : 'v1 off' }));
      }
    });
  },
  withToken,
);

clauseTest(
  'V-SYS-04',
  async (ctx) =>
    keepingSystem(ctx, async () => {
      for (const value of [false, true]) {
        const { put, read } = await writeAndRead(ctx, 'cloud_enabled', value);
        const [p, r] = written('cloud_enabled', value);
        expectHeld(judgeOn('V-SYS-04', put, p));
        expectHeld(judgeOn('V-SYS-04', read, r));
      }
    }),
  withToken,
);

clauseTest(
  'V-SYS-05',
  async (ctx) =>
    keepingSystem(ctx, async (found) => {
      // The value found written again: nothing changes, and the answer must still be the whole object.
      const field = writableSystemFields(ctx.run.kind).find((f) => f !== 'cloud_enabled');
      if (!field) return ctx.skip(`the documentation lists no field the ${ctx.run.kind} lets a client write but the cloud setting`);
      expectHeld(judgeOn('V-SYS-05', await putSystem(ctx, { [field]: found[field] }), { keys: Object.keys(found) }));
    }),
  withToken,
);

const INVALID = [
  { field: LED, value: 101, gate: 'v-led' },
  { field: LED, value: -1, gate: 'v-led' },
  { field: LED, value: '50', gate: 'v-led' },
  { field: 'api_v1_enabled', value: 'false', gate: 'v-v1-switch' },
  { field: 'api_v1_enabled', value: 1, gate: 'v-v1-switch' },
] as const;
clauseRows(
  INVALID.map((r) => ({ ...r, clause: 'V-SYS-06' as const, title: rowTitle('V-SYS-06', `PUT ${SYSTEM}`, `${r.field} ${JSON.stringify(r.value)}`) })),
  async ({ field, value, gate }, ctx) => {
    if (!vendorGateHolds(gate, ctx.run.kind)) ctx.skip(`the ${ctx.run.kind} has no ${field}`);
    await keepingSystem(ctx, async (found) => {
      expectHeld(judgeOn('V-SYS-06', await putSystem(ctx, { [field]: value }), { answer: 'put', field }));
      const after = await getSystem(ctx);
      // What differs outside the documented fields is recorded; the judge holds the device to the documented ones.
      changedFields(found, after.body, ctx.observe);
      expectHeld(judgeOn('V-SYS-06', after.res, { answer: 'read', before: found }));
    });
  },
  withToken,
);

clauseTest(
  'V-SYS-07',
  async (ctx) => {
    expectHeld(judgeOn('V-SYS-07', (await getSystem(ctx)).res, {}));
    const res = await putSystem(ctx, { cloud_enabled: false });
    const after = await getSystem(ctx);
    if (after.body?.cloud_enabled === false) await putSystem(ctx, { cloud_enabled: true });
    expectHeld(judgeOn('V-SYS-07', after.res, { after: res.status }));
  },
  withToken,
);

clauseTest(
  'V-SYS-08',
  async (ctx) =>
    keepingSystem(ctx, async () => {
      const res = await putSystem(ctx, { ec_unknown_field: 1 });
      ctx.observe({ status: res.status, error: errorCode(res) ?? null, body: describeResponse(res) });
    }),
  withToken,
);

clauseTest(
  'V-SYS-09',
  async ({ device, token }) => {
    expectHeld(judgeOn('V-SYS-09', await device.v2.put('/api/system/identify', { token })));
  },
  withToken,
);

clauseTest(
  'V-SYS-10',
  async ({ device, token, observe }) => {
    const res = await device.v2.put('/api/system/identify', { token });
    observe({ status: res.status, body: describeResponse(res) });
    expectHeld(judgeOn('V-SYS-10', res));
  },
  withToken,
);

clauseTest(
  'V-SYS-13',
  async (ctx) => {
    const first = await systemFound(ctx);
    const from = performance.now();
    await sleep(2000);
    const then = await getSystem(ctx);
    expectHeld(judgeOn('V-SYS-13', then.res, { before: first.uptime_s, seconds: (performance.now() - from) / 1000 }));
  },
  withToken,
);
