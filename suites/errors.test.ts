import type { DeviceResponse } from '../lib/client/device-client.js';
import { readCloud, SYSTEM_PATH } from '../lib/client/cloud.js';
import { readSocket, STATE_PATH } from '../lib/client/socket-state.js';
import { describeResponse, safeBody } from '../lib/harness/clause-failure.js';
import { everyAnswerClauseTest, expectHeld, factsOf } from '../lib/harness/answer-clause.js';
import { judgeAnswer } from '../lib/judge/device/table.js';
import { clauseRows, clauseTest, type CheckContext } from '../lib/harness/clause-test.js';
import { postUserUnpressed } from '../lib/harness/user-probe.js';
import { rowTitle } from '../lib/spec/endpoints.js';

/** Answers of the v2 endpoints in the specification's table to requests that should be refused. */
async function refusedV2(ctx: CheckContext): Promise<DeviceResponse[]> {
  const { device } = ctx;
  const answers = [await device.v2.get('/api'), await device.v2.get('/api/user'), await device.v2.get('/api/measurement'), await postUserUnpressed(ctx)];
  if (ctx.run.token !== null) answers.push(await device.v2.get('/api', { token: ctx.token, headers: { 'x-api-version': '1' } }));
  return answers;
}

// Judged as every check judges the error answers it provokes (the table's judge; harness/error-answers.ts).
everyAnswerClauseTest('ERR-01', refusedV2, 'error answer');

/** Each answer ERR-02 names, on the side that serves it; `ask` gives the reason instead where this device has no such answer. */
interface Err02Row {
  clause: 'ERR-02';
  title: string;
  ask: (ctx: CheckContext) => Promise<DeviceResponse> | string;
}
const v2 = (endpoint: string, probe: string, send: (ctx: CheckContext) => Promise<DeviceResponse>, token = false): Err02Row => ({
  clause: 'ERR-02',
  title: rowTitle('ERR-02', endpoint, probe),
  ask: (ctx) => (!ctx.run.usable.v2 ? ctx.run.v2Reason : token && ctx.run.token === null ? ctx.run.noTokenReason : send(ctx)),
});
const v1 = (endpoint: string, probe: string, serves: (ctx: CheckContext) => string | null, send: (ctx: CheckContext) => Promise<DeviceResponse>): Err02Row => ({
  clause: 'ERR-02',
  title: rowTitle('ERR-02', endpoint, probe),
  ask: (ctx) => serves(ctx) ?? send(ctx),
});
const socket = (ctx: CheckContext) =>
  ctx.run.kind !== 'energysocket' ? 'the state endpoint exists only on the energy socket' : ctx.run.usable.v1 ? null : 'the HTTP (v1) port did not answer';
const system = (ctx: CheckContext) => (ctx.run.system && ctx.run.usable.v1 ? null : 'GET /api/v1/system did not answer 200');

const ERR02_ROWS: Err02Row[] = [
  v2('GET /api', 'with the token', (c) => c.device.v2.get('/api', { token: c.token }), true),
  v2('GET /api', 'without a token', (c) => c.device.v2.get('/api')),
  v2('GET /api/measurement', 'with the token', (c) => c.device.v2.get('/api/measurement', { token: c.token }), true),
  v2('GET /api/measurement', 'without a token', (c) => c.device.v2.get('/api/measurement')),
  v2('GET /api/user', 'with the token', (c) => c.device.v2.get('/api/user', { token: c.token }), true),
  v2('GET /api/user', 'without a token', (c) => c.device.v2.get('/api/user')),
  v2('POST /api/user', 'before a press', (c) => postUserUnpressed(c)),
  v1(`GET ${STATE_PATH}`, 'the state', socket, (c) => c.device.v1.get(STATE_PATH)),
  // The brightness it already has: a PUT that changes nothing on any socket.
  v1(`PUT ${STATE_PATH}`, 'the brightness it has', socket, async (c) => {
    const { res, state } = await readSocket(c.device);
    return state ? c.device.v1.put(STATE_PATH, { body: { brightness: state.brightness } }) : res;
  }),
  v1('GET /api/v1/system', 'the setting', system, (c) => c.device.v1.get('/api/v1/system')),
  v1('PUT /api/v1/system', 'the value it has', system, async (c) => {
    const { res, value } = await readCloud(c.device);
    return value !== null ? c.device.v1.put(SYSTEM_PATH, { body: { cloud_enabled: value } }) : res;
  }),
];

clauseRows(ERR02_ROWS, async (row, ctx) => {
  const asked = row.ask(ctx);
  if (typeof asked === 'string') return ctx.skip(asked);
  const res = await asked;
  if (res.json === undefined) return ctx.skip(`no JSON body to judge (${describeResponse(res)})`);
  expectHeld(judgeAnswer('ERR-02', res, factsOf(ctx.run)));
});

const v1Path = ({ run }: CheckContext) => (run.kind === 'energysocket' ? '/api/v1/state' : run.system ? '/api/v1/system' : undefined);

clauseTest('ERR-03', async ({ device, run, observe }) => {
  const sides = [run.usable.v2 && device.v2, run.usable.v1 && device.v1].filter((s) => s !== false);
  for (const side of sides) {
    for (const [method, path] of [
      ['GET', '/api/ec-no-such-path'],
      ['PATCH', '/api'],
    ] as const) {
      const res = await side.request(method, path);
      observe({ request: `${method} ${res.exchange.url}`, status: res.status, contentType: res.contentType ?? null, body: safeBody(res).slice(0, 200) });
    }
  }
});

clauseTest('ERR-04', async (ctx) => {
  // Invalid JSON is refused by any device and changes nothing: safe on real hardware.
  const path = v1Path(ctx) ?? '/api/v1/system';
  const res = await ctx.device.v1.put(path, { body: '{' });
  ctx.observe({ request: `PUT ${path} with invalid JSON`, status: res.status, body: safeBody(res).slice(0, 200) });
});
