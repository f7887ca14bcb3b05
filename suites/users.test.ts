import { expectHeld, factsOf } from '../lib/harness/answer-clause.js';
import { judgeAnswer } from '../lib/judge/device/table.js';
import { othersListed } from '../lib/judge/device/users.js';
import { judgeOn } from '../lib/harness/judged.js';
import { afterAll, beforeAll } from 'vitest';
import type { DeviceResponse } from '../lib/client/device-client.js';
import { deleteCreatedUsers } from '../lib/harness/cleanup.js';
import { describeResponse, safeBody } from '../lib/harness/clause-failure.js';
import { type CheckContext, clauseRows, clauseTest } from '../lib/harness/clause-test.js';
import { sendTo } from '../lib/harness/endpoint-request.js';
import { TOKEN_ENDPOINTS, TOKEN_READS, endpointRows, rowTitle } from '../lib/spec/endpoints.js';
import { creationNotEnabled, errorCode, userNames } from '../lib/client/answers.js';
import { lists } from './users/lists.js';
import { PREFIX, refusedBodies } from './users/names.js';
import type { UsersScenario } from './users/scenario.js';
import { WITH_TOKEN as withToken, fromLane, laneSettled, laneValue } from './users/lane.js';

let scenario: Promise<UsersScenario> | undefined;
/** The press scenario: the lane's, adopted by its first reader, or run by that reader itself. */
const users = (ctx: CheckContext) => (scenario ??= fromLane(ctx, 'scenario'));

// What the lane did from the start of the run is settled before the first of these checks takes the device.
beforeAll(laneSettled);

// Whatever the run created is deleted, whatever happened (docs/design.md "Leaving the device as found").
afterAll(async () => {
  const s = (await scenario?.catch(() => undefined)) ?? (await laneValue('scenario'));
  if (s) await deleteCreatedUsers(s.created);
});

// Before any press of this suite.
clauseTest(
  'PAIR-01',
  async (ctx) => {
    expectHeld(judgeOn('PAIR-01', await fromLane(ctx, 'pair01')));
  },
  withToken,
);

// Three POSTs at the polling rate of the vendor's guidance (every 500 ms), as a client waiting for the press sends them.
clauseTest(
  'PAIR-02',
  async (ctx) => {
    for (const [i, poll] of (await fromLane(ctx, 'pair02')).entries()) {
      expectHeld(judgeOn('PAIR-02', poll, { why: `(no press yet; ${i} refused before it)` }));
    }
  },
  withToken,
);

// Window 1.
clauseTest(
  'PAIR-03',
  async (ctx) => {
    expectHeld(judgeOn('PAIR-03', (await users(ctx)).creation));
  },
  withToken,
);

clauseTest(
  'PAIR-04',
  async (ctx) => {
    expectHeld(judgeOn('PAIR-04', (await users(ctx)).creation));
  },
  withToken,
);

clauseTest(
  'PAIR-05',
  async (ctx) => {
    const { creation, validName } = await users(ctx);
    expectHeld(judgeOn('PAIR-05', creation, { asked: validName }));
  },
  withToken,
);

clauseTest(
  'PAIR-06',
  async (ctx) => {
    const { newTokenAnswer } = await users(ctx);
    if (newTokenAnswer === null) return ctx.skip('the creation issued no token (see PAIR-03 and PAIR-04)');
    expectHeld(judgeOn('PAIR-06', newTokenAnswer, { why: 'with the token the creation issued' }));
  },
  withToken,
);

// PAIR-07 after every successful creation of the suite: the first of window 1, and the re-use of window 2.
clauseRows(
  [
    { clause: 'PAIR-07', title: rowTitle('PAIR-07', 'POST /api/user', 'another valid name right after a creation'), after: 'creation' },
    { clause: 'PAIR-07', title: rowTitle('PAIR-07', 'POST /api/user', 'another valid name right after the re-use of a name'), after: 'reuse' },
  ] as const,
  async ({ after }, ctx) => {
    const s = await users(ctx);
    if (after === 'reuse' && !s.afterReuse) ctx.skip('the re-use did not succeed, so there is no re-issue to follow (see PAIR-10)');
    expectHeld(
      judgeOn('PAIR-07', after === 'creation' ? s.secondInWindow : s.afterReuse!, {
        why: `(one user per press: right after ${after === 'creation' ? 'a creation' : 'a re-use'})`,
      }),
    );
  },
  withToken,
);

// Deletion: the pairing user deletes the run's user, read byte for byte (DEL-02).
let deletion: Promise<DeviceResponse & { after: string }> | undefined;
const deleteX = async (ctx: CheckContext) => {
  const s = await users(ctx);
  if (!s.tokenX) ctx.skip("the run's user was never created (see PAIR-03), so there is nothing of its own to delete");
  return (deletion ??= ctx.device.v2.raw('DELETE', '/api/user', { token: ctx.token, body: { name: s.validName } }));
};

