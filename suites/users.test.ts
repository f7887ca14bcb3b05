import { setTimeout as sleep } from 'node:timers/promises';
import { expectHeld, factsOf } from '../lib/harness/answer-clause.js';
import { judgeAnswer } from '../lib/judge/device/table.js';
import { afterAll } from 'vitest';
import type { DeviceResponse } from '../lib/client/device-client.js';
import { deleteCreatedUsers } from '../lib/harness/cleanup.js';
import {
  describeResponse, expectError, expectStatus, expectThat, safeBody,
} from '../lib/harness/clause-failure.js';
import { type CheckContext, clauseRows, clauseTest } from '../lib/harness/clause-test.js';
import { sendTo } from '../lib/harness/endpoint-request.js';
import { postUserUnpressed } from '../lib/harness/user-probe.js';
import { TOKEN_ENDPOINTS, TOKEN_READS, endpointRows, rowTitle } from '../lib/spec/endpoints.js';
import { bodyAs, parseBody } from '../lib/client/parse-body.js';
import { TOKEN, createdUser, nameField, tokenField, userList } from '../lib/spec/schemas.js';
import { creationNotEnabled, errorCode, userNames } from '../lib/client/answers.js';
import { POLL_INTERVAL_MS } from '../lib/client/creation-window.js';
import { lists } from './users/lists.js';
import { PREFIX, refusedBodies } from './users/names.js';
import { runScenario, type UsersScenario } from './users/scenario.js';

const NOT_ENABLED = 'user:creation-not-enabled';
const UNAUTHORIZED = 'user:unauthorized';
let scenario: Promise<UsersScenario> | undefined;
const users = (ctx: CheckContext) => (scenario ??= runScenario(ctx));
const withToken = { needsToken: true } as const;

// Whatever the run created is deleted, whatever happened (DESIGN.md "Leaving the device as found").
afterAll(async () => {
  const s = await scenario?.catch(() => undefined);
  if (s) await deleteCreatedUsers(s.created);
});

// Before any press of this suite.
clauseTest('PAIR-01', async (ctx) => {
  expectError(await postUserUnpressed(ctx, 'early'), 403, NOT_ENABLED);
}, withToken);

// Three POSTs at the polling rate of the vendor's guidance (every 500 ms), as a client waiting for the press sends them.
clauseTest('PAIR-02', async (ctx) => {
  for (let i = 0; i < 3; i++) {
    if (i > 0) await sleep(POLL_INTERVAL_MS);
    expectError(await postUserUnpressed(ctx, `poll${i}`), 403, NOT_ENABLED);
  }
}, withToken);

// Window 1.
clauseTest('PAIR-03', async (ctx) => {
  const { creation } = await users(ctx);
  const body = parseBody(creation, createdUser);
  expectThat(creation.status === 200 && body.ok, '200 with a string name and a string token',
    `${describeResponse(creation)}${body.ok ? '' : ` (${body.problem})`}`, creation);
}, withToken);

clauseTest('PAIR-04', async (ctx) => {
  const { creation, tokenX } = await users(ctx);
  expectThat(tokenX !== null && TOKEN.test(tokenX), 'a token of 32 uppercase hex digits',
    tokenX === null ? 'no token' : `a token of ${tokenX.length} characters${/[a-f]/.test(tokenX) ? ' with lowercase digits' : ''}`, creation);
}, withToken);

clauseTest('PAIR-05', async (ctx) => {
  const { creation, validName } = await users(ctx);
  const name = bodyAs(creation, nameField)?.name;
  expectThat(name === validName, `name ${JSON.stringify(validName)}`, `name ${JSON.stringify(name)}`, creation);
}, withToken);

clauseTest('PAIR-06', async (ctx) => {
  const { newTokenAnswer } = await users(ctx);
  expectThat(newTokenAnswer !== null, 'a token from the creation', 'none');
  expectStatus(newTokenAnswer!, 200);
}, withToken);

// PAIR-07 after every successful creation of the suite: the first of window 1, and the re-use of window 2.
clauseRows([
  { clause: 'PAIR-07', title: rowTitle('PAIR-07', 'POST /api/user', 'another valid name right after a creation'), after: 'creation' },
  { clause: 'PAIR-07', title: rowTitle('PAIR-07', 'POST /api/user', 'another valid name right after the re-use of a name'), after: 'reuse' },
] as const, async ({ after }, ctx) => {
  const s = await users(ctx);
  if (after === 'reuse' && !s.afterReuse) ctx.skip('the re-use did not succeed, so there is no re-issue to follow (see PAIR-10)');
  expectError(after === 'creation' ? s.secondInWindow : s.afterReuse!, 403, NOT_ENABLED);
}, withToken);

// Deletion: the pairing user deletes the run's user, read byte for byte (DEL-02).
let deletion: Promise<DeviceResponse & { after: string }> | undefined;
const deleteX = async (ctx: CheckContext) => {
  const s = await users(ctx);
  if (!s.tokenX) ctx.skip('the run\'s user was never created (see PAIR-03), so there is nothing of its own to delete');
  return (deletion ??= ctx.device.v2.raw('DELETE', '/api/user', { token: ctx.token, body: { name: s.validName } }));
};

