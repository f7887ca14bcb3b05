// Reading, bringing about and putting back the battery group of /api/batteries (DOC v2/batteries.mdx), for V-BAT.
import type { DeviceResponse } from '../../lib/client/device-client.js';
import { PreconditionError, describeResponse, expectThat, isJsonObject } from '../../lib/harness/clause-failure.js';
import type { CheckContext } from '../../lib/harness/clause-test.js';
import { sameJson } from '../../lib/judge/device/documented.js';

export const BATTERIES = '/api/batteries';
export const BOTH = ['charge_allowed', 'discharge_allowed'];

export interface Group {
  mode?: unknown;
  /** Absent before API 2.2.0. */
  permissions?: unknown;
}

export async function getBatteries(ctx: Pick<CheckContext, 'device' | 'token'>): Promise<{ res: DeviceResponse; body: Record<string, unknown> | null }> {
  const res = await ctx.device.v2.get(BATTERIES, { token: ctx.token });
  return { res, body: res.status === 200 && isJsonObject(res.json) ? res.json : null };
}

export const putBatteries = (ctx: Pick<CheckContext, 'device' | 'token'>, body: unknown): Promise<DeviceResponse> =>
  ctx.device.v2.put(BATTERIES, { token: ctx.token, body });

/** The group's mode and permissions in words: `zero ["charge_allowed"]`. */
export const groupText = (g: Group | null): string => (g ? `${JSON.stringify(g.mode)} ${JSON.stringify(g.permissions ?? '(no permissions)')}` : 'no group');

/** One group: the same mode, and the same permissions in any order (a set: spec/vendor-clauses.md, "Sets"). */
export const sameGroup = (a: Group | null, b: Group | null) => a !== null && b !== null && a.mode === b.mode
  && sameJson(a.permissions ?? null, b.permissions ?? null, true);

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

/** Brings the group to `want` to start from, by the documented writes; a device that does not get there is no ground for the check. */
export async function startFrom(ctx: CheckContext, want: Required<Group>): Promise<Record<string, unknown>> {
  const res = await putBatteries(ctx, want.mode === 'zero' ? want : { mode: want.mode });
  const now = await getBatteries(ctx);
  if (!sameGroup(now.body, want)) {
    throw new PreconditionError(`could not bring the batteries to ${groupText(want)} to start from (PUT answered ${describeResponse(res)}; GET reads ${groupText(now.body)})`);
  }
  return now.body!;
}

/** A 200 that is the whole object with `want`, and a GET that reads the same (V-BAT-02 to V-BAT-06). */
export async function expectGroup(ctx: CheckContext, res: DeviceResponse, want: Required<Group>, keys: readonly string[]): Promise<void> {
  const body = isJsonObject(res.json) ? res.json : null;
  const missing = keys.filter((k) => !body || !(k in body));
  expectThat(res.status === 200 && sameGroup(body, want) && missing.length === 0, `200 with the whole object, ${groupText(want)}`,
    `${describeResponse(res)}${missing.length ? ` (without ${missing.join(', ')})` : ''}`, res);
  const read = await getBatteries(ctx);
  expectThat(sameGroup(read.body, want), `GET ${BATTERIES} then reads ${groupText(want)}`, describeResponse(read.res), [res, read.res]);
}

/** A write refused (not 2xx) that changed nothing (V-BAT-07 to V-BAT-09). */
export async function expectRefusedUnchanged(ctx: CheckContext, res: DeviceResponse, before: Group, status?: number): Promise<void> {
  const refused = status === undefined ? res.status < 200 || res.status >= 300 : res.status === status;
  expectThat(refused, status === undefined ? 'a refusal (no 2xx)' : `status ${status}`, describeResponse(res), res);
  const read = await getBatteries(ctx);
  expectThat(sameGroup(read.body, before), `nothing changed: GET ${BATTERIES} reads ${groupText(before)}`, groupText(read.body), [res, read.res]);
}