// VER-01 and ERR-02 on the answers only this suite has: the 200 of a creation and (after DEL-01) the 204 of a deletion.
/** `json`: the row judges a JSON body, and skips an answer without one. */
interface AnswerRow {
  clause: 'VER-01' | 'ERR-02';
  title: string;
  get: (ctx: CheckContext) => Promise<DeviceResponse>;
  json?: true;
}
const created = async (c: CheckContext) => (await users(c)).creation;
const judgeSuccess = async (row: AnswerRow, ctx: CheckContext) => {
  if (!ctx.run.pressUrl) ctx.skip('it needs a button press: give --press-hook, or run on a terminal');
  const res = await row.get(ctx);
  if (res.status < 200 || res.status > 299) ctx.skip(`no successful answer to judge (${describeResponse(res)})`);
  if (row.json && res.json === undefined) ctx.skip(`no JSON body to judge (${describeResponse(res)})`);
  expectHeld(judgeAnswer(row.clause, res, factsOf(ctx.run)));
};
clauseRows(
  [
    { clause: 'VER-01', title: rowTitle('VER-01', 'POST /api/user', 'the 200 of a creation'), get: created },
    { clause: 'ERR-02', title: rowTitle('ERR-02', 'POST /api/user', 'the 200 of a creation'), get: created, json: true },
  ],
  judgeSuccess,
  withToken,
);

// Window 2: the re-issued token is accepted and the previous one refused, on every endpoint that takes a token.
clauseTest(
  'PAIR-10',
  async (ctx) => {
    const { reuse } = await users(ctx);
    if (reuse === null) return ctx.skip('no user to re-use: its creation failed (see PAIR-03)');
    expectHeld(judgeOn('PAIR-10', reuse, { answer: 'reuse' }));
  },
  withToken,
);

const TOKENS = [
  { probe: 'the re-issued token', fresh: true },
  { probe: 'the previous token', fresh: false },
];
clauseRows(
  endpointRows('PAIR-10', TOKEN_ENDPOINTS, TOKENS),
  async ({ endpoint, probe }, ctx) => {
    const { tokenX, tokenX2 } = await users(ctx);
    if (!tokenX || !tokenX2) ctx.skip('the name was not re-issued (see the re-use row of PAIR-10)');
    const res = await sendTo(ctx.device, ctx.run, endpoint, { token: probe.fresh ? tokenX2! : tokenX! });
    expectHeld(
      judgeOn(
        'PAIR-10',
        res,
        probe.fresh ? { answer: 'new token' } : { answer: 'previous token', why: 'with the previous token: the name was re-issued since' },
      ),
    );
  },
  withToken,
);

clauseTest(
  'PAIR-11',
  async (ctx) => {
    const { tokenX, reuse } = await users(ctx);
    if (reuse === null) return ctx.skip('no user to re-use: its creation failed (see PAIR-03)');
    expectHeld(judgeOn('PAIR-11', reuse, { earlier: tokenX ? [tokenX] : [] }));
  },
  withToken,
);

// Refused bodies, one row each; those met by a closed window were never really tried.
const REFUSALS = refusedBodies('TAG').map((b) => ({ clause: b.clause, title: rowTitle(b.clause, 'POST /api/user', b.what), what: b.what }));
clauseRows(
  REFUSALS,
  async ({ clause, what }, ctx) => {
    const s = await users(ctx);
    const r = s.refusals.find((x) => x.what === what)!;
    if (creationNotEnabled(r.res)) ctx.skip(`not tried, the window had closed after ${s.closedBy ?? 'a refused attempt'} (PAIR-13)`);
    if (r.res.status !== 200 && s.namesAfterWindow1 === null) {
      ctx.skip(`refused with ${r.res.status}; whether it created a user anyway cannot be told: GET /api/user answered no list after the window`);
    }
    // NAME-01: under no name at all, neither the one given nor `local/` followed by it.
    const made = r.name === undefined ? [] : [r.name, `local/${r.name}`].filter((n) => s.namesAfterWindow1?.includes(n));
    expectHeld(judgeOn(clause, r.res, { made }));
  },
  withToken,
);

clauseTest(
  'PAIR-13',
  async (ctx) => {
    const s = await users(ctx);
    ctx.observe({
      refusals: s.refusals.map((r) => ({ what: r.what, status: r.res.status, error: errorCode(r.res) ?? safeBody(r.res).slice(0, 80) })),
      refusedAttemptClosedTheWindow: s.closedBy !== null,
      closedBy: s.closedBy,
      judgesBodyBeforeWindow: s.judgesBodyFirst,
    });
  },
  withToken,
);

