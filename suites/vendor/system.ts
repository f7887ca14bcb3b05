// Reading, writing and putting back /api/system, for the vendor profile's checks (DOC v2/system.mdx).
import type { DeviceResponse } from '../../lib/client/device-client.js';
import { PreconditionError, describeResponse } from '../../lib/harness/clause-failure.js';
import type { CheckContext } from '../../lib/harness/clause-test.js';
import { writableSystemFields } from '../../lib/spec/vendor-kinds.js';
import { type SystemBody, systemDiffers } from '../../lib/judge/device/system.js';
import { objectIn } from '../../lib/judge/device/judgment.js';

export const SYSTEM = '/api/system';
export type { SystemBody };

export async function getSystem(ctx: Pick<CheckContext, 'device' | 'token'>): Promise<{ res: DeviceResponse; body: SystemBody | null }> {
  const res = await ctx.device.v2.get(SYSTEM, { token: ctx.token });
  return { res, body: objectIn(res) };
}

export async function putSystem(ctx: Pick<CheckContext, 'device' | 'token'>, body: unknown): Promise<DeviceResponse> {
  return ctx.device.v2.put(SYSTEM, { token: ctx.token, body });
}

/** The system object as a check starts from it; a device that does not answer it is no ground for the check. */
export async function systemFound(ctx: CheckContext): Promise<SystemBody> {
  const { res, body } = await getSystem(ctx);
  if (!body) throw new PreconditionError(`GET ${SYSTEM} did not answer a JSON object (see V-SYS-01): ${describeResponse(res)}`);
  return body;
}

/**
 * The documented fields of `after` that differ from `before`, live ones aside; the undocumented fields that
 * differ are the check's to record (`observe`), never to fail.
 */
export function changedFields(before: SystemBody, after: SystemBody | null, observe?: (what: unknown) => void): string[] {
  if (!after) return ['the whole object (not read)'];
  const { differ, undocumented } = systemDiffers(before, after);
  if (undocumented.length) observe?.({ undocumentedFieldsDiffer: undocumented });
  return differ;
}

/** Runs `fn` from the object found, then writes back every writable field that no longer reads as found, whatever happened. */
export async function keepingSystem<T>(ctx: CheckContext, fn: (found: SystemBody) => Promise<T>): Promise<T> {
  const found = await systemFound(ctx);
  try {
    return await fn(found);
  } finally {
    const now = (await getSystem(ctx)).body;
    const back = Object.fromEntries(
      writableSystemFields(ctx.run.kind)
        .filter((f) => f in found && now?.[f] !== found[f])
        .map((f) => [f, found[f]]),
    );
    if (Object.keys(back).length) await putSystem(ctx, back);
  }
}
