// /api/batteries on the P1 meter and the kWh meter (DOC v2/batteries.mdx, API 2.2.0): the group of plug-in
// batteries the meter controls, its mode and permissions with the documentation's rules, and the power it
// asks of them, from the meter's own live reading. `predictive` and `charge_to_full` (2.3.0, closed beta) are not served.
import type { KindId } from '../spec/kinds.js';
import type { DeviceState } from './device-state.js';
import { type EmuRequest, type EmuResponse, isPlainObject, json, parseJson } from './exchange.js';

export const BATTERY_MODES = ['zero', 'to_full', 'standby'] as const;
export type BatteryMode = (typeof BATTERY_MODES)[number];
export const PERMISSIONS = ['charge_allowed', 'discharge_allowed'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export interface BatteryGroup {
  mode: BatteryMode;
  permissions: Permission[];
}

/** What one plug-in battery of the group takes and gives at most. */
const CONSUMPTION_EACH_W = 800;
const PRODUCTION_EACH_W = 400;

export const servesBatteries = (kind: KindId): boolean => kind === 'p1dongle' || kind === 'energymeter';

export const defaultBatteries = (): BatteryGroup => ({ mode: 'zero', permissions: [...PERMISSIONS] });

/** What the group is asked to do: in `zero`, the opposite of what the home draws, within the permissions and the limits. */
function targetPowerW(group: BatteryGroup, homeW: number, count: number): number {
  if (group.mode === 'standby') return 0;
  if (group.mode === 'to_full') return CONSUMPTION_EACH_W * count;
  const may = (p: Permission) => group.permissions.includes(p);
  const wanted = -homeW;
  if (wanted > 0) return may('charge_allowed') ? Math.min(wanted, CONSUMPTION_EACH_W * count) : 0;
  return may('discharge_allowed') ? Math.max(wanted, -PRODUCTION_EACH_W * count) : 0;
}

/** The whole object, as GET answers it and every 200 of PUT. */
export function batteriesBody(state: DeviceState): Record<string, unknown> {
  const group = state.batteries!;
  const home = Math.round(state.meter.read().phaseW.reduce((a, b) => a + b, 0));
  const count = state.batteryCount;
  const target = Math.round(targetPowerW(group, home, count));
  return { mode: group.mode, permissions: [...group.permissions], battery_count: count, power_w: target, target_power_w: target,
    max_consumption_w: CONSUMPTION_EACH_W * count, max_production_w: PRODUCTION_EACH_W * count };
}

const refused = (code: string) => json(400, { error: code });

function permissionsOf(v: unknown): Permission[] | undefined {
  if (!Array.isArray(v) || !v.every((p) => (PERMISSIONS as readonly unknown[]).includes(p)) || new Set(v).size !== v.length) return undefined;
  return PERMISSIONS.filter((p) => v.includes(p));
}

/** The group after a PUT, or the refusal: the documentation's rules of `standby`, `zero` and `to_full`. */
export function applyBatteries(group: BatteryGroup, body: Record<string, unknown>): BatteryGroup | { error: string } {
  const hasMode = 'mode' in body;
  const hasPermissions = 'permissions' in body;
  if (!hasMode && !hasPermissions) return { error: 'json:no-parameters-recognized' };
  const mode = body.mode;
  if (hasMode && !(typeof mode === 'string' && (BATTERY_MODES as readonly string[]).includes(mode))) return { error: 'json:parameter-invalid-type:mode' };
  const permissions = hasPermissions ? permissionsOf(body.permissions) : undefined;
  if (hasPermissions && permissions === undefined) return { error: 'json:parameter-invalid-type:permissions' };
  // permissions is read-only in to_full, and cannot be set with it.
  if (hasPermissions && (mode === 'to_full' || (!hasMode && group.mode === 'to_full'))) return { error: 'json:parameter-not-exclusive' };
  if (mode === 'standby') return { mode: 'standby', permissions: [] };
  if (mode === 'to_full') return { mode: 'to_full', permissions: group.permissions };
  const next = permissions ?? (mode === 'zero' && group.mode !== 'zero' ? [...PERMISSIONS] : group.permissions);
  // zero without either permission is standby; a permission added in standby is zero.
  return next.length === 0 ? { mode: 'standby', permissions: [] } : { mode: 'zero', permissions: next };
}

export function routeBatteries(req: EmuRequest, state: DeviceState): EmuResponse {
  if (req.method === 'GET') return json(200, batteriesBody(state));
  const body = parseJson(req.bodyText);
  if (body === undefined) return refused('request:invalid-json');
  if (!isPlainObject(body)) return refused('json:no-parameters-recognized');
  const next = applyBatteries(state.batteries!, body);
  if ('error' in next) return refused(next.error);
  state.batteries = next;
  state.changed('batteries');
  return json(200, batteriesBody(state));
}
