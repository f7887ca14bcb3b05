// Cloud communication (Resources: System state; States: Cloud communication). CLOUD-01, -02, -05
// and -06 never switch the setting; CLOUD-03 and -04 do, only with --allow-cloud-toggle and a
// confirmation, and every check that may change it puts back the value it found.
import { SYSTEM_PATH, cloudOf, readCloud, setCloud } from '../lib/client/cloud.js';
import type { DeviceResponse } from '../lib/client/device-client.js';
import { PreconditionError, describeResponse, expectThat } from '../lib/harness/clause-failure.js';
import { answerClauseTest } from '../lib/harness/answer-clause.js';
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

/** Endpoints: 200 `{cloud_enabled: boolean}` with the new value (other fields are not forbidden). */
function expectAnswer(res: DeviceResponse, value: boolean): void {
  expectThat(cloudOf(res) === value,
    `200 {"cloud_enabled":${value}}`, describeResponse(res), res);
}

async function expectReads(ctx: CheckContext, value: boolean): Promise<void> {
  const { res, value: now } = await readCloud(ctx.device);
  expectThat(now === value, `GET then reads cloud_enabled ${value}`, describeResponse(res), res);
}

/** States: Cloud communication rows 1 and 2: from `from`, PUT the other value. */
async function toggle(ctx: CheckContext, from: boolean): Promise<void> {
  await keeping(ctx, async (was) => {
    if (was !== from) {
      const set = await setCloud(ctx.device, from);
      if (set.now !== from) {
        throw new PreconditionError(`could not set cloud_enabled to ${from} to start from: ${describeResponse(set.res)}`);
      }
    }
    const res = await ctx.device.v1.put(SYSTEM_PATH, { body: { cloud_enabled: !from } });
    expectAnswer(res, !from);
    await expectReads(ctx, !from);
  });
}

answerClauseTest('CLOUD-01');

clauseTest('CLOUD-02', async (ctx) => {
  await keeping(ctx, async (was) => {
    const res = await ctx.device.v1.put(SYSTEM_PATH, { body: { cloud_enabled: was } });
    expectAnswer(res, was);
    await expectReads(ctx, was);
  });
});

clauseTest('CLOUD-03', (ctx) => toggle(ctx, true));

clauseTest('CLOUD-04', (ctx) => toggle(ctx, false));

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
      const { res: read, value: now } = await readCloud(ctx.device);
      expectThat(now === was, `cloud_enabled still ${was} after PUT {"cloud_enabled":${JSON.stringify(value)}}`,
        `${describeResponse(read)} (the PUT answered ${describeResponse(res)})`, read);
    }
  });
});