// VER-01 and ERR-02 on the answers only this suite has: the 200 of a creation and (after DEL-01) the 204 of a deletion.
/** `json`: the row judges a JSON body, and skips an answer without one. */
interface AnswerRow { clause: 'VER-01' | 'ERR-02'; title: string; get: (ctx: CheckContext) => Promise<DeviceResponse>; json?: true }
const created = async (c: CheckContext) => (await users(c)).creation;
const judgeSuccess = async (row: AnswerRow, ctx: CheckContext) => {
  if (!ctx.run.pressUrl) ctx.skip('it needs a button press: give --press-hook, or run on a terminal');
  const res = await row.get(ctx);
  if (res.status < 200 || res.status > 299) ctx.skip(`no successful answer to judge (${describeResponse(res)})`);
  if (row.json && res.json === undefined) ctx.skip(`no JSON body to judge (${describeResponse(res)})`);
  expectHeld(judgeAnswer(row.clause, res, factsOf(ctx.run)));
};
clauseRows([
  { clause: 'VER-01', title: rowTitle('VER-01', 'POST /api/user', 'the 200 of a creation'), get: created },
  { clause: 'ERR-02', title: rowTitle('ERR-02', 'POST /api/user', 'the 200 of a creation'), get: created, json: true },
], judgeSuccess, withToken);

// Window 2: the re-issued token is accepted and the previous one refused, on every endpoint that takes a token.
clauseTest('PAIR-10', async (ctx) => {
  const { reuse } = await users(ctx);
  expectThat(reuse !== null && reuse.status === 200 && bodyAs(reuse, tokenField) !== undefined,
    '200 with a new token for the re-used name', reuse ? describeResponse(reuse) : 'no user to re-use: its creation failed (see PAIR-03)', reuse ?? undefined);
}, withToken);

const TOKENS = [{ probe: 'the re-issued token', fresh: true }, { probe: 'the previous token', fresh: false }];
clauseRows(endpointRows('PAIR-10', TOKEN_ENDPOINTS, TOKENS), async ({ endpoint, probe }, ctx) => {
  const { tokenX, tokenX2 } = await users(ctx);
  if (!tokenX || !tokenX2) ctx.skip('the name was not re-issued (see the re-use row of PAIR-10)');
  const res = await sendTo(ctx.device, ctx.run, endpoint, { token: probe.fresh ? tokenX2! : tokenX! });
  if (probe.fresh) expectThat(res.status !== 401, 'accepted (no 401)', describeResponse(res), res);
  else expectError(res, 401, UNAUTHORIZED);
}, withToken);

clauseTest('PAIR-11', async (ctx) => {
  const { tokenX, tokenX2, reuse } = await users(ctx);
  expectThat(tokenX2 !== null && tokenX2 !== tokenX, 'a re-issued token that differs from the previous one',
    tokenX2 === null ? 'no re-issued token' : 'the same token again', reuse ?? undefined);
}, withToken);

// Refused bodies, one row each; those met by a closed window were never really tried.
const REFUSALS = refusedBodies('TAG').map((b) => ({ clause: b.clause, title: rowTitle(b.clause, 'POST /api/user', b.what), what: b.what }));
clauseRows(REFUSALS, async ({ what }, ctx) => {
  const s = await users(ctx);
  const r = s.refusals.find((x) => x.what === what)!;
  if (creationNotEnabled(r.res)) ctx.skip(`not tried, the window had closed after ${s.closedBy ?? 'a refused attempt'} (PAIR-13)`);
  if (r.res.status !== 200 && s.namesAfterWindow1 === null) {
    ctx.skip(`refused with ${r.res.status}; whether it created a user anyway cannot be told: GET /api/user answered no list after the window`);
  }
  // NAME-01: under no name at all, neither the one given nor `local/` followed by it.
  const made = r.name === undefined ? [] : [r.name, `local/${r.name}`].filter((n) => s.namesAfterWindow1?.includes(n));
  expectThat(r.res.status !== 200 && made.length === 0, 'refused: no 200 and no user created',
    `${describeResponse(r.res)}${made.length ? `, and ${made.join(', ')} exists` : ''}`, r.res);
}, withToken);

clauseTest('PAIR-13', async (ctx) => {
  const s = await users(ctx);
  ctx.observe({
    refusals: s.refusals.map((r) => ({ what: r.what, status: r.res.status, error: errorCode(r.res) ?? safeBody(r.res).slice(0, 80) })),
    refusedAttemptClosedTheWindow: s.closedBy !== null, closedBy: s.closedBy, judgesBodyBeforeWindow: s.judgesBodyFirst,
  });
}, withToken);

