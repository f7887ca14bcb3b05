// Cloud communication (Resources: System state; States: Cloud communication). CLOUD-01, -02, -05
// and -06 never switch the setting; CLOUD-03 and -04 do, only with --allow-cloud-toggle and a
// confirmation, and every check that may change it puts back the value it found.
import { SYSTEM_PATH, readCloud, setCloud } from '../lib/client/cloud.js';
import { readSocket } from '../lib/client/socket-state.js';
import type { DeviceResponse } from '../lib/client/device-client.js';
import { PreconditionError, describeResponse, expectHeld } from '../lib/harness/clause-failure.js';
import { answerClauseTests } from '../lib/harness/answer-clause.js';
import { judgeOn } from '../lib/harness/judged.js';
import { type CheckContext, clauseTest } from '../lib/harness/clause-test.js';

async function found(ctx: CheckContext): Promise<boolean> {
  const { res, value } = await readCloud(ctx.device);
  if (value === null) throw new PreconditionError(`GET ${SYSTEM_PATH} did not answer a cloud setting (see CLOUD-01): ${describeResponse(res)}`);
  return value;
}

/** Runs `fn`, then puts back the value found if it changed, whatever happened. */
async function keeping(ctx: CheckContext, fn: (was: boolean) => Promise<void>): Promise<void> {
  const was = await found(ctx);
  try {
    await fn(was);
  } finally {
    if ((await readCloud(ctx.device)).value !== was) await ctx.device.v1.put(SYSTEM_PATH, { body: { cloud_enabled: was } });
  }
}

/** States: Cloud communication rows 1 and 2: from `from`, PUT the other value; its answer, and GET /api/v1/system's after it. */
async function toggle(ctx: CheckContext, from: boolean): Promise<{ put: DeviceResponse; read: DeviceResponse }> {
  let answers: { put: DeviceResponse; read: DeviceResponse } | undefined;
  await keeping(ctx, async (was) => {
    if (was !== from) {
      const set = await setCloud(ctx.device, from);
      if (set.now !== from) {
        throw new PreconditionError(`could not set cloud_enabled to ${from} to start from: ${describeResponse(set.res)}`);
      }
    }
    const put = await ctx.device.v1.put(SYSTEM_PATH, { body: { cloud_enabled: !from } });
    answers = { put, read: (await readCloud(ctx.device)).res };
  });
  return answers!;
}

answerClauseTests('cloud');

// "Changes nothing": neither the setting nor, on a socket, its state.
clauseTest('CLOUD-02', async (ctx) => {
  await keeping(ctx, async (was) => {
    const socket = ctx.run.kind === 'energysocket' ? (await readSocket(ctx.device)).state : null;
    const res = await ctx.device.v1.put(SYSTEM_PATH, { body: { cloud_enabled: was } });
    expectHeld(judgeOn('CLOUD-02', res, { answer: 'put', value: was }));
    expectHeld(judgeOn('CLOUD-02', (await readCloud(ctx.device)).res, { answer: 'read', value: was }));
    if (socket) expectHeld(judgeOn('CLOUD-02', (await readSocket(ctx.device)).res, { answer: 'socket', before: socket }));
  });
});

clauseTest('CLOUD-03', async (ctx) => {
  const { put, read } = await toggle(ctx, true);
  expectHeld(judgeOn('CLOUD-03', put, { answer: 'put', value: false }));
  expectHeld(judgeOn('CLOUD-03', read, { answer: 'read', value: false }));
});

clauseTest('CLOUD-04', async (ctx) => {
  const { put, read } = await toggle(ctx, false);
  expectHeld(judgeOn('CLOUD-04', put, { answer: 'put', value: true }));
  expectHeld(judgeOn('CLOUD-04', read, { answer: 'read', value: true }));
});

clauseTest('CLOUD-05', async ({ device, run, observe }) => {
  if (!run.usable.v1) {
    observe({ served: false, why: `no HTTP (v1) endpoint answered at ${run.target.host}` });
    return;
  }
  const res = await device.v1.get(SYSTEM_PATH);
  observe({ served: res.status === 200, answer: describeResponse(res) });
});

// Non-booleans a lenient parser reads as the value found (safe to send: a device that takes them
// either refuses them or keeps the setting) and, once the toggle is allowed, as the other value.
const KEEPING = { true: ['true', 1], false: ['false', 0] } as const;
const FLIPPING = { true: ['false', 0, null], false: ['true', 1] } as const;

clauseTest('CLOUD-06', async (ctx) => {
  await keeping(ctx, async (was) => {
    for (const value of [...KEEPING[`${was}`], ...(ctx.run.cloudToggle ? FLIPPING[`${was}`] : [])]) {
      const res = await ctx.device.v1.put(SYSTEM_PATH, { body: { cloud_enabled: value } });
      expectHeld(
        judgeOn('CLOUD-06', (await readCloud(ctx.device)).res, {
          answer: 'read',
          value: was,
          after: `PUT {"cloud_enabled":${JSON.stringify(value)}} (answered ${describeResponse(res)})`,
        }),
      );
    }
  });
});
