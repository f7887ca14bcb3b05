import type { DeviceResponse } from '../lib/client/device-client.js';
import { describeResponse, expectThat, safeBody } from '../lib/harness/clause-failure.js';
import { clauseTest, type CheckContext } from '../lib/harness/clause-test.js';
import { postUserUnpressed } from '../lib/harness/user-probe.js';
import { errorV2 } from '../lib/spec/schemas.js';

/** Error answers of the v2 endpoints in the specification's table. */
async function v2Errors(ctx: CheckContext): Promise<DeviceResponse[]> {
  const { device } = ctx;
  const answers = [
    await device.v2.get('/api'),
    await device.v2.get('/api/user'),
    await device.v2.get('/api/measurement'),
    await postUserUnpressed(ctx),
  ];
  if (ctx.run.token !== null) answers.push(await device.v2.get('/api', { token: ctx.token, headers: { 'x-api-version': '1' } }));
  return answers.filter((r) => r.status >= 400);
}

const v1Path = ({ run }: CheckContext) =>
  (run.kind === 'energysocket' ? '/api/v1/state' : run.system ? '/api/v1/system' : undefined);

clauseTest('ERR-01', async (ctx) => {
  for (const res of await v2Errors(ctx)) {
    expectThat(errorV2.safeParse(res.json).success, 'a JSON object {"error": <string>}', describeResponse(res), res);
  }
});

clauseTest('ERR-02', async (ctx) => {
  const { device } = ctx;
  const answers: DeviceResponse[] = [];
  if (ctx.run.usable.v2) {
    answers.push(...(await v2Errors(ctx)));
    if (ctx.run.token !== null) answers.push(await device.v2.get('/api', { token: ctx.token }));
  }
  const path = v1Path(ctx);
  if (ctx.run.usable.v1 && path) answers.push(await device.v1.get(path));
  for (const res of answers.filter((r) => r.json !== undefined)) {
    expectThat(/^application\/json\s*(;|$)/i.test(res.contentType ?? ''), 'Content-Type: application/json on a JSON body',
      `Content-Type: ${res.contentType ?? 'absent'}`, res);
  }
});

clauseTest('ERR-03', async ({ device, run, observe }) => {
  const sides = [run.usable.v2 && device.v2, run.usable.v1 && device.v1].filter((s) => s !== false);
  for (const side of sides) {
    for (const [method, path] of [['GET', '/api/ec-no-such-path'], ['PATCH', '/api']] as const) {
      const res = await side.request(method, path);
      observe({ request: `${method} ${res.exchange.url}`, status: res.status, contentType: res.contentType ?? null,
        body: safeBody(res).slice(0, 200) });
    }
  }
});

clauseTest('ERR-04', async (ctx) => {
  // Invalid JSON is refused by any device and changes nothing: safe on real hardware.
  const path = v1Path(ctx) ?? '/api/v1/system';
  const res = await ctx.device.v1.put(path, { body: '{' });
  ctx.observe({ request: `PUT ${path} with invalid JSON`, status: res.status, body: safeBody(res).slice(0, 200) });
});