// NAME-06 on the every-class name; NAME-05 on the first 40-character name that did not meet a refused class.
clauseTest('NAME-05', async (ctx) => {
  const forties = (await users(ctx)).attempts.filter((a) => a.name.length === PREFIX.length + 40);
  const forty = forties.find((a) => a.res.status === 200) ?? forties.at(-1)!;
  expectThat(forty.res.status === 200, 'a name of 40 characters after the prefix accepted',
    `${JSON.stringify(forty.name)}: ${describeResponse(forty.res)}`, forty.res);
}, withToken);

clauseTest('NAME-06', async (ctx) => {
  const [first] = (await users(ctx)).attempts;
  expectThat(first!.res.status === 200, `${JSON.stringify(first!.name)} (every allowed class) accepted`, describeResponse(first!.res), first!.res);
}, withToken);

const ownUser = async (ctx: CheckContext) => (ctx.run.pressUrl !== null ? users(ctx) : null);

clauseTest('LIST-01', async (ctx) => {
  for (const { res } of await lists(ctx, await ownUser(ctx))) {
    expectThat(userList.safeParse(res.json).success, '200 with an array of {name: string, current?: boolean}', describeResponse(res), res);
  }
}, withToken);

clauseTest('LIST-02', async (ctx) => {
  for (const { owner, list, res } of await lists(ctx, await ownUser(ctx))) {
    const current = list.filter((u) => u.current === true).map((u) => u.name);
    expectThat(current.length === 1 && (owner === null || current[0] === owner),
      `exactly one entry with current: true${owner ? `, ${owner}` : ''}`, `current on ${JSON.stringify(current)}`, res);
  }
}, withToken);

clauseTest('LIST-03', async (ctx) => {
  for (const { owner, list, res } of await lists(ctx, await ownUser(ctx))) {
    const self = owner ?? list.find((u) => u.current === true)?.name;
    const others = list.filter((u) => u.name !== self && 'current' in u);
    expectThat(others.length === 0, 'no `current` key on the entries of other users', JSON.stringify(others), res);
  }
}, withToken);

clauseTest('LIST-04', async (ctx) => {
  for (const { list, res } of await lists(ctx, await ownUser(ctx))) {
    const names = list.map((u) => String(u.name));
    const bad = names.filter((n) => !n.startsWith('local/') && !n.startsWith('cloud/'));
    expectThat(bad.length === 0 && new Set(names).size === names.length, 'names with local/ or cloud/, none twice', JSON.stringify(names), res);
  }
}, withToken);

clauseTest('LIST-05', async (ctx) => {
  const s = await users(ctx);
  if (!s.tokenX) ctx.skip('the run\'s user was never created (see PAIR-03)');
  for (const { owner, list, res } of await lists(ctx, s)) {
    const names = list.map((u) => String(u.name));
    expectThat(names.includes(s.validName), `${s.validName} in the list seen by ${owner ?? 'the run\'s token'}`, JSON.stringify(names), res);
  }
}, withToken);

clauseTest('LIST-06', async ({ device, token, observe }) => {
  observe({ cloudUsers: (await userNames(device, token))?.filter((n) => n.startsWith('cloud/')).length ?? 'no list' });
}, withToken);

clauseTest('DEL-01', async (ctx) => {
  expectStatus(await deleteX(ctx), 204);
}, withToken);

clauseRows([{ clause: 'VER-01', title: rowTitle('VER-01', 'DELETE /api/user', 'the 204 of a deletion'), get: deleteX }], judgeSuccess, withToken);

clauseTest('DEL-02', async (ctx) => {
  const res = await deleteX(ctx);
  const empty = res.text === '' && res.after === '';
  expectThat(res.status === 204 && empty && res.headers['content-length'] === '0', '204 with an empty body and Content-Length: 0',
    `${res.status}, Content-Length ${res.headers['content-length'] ?? 'absent'}, `
    + `${empty ? 'no body' : `${JSON.stringify(res.text + res.after)} after the headers`}`, res);
}, withToken);

clauseRows(endpointRows('DEL-03', TOKEN_READS, [{ probe: 'the deleted user\'s token' }]), async ({ endpoint }, ctx) => {
  const s = await users(ctx);
  await deleteX(ctx);
  expectError(await sendTo(ctx.device, ctx.run, endpoint, { token: (s.tokenX2 ?? s.tokenX)! }), 401, UNAUTHORIZED);
}, withToken);

clauseTest('DEL-04', async (ctx) => {
  const s = await users(ctx);
  await deleteX(ctx);
  const names = await userNames(ctx.device, ctx.token);
  expectThat(names !== null && !names.includes(s.validName), `${s.validName} gone from a GET /api/user that answers its list`,
    names === null ? 'no list' : JSON.stringify(names));
}, withToken);

clauseTest('DEL-06', async ({ device, token, run, observe }) => {
  const res = await device.v2.delete('/api/user', { token, body: { name: `local/${run.runTag}-absent` } });
  observe({ status: res.status, body: safeBody(res).slice(0, 200) });
}, withToken);

clauseTest('DEL-07', async ({ device, token, run, observe }) => {
  const res = await device.v2.delete('/api/user', { token, body: { name: `${run.runTag}-absent` } });
  observe({ status: res.status, body: safeBody(res).slice(0, 200) });
}, withToken);