// NAME-06 on the every-class name; NAME-05 on the first 40-character name that did not meet a refused class.
clauseTest(
  'NAME-05',
  async (ctx) => {
    const forties = (await users(ctx)).attempts.filter((a) => a.name.length === PREFIX.length + 40);
    const forty = forties.find((a) => a.res.status === 200) ?? forties.at(-1)!;
    expectHeld(judgeOn('NAME-05', forty.res, { what: `${JSON.stringify(forty.name)} (40 characters after the prefix)` }));
  },
  withToken,
);

clauseTest(
  'NAME-06',
  async (ctx) => {
    const [first] = (await users(ctx)).attempts;
    expectHeld(judgeOn('NAME-06', first!.res, { what: `${JSON.stringify(first!.name)} (every allowed class)` }));
  },
  withToken,
);

const ownUser = async (ctx: CheckContext) => (ctx.run.pressUrl !== null ? users(ctx) : null);

clauseTest(
  'LIST-01',
  async (ctx) => {
    for (const { res } of await lists(ctx, await ownUser(ctx))) expectHeld(judgeOn('LIST-01', res));
  },
  withToken,
);

clauseTest(
  'LIST-02',
  async (ctx) => {
    for (const { owner, res } of await lists(ctx, await ownUser(ctx))) expectHeld(judgeOn('LIST-02', res, { owner }));
  },
  withToken,
);

clauseTest(
  'LIST-03',
  async (ctx) => {
    const views = await lists(ctx, await ownUser(ctx));
    // A list of the caller alone holds LIST-03 by holding nothing: that is no pass.
    if (views.every(({ owner, res }) => othersListed(res, owner)?.length === 0)) {
      ctx.skip(
        "every GET /api/user listed the caller alone: no other user's entry to judge (the users suite's press scenario creates one; " +
          'run the users suite, or with another user on the device)',
      );
    }
    for (const { owner, res } of views) expectHeld(judgeOn('LIST-03', res, { owner }));
  },
  withToken,
);

clauseTest(
  'LIST-04',
  async (ctx) => {
    for (const { res } of await lists(ctx, await ownUser(ctx))) expectHeld(judgeOn('LIST-04', res));
  },
  withToken,
);

clauseTest(
  'LIST-05',
  async (ctx) => {
    const s = await users(ctx);
    if (!s.tokenX) ctx.skip("the run's user was never created (see PAIR-03)");
    for (const { owner, res } of await lists(ctx, s)) expectHeld(judgeOn('LIST-05', res, { created: [s.validName], seenBy: owner ?? "the run's token" }));
  },
  withToken,
);

clauseTest(
  'LIST-06',
  async ({ device, token, observe }) => {
    observe({ cloudUsers: (await userNames(device, token))?.filter((n) => n.startsWith('cloud/')).length ?? 'no list' });
  },
  withToken,
);

clauseTest(
  'DEL-01',
  async (ctx) => {
    expectHeld(judgeOn('DEL-01', await deleteX(ctx)));
  },
  withToken,
);

clauseRows([{ clause: 'VER-01', title: rowTitle('VER-01', 'DELETE /api/user', 'the 204 of a deletion'), get: deleteX }], judgeSuccess, withToken);

clauseTest(
  'DEL-02',
  async (ctx) => {
    expectHeld(judgeOn('DEL-02', await deleteX(ctx)));
  },
  withToken,
);

clauseRows(
  endpointRows('DEL-03', TOKEN_READS, [{ probe: "the deleted user's token" }]),
  async ({ endpoint }, ctx) => {
    const s = await users(ctx);
    await deleteX(ctx);
    expectHeld(judgeOn('DEL-03', await sendTo(ctx.device, ctx.run, endpoint, { token: (s.tokenX2 ?? s.tokenX)! }), { why: "with the deleted user's token" }));
  },
  withToken,
);

clauseTest(
  'DEL-04',
  async (ctx) => {
    const s = await users(ctx);
    await deleteX(ctx);
    expectHeld(judgeOn('DEL-04', await ctx.device.v2.get('/api/user', { token: ctx.token }), { deleted: [s.validName] }));
  },
  withToken,
);

clauseTest(
  'DEL-06',
  async ({ device, token, run, observe }) => {
    const res = await device.v2.delete('/api/user', { token, body: { name: `local/${run.runTag}-absent` } });
    observe({ status: res.status, body: safeBody(res).slice(0, 200) });
  },
  withToken,
);

clauseTest(
  'DEL-07',
  async ({ device, token, run, observe }) => {
    const res = await device.v2.delete('/api/user', { token, body: { name: `${run.runTag}-absent` } });
    observe({ status: res.status, body: safeBody(res).slice(0, 200) });
  },
  withToken,
);
