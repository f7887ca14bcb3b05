import { describeResponse } from '../lib/harness/clause-failure.js';
import { clauseRows, clauseTest, type CheckContext } from '../lib/harness/clause-test.js';
import { answerClauseTests, askFor, expectHeld, factsOf } from '../lib/harness/answer-clause.js';
import { judgeAnswer } from '../lib/judge/device/table.js';
import { judgeOn } from '../lib/harness/judged.js';
import { sendTo } from '../lib/harness/endpoint-request.js';
import { postUserUnpressed } from '../lib/harness/user-probe.js';
import { TOKEN_ENDPOINTS, TOKEN_READS, endpointRows, rowTitle } from '../lib/spec/endpoints.js';
import { SEMVER } from '../lib/spec/releases.js';

const major = (v: string | undefined) => (v && SEMVER.test(v) ? Number(v.split('.')[0]) : NaN);
const withVersion = (ctx: CheckContext, version: string | undefined, path = '/api') =>
  ctx.device.v2.get(path, { token: ctx.token, headers: version === undefined ? {} : { 'X-Api-Version': version } });
const withToken = { needsToken: true } as const;

// VER-01 on the answers this file can have; the 200 of POST /api/user and the 204 of DELETE are the users suite's.
clauseRows(
  endpointRows('VER-01', TOKEN_READS, [{ probe: 'a successful answer' }]),
  async ({ endpoint }, ctx) => {
    const res = await sendTo(ctx.device, ctx.run, endpoint, { token: ctx.token });
    if (res.status < 200 || res.status > 299) ctx.skip(`no successful answer to judge (${describeResponse(res)})`);
    expectHeld(judgeAnswer('VER-01', res, factsOf(ctx.run)));
  },
  withToken,
);

/** Versioning 5: without the header, the latest version serves the request: the device's own, whatever was asked before. */
const latestServes = async (ctx: CheckContext) => expectHeld(judgeAnswer('VER-02', await askFor('VER-02', ctx), factsOf(ctx.run)));
const VER_02 = (occasion: string) => ({ clause: 'VER-02' as const, title: rowTitle('VER-02', 'GET /api', occasion) });
clauseRows([VER_02('without X-Api-Version')], (_, ctx) => latestServes(ctx), withToken);

answerClauseTests('versioning', {}, ['VER-02']);

const asking = (version: string) => ({ probe: `X-Api-Version: ${version}`, version });

clauseRows(
  endpointRows('VER-04', TOKEN_ENDPOINTS, [asking('1')]),
  async ({ endpoint, probe }, ctx) => {
    const res = await sendTo(ctx.device, ctx.run, endpoint, { token: ctx.token, headers: { 'X-Api-Version': probe.version } });
    expectHeld(judgeOn('VER-04', res, { asked: probe.version }));
  },
  withToken,
);

// Compared with the version read before any check: a device that takes up a refused version afterwards is VER-02's.
clauseRows(
  endpointRows('VER-05', TOKEN_ENDPOINTS, [asking('1')]),
  async ({ endpoint, probe }, ctx) => {
    const current = ctx.run.servedVersion;
    const res = await sendTo(ctx.device, ctx.run, endpoint, { token: ctx.token, headers: { 'X-Api-Version': probe.version } });
    if (res.status !== 400) ctx.skip(`no 400 to judge (${describeResponse(res)}): VER-04 judges the answer`);
    if (current === null) return ctx.skip('GET /api without X-Api-Version was answered with no full version to compare with (see VER-01)');
    expectHeld(judgeOn('VER-05', res, { served: current }));
  },
  withToken,
);

// A major version above the latest: the latest's MAJOR + 1 (from what serves a request without the header), and 99.
const ABOVE: { probe: string; version: string | null }[] = [
  { probe: 'X-Api-Version: the latest MAJOR + 1', version: null },
  { probe: 'X-Api-Version: 99', version: '99' },
];

clauseRows(
  endpointRows('VER-06', TOKEN_ENDPOINTS, ABOVE),
  async ({ endpoint, probe }, ctx) => {
    const latest = probe.version === null ? major(ctx.run.servedVersion ?? undefined) : NaN;
    if (probe.version === null && Number.isNaN(latest)) ctx.skip('no full version served without X-Api-Version (see VER-01), so the latest MAJOR is unknown');
    const version = probe.version ?? String(latest + 1);
    expectHeld(judgeOn('VER-06', await sendTo(ctx.device, ctx.run, endpoint, { token: ctx.token, headers: { 'X-Api-Version': version } }), { asked: version }));
  },
  withToken,
);

clauseTest(
  'VER-07',
  async (ctx) => {
    for (const version of ['two', '2.0', '']) {
      const res = await withVersion(ctx, version);
      ctx.observe({ 'X-Api-Version': version, answer: describeResponse(res) });
    }
  },
  withToken,
);

clauseTest('VER-08', async (ctx) => {
  const path = ctx.run.kind === 'energysocket' ? '/api/v1/state' : '/api/v1/system';
  expectHeld(judgeOn('VER-08', await ctx.device.v1.get(path)));
});

clauseTest('VER-09', async (ctx) => {
  const answers = [await ctx.device.v2.get('/api'), await postUserUnpressed(ctx, 'v9')];
  if (ctx.run.token !== null) answers.push(await ctx.device.v2.get('/api/ec-no-such-path', { token: ctx.token }));
  const served = ctx.run.servedVersion;
  ctx.observe(
    answers.map((res) => ({
      request: `${res.exchange.method} ${new URL(res.exchange.url).pathname}`,
      status: res.status,
      'X-Api-Version': res.headers['x-api-version'] ?? null,
      ...(served !== null && res.headers['x-api-version'] !== undefined ? { 'the version the device serves': res.headers['x-api-version'] === served } : {}),
    })),
  );
});

// HTTP field names are case-insensitive (RFC 9110 §5.1): each spelling asks for version 1.
const SPELLINGS = ['X-Api-Version', 'x-api-version', 'X-API-VERSION'];
clauseRows(
  SPELLINGS.map((name) => ({ clause: 'VER-10', title: rowTitle('VER-10', 'GET /api', `${name}: 1`), name })),
  async ({ name }, ctx) => {
    expectHeld(judgeOn('VER-10', await ctx.device.v2.get('/api', { token: ctx.token, headers: { [name]: '1' } }), { asked: `1 (as ${name})` }));
  },
  withToken,
);

// Last of the file, after every refused version (VER-04, VER-05, VER-06, VER-10): none of them changed the version.
clauseRows([VER_02('without X-Api-Version, after the refused versions')], (_, ctx) => latestServes(ctx), withToken);
