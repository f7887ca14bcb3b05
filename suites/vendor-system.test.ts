// The vendor profile: /api/system and identify (DOC v2/system.mdx; spec/vendor-clauses.md V-SYS). Every check
// that writes puts back what it found (keepingSystem); the reboot checks are in vendor-system-reboot.test.ts.
import { setTimeout as sleep } from 'node:timers/promises';
import { describeResponse, expectHeld, expectStatus, expectThat, isJsonObject } from '../lib/harness/clause-failure.js';
import { answerClauseTest } from '../lib/harness/answer-clause.js';
import { judgeOn } from '../lib/judge/device/table.js';
import { type CheckContext, clauseRows, clauseTest } from '../lib/harness/clause-test.js';
import { errorCode } from '../lib/client/answers.js';
import { rowTitle } from '../lib/spec/endpoints.js';
import { vendorGateHolds, writableSystemFields } from '../lib/spec/vendor-kinds.js';
import { SYSTEM, changedFields, getSystem, keepingSystem, putSystem, systemFound } from './vendor/system.js';

const withToken = { needsToken: true } as const;
answerClauseTest('V-SYS-01', withToken);

/** PUT `field: value`, then: 200 with it in the answer, and GET reads it. */
async function writesAndReadsBack(ctx: CheckContext, field: string, value: unknown): Promise<void> {
  const res = await putSystem(ctx, { [field]: value });
  const answered = isJsonObject(res.json) ? res.json[field] : undefined;
  expectThat(res.status === 200 && answered === value, `200 with ${field} ${JSON.stringify(value)}`, describeResponse(res), res);
  const read = await getSystem(ctx);
  expectThat(read.body?.[field] === value, `GET ${SYSTEM} then reads ${field} ${JSON.stringify(value)}`, describeResponse(read.res), [res, read.res]);
}

const LED = 'status_led_brightness_pct';
clauseRows([0, 37, 100].map((n) => ({ clause: 'V-SYS-02' as const, title: rowTitle('V-SYS-02', `PUT ${SYSTEM}`, `${LED} ${n}`), n })),
  async ({ n }, ctx) => keepingSystem(ctx, () => writesAndReadsBack(ctx, LED, n)), withToken);

clauseTest('V-SYS-03', async (ctx) => {
  if (!ctx.run.usable.v1) ctx.skip('the v1 API did not answer, so its refusal while switched off cannot be told from its absence');
  await keepingSystem(ctx, async () => {
    await writesAndReadsBack(ctx, 'api_v1_enabled', false);
    const off = await ctx.device.v1.get('/api/v1/data');
    const id = isJsonObject(off.json) && isJsonObject(off.json.error) ? off.json.error.id : undefined;
    expectThat(off.status === 403 && id === 202, 'v1 (GET /api/v1/data) answers 403 with error id 202 while api_v1_enabled is false',
      describeResponse(off), off);
    await writesAndReadsBack(ctx, 'api_v1_enabled', true);
    const on = await ctx.device.v1.get('/api/v1/data');
    expectThat(on.status === 200, 'v1 (GET /api/v1/data) answers 200 again once api_v1_enabled is true', describeResponse(on), on);
  });
}, withToken);

clauseTest('V-SYS-04', async (ctx) => keepingSystem(ctx, async () => {
  await writesAndReadsBack(ctx, 'cloud_enabled', false);
  await writesAndReadsBack(ctx, 'cloud_enabled', true);
}), withToken);

clauseTest('V-SYS-05', async (ctx) => keepingSystem(ctx, async (found) => {
  // The value found written again: nothing changes, and the answer must still be the whole object.
  const field = writableSystemFields(ctx.run.kind).find((f) => f !== 'cloud_enabled');
  if (!field) return ctx.skip(`the documentation lists no field the ${ctx.run.kind} lets a client write but the cloud setting`);
  const res = await putSystem(ctx, { [field]: found[field] });
  expectStatus(res, 200);
  const missing = Object.keys(found).filter((k) => !isJsonObject(res.json) || !(k in res.json));
  expectThat(missing.length === 0, `the whole object: ${Object.keys(found).join(', ')}`, `${describeResponse(res)} (without ${missing.join(', ')})`, res);
}), withToken);

const INVALID = [
  { field: LED, value: 101, gate: 'v-led' }, { field: LED, value: -1, gate: 'v-led' }, { field: LED, value: '50', gate: 'v-led' },
  { field: 'api_v1_enabled', value: 'false', gate: 'v-v1-switch' }, { field: 'api_v1_enabled', value: 1, gate: 'v-v1-switch' },
] as const;
clauseRows(INVALID.map((r) => ({ ...r, clause: 'V-SYS-06' as const, title: rowTitle('V-SYS-06', `PUT ${SYSTEM}`, `${r.field} ${JSON.stringify(r.value)}`) })),
  async ({ field, value, gate }, ctx) => {
    if (!vendorGateHolds(gate, ctx.run.kind)) ctx.skip(`the ${ctx.run.kind} has no ${field}`);
    await keepingSystem(ctx, async (found) => {
      const res = await putSystem(ctx, { [field]: value });
      const code = `json:parameter-invalid-type:${field}`;
      expectThat(res.status === 400 && errorCode(res) === code, `400 {"error":"${code}"}`, describeResponse(res), res);
      const after = await getSystem(ctx);
      const changed = changedFields(found, after.body, ctx.observe);
      expectThat(changed.length === 0, 'nothing changed by the refused write', `changed: ${changed.join(', ')}`, [res, after.res]);
    });
  }, withToken);

clauseTest('V-SYS-07', async (ctx) => {
  const found = await systemFound(ctx);
  expectThat(found.cloud_enabled === true, 'cloud_enabled true (read-only on the plug-in battery)', JSON.stringify(found.cloud_enabled));
  const res = await putSystem(ctx, { cloud_enabled: false });
  const after = await getSystem(ctx);
  if (after.body?.cloud_enabled === false) await putSystem(ctx, { cloud_enabled: true });
  expectThat(after.body?.cloud_enabled === true, `cloud_enabled still true after the PUT (answered ${res.status})`, describeResponse(after.res), [res, after.res]);
}, withToken);

clauseTest('V-SYS-08', async (ctx) => keepingSystem(ctx, async () => {
  const res = await putSystem(ctx, { ec_unknown_field: 1 });
  ctx.observe({ status: res.status, error: errorCode(res) ?? null, body: describeResponse(res) });
}), withToken);

clauseTest('V-SYS-09', async ({ device, token }) => {
  expectHeld(judgeOn('V-SYS-09', await device.v2.put('/api/system/identify', { token })));
}, withToken);

clauseTest('V-SYS-10', async ({ device, token, observe }) => {
  const res = await device.v2.put('/api/system/identify', { token });
  observe({ status: res.status, body: describeResponse(res) });
  expectHeld(judgeOn('V-SYS-10', res));
}, withToken);

clauseTest('V-SYS-13', async (ctx) => {
  const first = await systemFound(ctx);
  const from = performance.now();
  await sleep(2000);
  const then = await getSystem(ctx);
  const seconds = (performance.now() - from) / 1000;
  const grew = Number(then.body?.uptime_s) - Number(first.uptime_s);
  expectThat(grew >= seconds - 1 && grew <= seconds + 2, `uptime_s ${Number(first.uptime_s)} then about ${seconds.toFixed(1)} s more`,
    `uptime_s ${first.uptime_s} then ${then.body?.uptime_s}`, then.res);
}, withToken);
