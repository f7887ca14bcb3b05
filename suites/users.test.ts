import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll } from 'vitest';
import type { DeviceResponse } from '../lib/client/device-client.js';
import { deleteCreatedUsers } from '../lib/harness/cleanup.js';
import { describeResponse, expectError, expectStatus, expectThat, safeBody } from '../lib/harness/clause-failure.js';
import { type CheckContext, clauseTest } from '../lib/harness/clause-test.js';
import { postUserUnpressed } from '../lib/harness/user-probe.js';
import { TOKEN, userList } from '../lib/spec/schemas.js';
import { creationNotEnabled, errorCode, userNames } from '../lib/client/answers.js';
import { runScenario, type UsersScenario } from './users/scenario.js';

const NOT_ENABLED = 'user:creation-not-enabled';
let scenario: Promise<UsersScenario> | undefined;
const users = (ctx: CheckContext) => (scenario ??= runScenario(ctx));
const withToken = { needsToken: true } as const;
const createdNow = (s: UsersScenario, name: string | undefined) => name !== undefined && (s.namesAfterWindow1?.includes(name) ?? false);

// Whatever the run created is deleted, whatever happened (DESIGN.md "Leaving the device as found").
afterAll(async () => {
  const s = await scenario?.catch(() => undefined);
  if (s) await deleteCreatedUsers(s.created);
});

// Before any press of this suite.
clauseTest('PAIR-01', async (ctx) => {
  expectError(await postUserUnpressed(ctx, 'early'), 403, NOT_ENABLED);
}, withToken);

clauseTest('PAIR-02', async (ctx) => {
  for (let i = 0; i < 3; i++) {
    expectError(await postUserUnpressed(ctx, `poll${i}`), 403, NOT_ENABLED);
    await sleep(500);
  }
}, withToken);

// Window 1.
clauseTest('PAIR-03', async (ctx) => {
  const { creation } = await users(ctx);
  const body = creation.json as { name?: unknown; token?: unknown } | undefined;
  expectThat(creation.status === 200 && typeof body?.name === 'string' && typeof body.token === 'string',
    '200 with a string name and a string token', describeResponse(creation), creation);
}, withToken);

clauseTest('PAIR-04', async (ctx) => {
  const { creation, tokenX } = await users(ctx);
  expectThat(tokenX !== null && TOKEN.test(tokenX), 'a token of 32 uppercase hex digits',
    tokenX === null ? 'no token' : `a token of ${tokenX.length} characters${/[a-f]/.test(tokenX) ? ' with lowercase digits' : ''}`, creation);
}, withToken);

clauseTest('PAIR-05', async (ctx) => {
  const { creation, validName } = await users(ctx);
  const name = (creation.json as { name?: unknown } | undefined)?.name;
  expectThat(name === validName, `name ${JSON.stringify(validName)}`, `name ${JSON.stringify(name)}`, creation);
}, withToken);

clauseTest('PAIR-06', async (ctx) => {
  const { newTokenAnswer } = await users(ctx);
  expectThat(newTokenAnswer !== null, 'a token from the creation', 'none');
  expectStatus(newTokenAnswer!, 200);
}, withToken);

clauseTest('PAIR-07', async (ctx) => {
  const { secondInWindow } = await users(ctx);
  expectError(secondInWindow, 403, NOT_ENABLED);
}, withToken);

// Window 2.
clauseTest('PAIR-10', async (ctx) => {
  const { reuse, tokenX } = await users(ctx);
  expectThat(reuse !== null && reuse.status === 200 && typeof (reuse.json as { token?: unknown }).token === 'string',
    '200 with a new token for the re-used name', reuse ? describeResponse(reuse) : 'no user to re-use: its creation failed', reuse ?? undefined);
  expectError(await ctx.device.v2.get('/api', { token: tokenX! }), 401, 'user:unauthorized');
}, withToken);

clauseTest('PAIR-11', async (ctx) => {
  const { tokenX, tokenX2, reuse } = await users(ctx);
  expectThat(tokenX2 !== null && tokenX2 !== tokenX, 'a re-issued token that differs from the previous one',
    tokenX2 === null ? 'no re-issued token' : 'the same token again', reuse ?? undefined);
}, withToken);

/** Judges the refusals of one clause; those met by a closed window were never really tried. */
function refusedBy(clause: string) {
  return async (ctx: CheckContext) => {
    const s = await users(ctx);
    const mine = s.refusals.filter((x) => x.clause === clause);
    for (const r of mine.filter((x) => !creationNotEnabled(x.res))) {
      expectThat(r.res.status !== 200 && !createdNow(s, r.name), `${r.what} refused: no 200 and no user created`,
        `${describeResponse(r.res)}${createdNow(s, r.name) ? ', and the user exists' : ''}`, r.res);
    }
    const untried = mine.filter((x) => creationNotEnabled(x.res)).map((x) => x.what);
    if (untried.length) ctx.skip(`not tried, the window had closed after ${s.closedBy ?? 'a refused attempt'} (PAIR-13): ${untried.join(', ')}`);
  };
}

clauseTest('PAIR-12', refusedBy('PAIR-12'), withToken);

clauseTest('PAIR-13', async (ctx) => {
  const s = await users(ctx);
  ctx.observe({
    refusals: s.refusals.map((r) => ({ what: r.what, status: r.res.status, error: errorCode(r.res) ?? safeBody(r.res).slice(0, 80) })),
    refusedAttemptClosedTheWindow: s.closedBy !== null, closedBy: s.closedBy, judgesBodyBeforeWindow: s.judgesBodyFirst,
  });
}, withToken);

