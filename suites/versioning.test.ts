import type { DeviceResponse } from '../lib/client/device-client.js';
import { describeResponse, expectError, expectStatus, expectThat } from '../lib/harness/clause-failure.js';
import { clauseTest, type CheckContext } from '../lib/harness/clause-test.js';
import { SEMVER } from '../lib/spec/schemas.js';

const major = (v: string | undefined) => (v && SEMVER.test(v) ? Number(v.split('.')[0]) : NaN);
const withVersion = (ctx: CheckContext, version: string | undefined, path = '/api') =>
  ctx.device.v2.get(path, { token: ctx.token, headers: version === undefined ? {} : { 'x-api-version': version } });

function expectFullVersionHeader(res: DeviceResponse): void {
  const v = res.headers['x-api-version'];
  expectThat(v !== undefined && SEMVER.test(v), 'an X-Api-Version header of the form MAJOR.MINOR.PATCH',
    v === undefined ? 'no X-Api-Version header' : `X-Api-Version: ${v}`, res);
}

clauseTest('VER-01', async (ctx) => {
  for (const path of ['/api', '/api/measurement', '/api/user']) {
    const res = await withVersion(ctx, undefined, path);
    if (res.status >= 200 && res.status < 300) expectFullVersionHeader(res);
  }
}, { needsToken: true });

clauseTest('VER-02', async (ctx) => {
  const res = await withVersion(ctx, undefined);
  expectStatus(res, 200);
  const m = major(res.headers['x-api-version']);
  expectThat(m >= 2, 'a response header whose MAJOR is at least 2', `X-Api-Version: ${res.headers['x-api-version'] ?? 'absent'}`, res);
}, { needsToken: true });

clauseTest('VER-03', async (ctx) => {
  const res = await withVersion(ctx, '2');
  expectStatus(res, 200);
  expectThat(major(res.headers['x-api-version']) === 2, 'a response header whose MAJOR is 2',
    `X-Api-Version: ${res.headers['x-api-version'] ?? 'absent'}`, res);
}, { needsToken: true });

clauseTest('VER-04', async (ctx) => {
  expectError(await withVersion(ctx, '1'), 400, 'request:api-version-not-supported');
}, { needsToken: true });

clauseTest('VER-05', async (ctx) => {
  const res = await withVersion(ctx, '1');
  expectStatus(res, 400);
  expectFullVersionHeader(res);
}, { needsToken: true });

clauseTest('VER-06', async (ctx) => {
  const latest = major((await withVersion(ctx, undefined)).headers['x-api-version']);
  const above = Number.isNaN(latest) ? [] : [String(latest + 1)];
  for (const version of [...above, '99']) {
    expectError(await withVersion(ctx, version), 400, 'request:api-version-not-supported');
  }
}, { needsToken: true });

clauseTest('VER-07', async (ctx) => {
  for (const version of ['two', '2.0', '']) {
    const res = await withVersion(ctx, version);
    ctx.observe({ 'X-Api-Version': version, answer: describeResponse(res) });
  }
}, { needsToken: true });

clauseTest('VER-08', async (ctx) => {
  const path = ctx.run.kind === 'energysocket' ? '/api/v1/state' : '/api/v1/system';
  const res = await ctx.device.v1.get(path);
  expectStatus(res, 200);
});

clauseTest('VER-09', async (ctx) => {
  const res = await ctx.device.v2.get('/api');
  ctx.observe({ answer: `${res.status}`, 'X-Api-Version': res.headers['x-api-version'] ?? null });
});
