// Reading, bringing about and putting back the battery group of /api/batteries (DOC v2/batteries.mdx), for V-BAT.
import type { DeviceResponse } from '../../lib/client/device-client.js';
import { PreconditionError, describeResponse } from '../../lib/harness/clause-failure.js';
import type { CheckContext } from '../../lib/harness/clause-test.js';
import { type Group, groupText, sameGroup } from '../../lib/judge/device/batteries.js';
import { objectIn } from '../../lib/judge/device/judgment.js';
import { servedHas } from '../../lib/spec/releases.js';

export const BATTERIES = '/api/batteries';
export const BOTH = ['charge_allowed', 'discharge_allowed'];

export type { Group };

export async function getBatteries(ctx: Pick<CheckContext, 'device' | 'token'>): Promise<{ res: DeviceResponse; body: Record<string, unknown> | null }> {
  const res = await ctx.device.v2.get(BATTERIES, { token: ctx.token });
  return { res, body: objectIn(res) };
}

export const putBatteries = (ctx: Pick<CheckContext, 'device' | 'token'>, body: unknown): Promise<DeviceResponse> =>
  ctx.device.v2.put(BATTERIES, { token: ctx.token, body });

/** How to write a group back: `zero` with its permissions, any other mode alone (its permissions follow from it or are read-only). */
const restoring = (g: Group) => (g.mode === 'zero' && Array.isArray(g.permissions) ? { mode: 'zero', permissions: g.permissions } : { mode: g.mode });

/** Runs `fn` from the group found, and puts its mode and permissions back whatever happened. */
export async function keepingBatteries<T>(ctx: CheckContext, fn: (found: Record<string, unknown>) => Promise<T>): Promise<T> {
  const { res, body } = await getBatteries(ctx);
  if (!body) throw new PreconditionError(`GET ${BATTERIES} did not answer a JSON object (see V-BAT-01): ${describeResponse(res)}`);
  try {
    return await fn(body);
  } finally {
    if (!sameGroup((await getBatteries(ctx)).body, body)) await putBatteries(ctx, restoring(body));
  }
}

/** Whether the release the device serves has the group's permissions (2.2.0; a device that says none: judged as the latest). */
export const servesPermissions = (ctx: Pick<CheckContext, 'run'>): boolean => servedHas(ctx.run.servedVersion, 'battery-permissions');

/** A group as the release served has it: without permissions before 2.2.0. */
export function asServed<G extends Group>(ctx: Pick<CheckContext, 'run'>, g: G): G {
  if (servesPermissions(ctx)) return g;
  const { permissions: _, ...rest } = g;
  return rest as G;
}

/** Brings the group to `want` to start from, by the documented writes; a device that does not get there is no ground for the check. */
export async function startFrom(ctx: CheckContext, given: Required<Group>): Promise<Record<string, unknown>> {
  const want = asServed(ctx, given);
  const res = await putBatteries(ctx, want.mode === 'zero' ? want : { mode: want.mode });
  const now = await getBatteries(ctx);
  if (!sameGroup(now.body, want)) {
    throw new PreconditionError(
      `could not bring the batteries to ${groupText(want)} to start from (PUT answered ${describeResponse(res)}; GET reads ${groupText(now.body)})`,
    );
  }
  return now.body!;
}