clauseTest('NAME-01', refusedBy('NAME-01'), withToken);
clauseTest('NAME-02', refusedBy('NAME-02'), withToken);
clauseTest('NAME-03', refusedBy('NAME-03'), withToken);
clauseTest('NAME-04', refusedBy('NAME-04'), withToken);

function acceptedValidName(what: string) {
  return async (ctx: CheckContext) => {
    const { creation, validName } = await users(ctx);
    expectThat(creation.status === 200, `${JSON.stringify(validName)} (${what}) accepted`, describeResponse(creation), creation);
  };
}

clauseTest('NAME-05', acceptedValidName('40 characters after the prefix'), withToken);
clauseTest('NAME-06', acceptedValidName('every allowed class'), withToken);
clauseTest('NAME-07', refusedBy('NAME-07'), withToken);

/**
 * The user list seen by the run's token (whose owner may be unknown: a --token), and, where presses
 * can be had, by the run's own user too. Each list is checked to be an array first.
 */
async function lists(ctx: CheckContext, withOwnUser: boolean): Promise<[string | null, Record<string, unknown>[], DeviceResponse][]> {
  const views: [string | null, string | null][] = [[ctx.run.tokenOwner, ctx.token]];
  if (withOwnUser) {
    const s = await users(ctx);
    views.push([s.validName, s.tokenX2 ?? s.tokenX]);
  }
  const out: [string | null, Record<string, unknown>[], DeviceResponse][] = [];
  for (const [owner, token] of views) {
    if (!token) continue;
    const res = await ctx.device.v2.get('/api/user', { token });
    expectThat(res.status === 200 && Array.isArray(res.json), '200 with a JSON array', describeResponse(res), res);
    out.push([owner, res.json as Record<string, unknown>[], res]);
  }
  return out;
}
const ownUser = (ctx: CheckContext) => ctx.run.pressUrl !== null;

clauseTest('LIST-01', async (ctx) => {
  for (const [, , res] of await lists(ctx, ownUser(ctx))) {
    expectThat(res.status === 200 && userList.safeParse(res.json).success, '200 with an array of {name: string, current?: boolean}',
      describeResponse(res), res);
  }
}, withToken);

clauseTest('LIST-02', async (ctx) => {
  for (const [owner, list, res] of await lists(ctx, ownUser(ctx))) {
    const current = list.filter((u) => u.current === true).map((u) => u.name);
    expectThat(current.length === 1 && (owner === null || current[0] === owner),
      `exactly one entry with current: true${owner ? `, ${owner}` : ''}`, `current on ${JSON.stringify(current)}`, res);
  }
}, { needsToken: true });

clauseTest('LIST-03', async (ctx) => {
  for (const [owner, list, res] of await lists(ctx, ownUser(ctx))) {
    const self = owner ?? list.find((u) => u.current === true)?.name;
    const others = list.filter((u) => u.name !== self && 'current' in u);
    expectThat(others.length === 0, 'no `current` key on the entries of other users', JSON.stringify(others), res);
  }
}, withToken);

clauseTest('LIST-04', async (ctx) => {
  for (const [, list, res] of await lists(ctx, ownUser(ctx))) {
    const names = list.map((u) => String(u.name));
    const bad = names.filter((n) => !n.startsWith('local/') && !n.startsWith('cloud/'));
    expectThat(bad.length === 0 && new Set(names).size === names.length, 'names with local/ or cloud/, none twice',
      JSON.stringify(names), res);
  }
}, withToken);

clauseTest('LIST-05', async (ctx) => {
  const { validName } = await users(ctx);
  for (const [owner, list, res] of await lists(ctx, true)) {
    const names = list.map((u) => String(u.name));
    expectThat(names.includes(validName), `${validName} in the list seen by ${owner ?? 'the run\'s token'}`, JSON.stringify(names), res);
  }
}, withToken);

clauseTest('LIST-06', async ({ device, token, observe }) => {
  observe({ cloudUsers: (await userNames(device, token))?.filter((n) => n.startsWith('cloud/')).length ?? 'no list' });
}, { needsToken: true });

// Deletion: the pairing user deletes the run's user.
let deletion: Promise<DeviceResponse> | undefined;
const deleteX = async (ctx: CheckContext) => {
  const s = await users(ctx);
  if (!s.tokenX) ctx.skip('the run\'s user was never created (see PAIR-03), so there is nothing of its own to delete');
  return (deletion ??= ctx.device.v2.delete('/api/user', { token: ctx.token, body: { name: s.validName } }));
};

clauseTest('DEL-01', async (ctx) => {
  expectStatus(await deleteX(ctx), 204);
}, withToken);

clauseTest('DEL-02', async (ctx) => {
  const res = await deleteX(ctx);
  expectThat(res.status === 204 && res.text === '' && res.headers['content-length'] === '0', '204 with an empty body and Content-Length: 0',
    `${res.status}, Content-Length ${res.headers['content-length'] ?? 'absent'}, body ${JSON.stringify(safeBody(res))}`, res);
}, withToken);

clauseTest('DEL-03', async (ctx) => {
  const s = await users(ctx);
  await deleteX(ctx);
  expectError(await ctx.device.v2.get('/api', { token: (s.tokenX2 ?? s.tokenX)! }), 401, 'user:unauthorized');
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
}, { needsToken: true });

clauseTest('DEL-07', async ({ device, token, run, observe }) => {
  const res = await device.v2.delete('/api/user', { token, body: { name: `${run.runTag}-absent` } });
  observe({ status: res.status, body: safeBody(res).slice(0, 200) });
}, { needsToken: true });
