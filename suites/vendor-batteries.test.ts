// The vendor profile: /api/batteries on the P1 meter and the kWh meter (DOC v2/batteries.mdx; V-BAT). Each rule of
// the documentation is exercised from the state it speaks of, and the mode and permissions found are put back.
import { errorCode } from '../lib/client/answers.js';
import { describeResponse, expectHeld, isJsonObject } from '../lib/harness/clause-failure.js';
import { answerClauseTest, answerClauseTests } from '../lib/harness/answer-clause.js';
import { type CheckContext, clauseRows, clauseTest } from '../lib/harness/clause-test.js';
import { rowTitle } from '../lib/spec/endpoints.js';
import { BATTERIES, BOTH, type Group, asServed, getBatteries, keepingBatteries, putBatteries, servesPermissions, startFrom } from './vendor/batteries.js';
import type { DeviceResponse } from '../lib/client/device-client.js';
import { judgeOn } from '../lib/harness/judged.js';

const withToken = { needsToken: true } as const;

answerClauseTests('vendor-batteries', {}, ['V-BAT-11']);

/** The documentation's rules: from a group, a write, and the group it makes. */
const RULES: {
  clause: 'V-BAT-02' | 'V-BAT-03' | 'V-BAT-04' | 'V-BAT-05' | 'V-BAT-06';
  from: Required<Group>;
  put: Record<string, unknown>;
  makes: Required<Group>;
}[] = [
  { clause: 'V-BAT-02', from: { mode: 'zero', permissions: BOTH }, put: { mode: 'standby' }, makes: { mode: 'standby', permissions: [] } },
  {
    clause: 'V-BAT-03',
    from: { mode: 'standby', permissions: [] },
    put: { permissions: ['charge_allowed'] },
    makes: { mode: 'zero', permissions: ['charge_allowed'] },
  },
  { clause: 'V-BAT-04', from: { mode: 'zero', permissions: BOTH }, put: { permissions: [] }, makes: { mode: 'standby', permissions: [] } },
  { clause: 'V-BAT-05', from: { mode: 'standby', permissions: [] }, put: { mode: 'zero', permissions: BOTH }, makes: { mode: 'zero', permissions: BOTH } },
  { clause: 'V-BAT-06', from: { mode: 'zero', permissions: BOTH }, put: { mode: 'to_full' }, makes: { mode: 'to_full', permissions: BOTH } },
];
const fromText = (g: Group) => `from ${String(g.mode)} ${JSON.stringify(g.permissions)}`;

clauseRows(
  RULES.map((r) => ({ ...r, title: rowTitle(r.clause, `PUT ${BATTERIES}`, `${JSON.stringify(r.put)} ${fromText(r.from)}`) })),
  async (row, ctx) =>
    keepingBatteries(ctx, async () => {
      // Before API 2.2.0 the group has no permissions (V-BAT-02 and V-BAT-06 hold there; the other rules are gated).
      const [from, put, makes] = [asServed(ctx, row.from), asServed(ctx, row.put), asServed(ctx, row.makes)];
      const { clause } = row;
      const keys = Object.keys(await startFrom(ctx, from));
      const res = await putBatteries(ctx, put);
      // to_full keeps the permissions it had: they are read-only there, and the documentation shows either.
      const want =
        makes.mode === 'to_full' ? { ...makes, permissions: (isJsonObject(res.json) ? res.json.permissions : undefined) ?? from.permissions } : makes;
      expectHeld(judgeOn(clause, res, { answer: 'put', want, keys }));
      expectHeld(judgeOn(clause, (await getBatteries(ctx)).res, { answer: 'read', want }));
    }),
  withToken,
);

/** A write the documentation refuses, from a group: its answer, GET's after it and the group before; what the device said recorded (V-BAT-10). */
async function refusedFrom(ctx: CheckContext, from: Required<Group>, put: unknown): Promise<{ res: DeviceResponse; read: DeviceResponse; before: Group }> {
  return keepingBatteries(ctx, async () => {
    const start = await startFrom(ctx, from);
    const res = await putBatteries(ctx, put);
    await ctx.also('V-BAT-10', () => ({ put, status: res.status, error: errorCode(res) ?? describeResponse(res) }));
    return { res, read: (await getBatteries(ctx)).res, before: asServed(ctx, { mode: start.mode, permissions: start.permissions }) };
  });
}

clauseTest(
  'V-BAT-07',
  async (ctx) => {
    const { res, read, before } = await refusedFrom(ctx, { mode: 'to_full', permissions: BOTH }, { permissions: ['charge_allowed'] });
    expectHeld(judgeOn('V-BAT-07', res, { answer: 'put' }));
    expectHeld(judgeOn('V-BAT-07', read, { answer: 'read', before }));
  },
  { ...withToken, also: ['V-BAT-10'] },
);
clauseTest(
  'V-BAT-08',
  async (ctx) => {
    const { res, read, before } = await refusedFrom(ctx, { mode: 'zero', permissions: BOTH }, { mode: 'to_full', permissions: ['charge_allowed'] });
    expectHeld(judgeOn('V-BAT-08', res, { answer: 'put' }));
    expectHeld(judgeOn('V-BAT-08', read, { answer: 'read', before }));
  },
  { ...withToken, also: ['V-BAT-10'] },
);

const INVALID = [
  { probe: 'mode "eco"', put: { mode: 'eco' } },
  { probe: 'mode 1', put: { mode: 1 } },
  { probe: 'permissions "charge_allowed" (not an array)', put: { permissions: 'charge_allowed' } },
  { probe: 'permissions ["charge_allowed", "fly"]', put: { permissions: ['charge_allowed', 'fly'] } },
];
clauseRows(
  INVALID.map((r) => ({ ...r, clause: 'V-BAT-09' as const, title: rowTitle('V-BAT-09', `PUT ${BATTERIES}`, r.probe) })),
  async ({ put }, ctx) => {
    if ('permissions' in put && !servesPermissions(ctx)) ctx.skip(`permissions arrived in API 2.2.0; the device serves ${ctx.run.servedVersion}`);
    const { res, read, before } = await refusedFrom(ctx, { mode: 'zero', permissions: BOTH }, put);
    expectHeld(judgeOn('V-BAT-09', res, { answer: 'put', status: 400 }));
    expectHeld(judgeOn('V-BAT-09', read, { answer: 'read', before }));
  },
  { ...withToken, also: ['V-BAT-10'] },
);

clauseTest('V-BAT-10', async (ctx) => ctx.skip('recorded in the checks of V-BAT-07, V-BAT-08 and V-BAT-09'), withToken);

answerClauseTest('V-BAT-11', withToken, async (res, { observe }) => observe({ status: res.status, body: describeResponse(res) }));
