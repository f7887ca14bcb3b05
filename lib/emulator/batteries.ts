// /api/batteries on the P1 meter and the kWh meter (DOC v2/batteries.mdx): the group of plug-in batteries the meter
// controls, its mode and permissions with the documentation's rules, and the power it asks of them, from the meter's
// own live reading. As each release served it (lib/spec/releases.ts): from 2.1.0 the mode; from 2.2.0 permissions
// and battery_count; from 2.3.0 (closed beta) mode `predictive` and charge_to_full.
import type { KindId } from '../spec/kinds.js';
import { LATEST_STABLE, type ReleaseFeature, releaseHas } from '../spec/releases.js';
import { BATTERY_MODES, BATTERY_PERMISSIONS as PERMISSIONS } from '../spec/vendor-measurement.js';
import type { DeviceState } from './device-state.js';
import { type EmuRequest, type EmuResponse, isPlainObject, json, parseJson } from './exchange.js';

export { PERMISSIONS };
export type BatteryMode = (typeof BATTERY_MODES)[number];
export type Permission = (typeof PERMISSIONS)[number];

export interface BatteryGroup {
  mode: BatteryMode;
  permissions: Permission[];
  /** In `to_full`: the mode it goes back to when charge_to_full is set false (2.3.0). */
  before?: BatteryMode;
}

/** What one plug-in battery of the group takes and gives at most. */
const CONSUMPTION_EACH_W = 800;
const PRODUCTION_EACH_W = 400;

export const servesBatteries = (kind: KindId, release: string = LATEST_STABLE): boolean =>
  (kind === 'p1dongle' || kind === 'energymeter') && releaseHas(release, 'batteries');

export const defaultBatteries = (): BatteryGroup => ({ mode: 'zero', permissions: [...PERMISSIONS] });

/** What the group is asked to do: in `zero`, the opposite of what the home draws, within the permissions and the limits. */
function targetPowerW(group: BatteryGroup, homeW: number, count: number): number {
  if (group.mode === 'standby') return 0;
  if (group.mode === 'to_full') return CONSUMPTION_EACH_W * count;
  // predictive decides by prices and forecasts the emulator has not: it answers as zero does.
  const may = (p: Permission) => group.permissions.includes(p);
  const wanted = -homeW;
  if (wanted > 0) return may('charge_allowed') ? Math.min(wanted, CONSUMPTION_EACH_W * count) : 0;
  return may('discharge_allowed') ? Math.max(wanted, -PRODUCTION_EACH_W * count) : 0;
}

/** The whole object, as GET answers it and every 200 of PUT, with the fields of the release served. */
export function batteriesBody(state: DeviceState): Record<string, unknown> {
  const group = state.batteries!;
  const home = Math.round(state.meter.read().phaseW.reduce((a, b) => a + b, 0));
  const count = state.batteryCount;
  const target = Math.round(targetPowerW(group, home, count));
  const has = (f: ReleaseFeature) => releaseHas(state.apiVersion, f);
  return {
    mode: group.mode,
    ...(has('battery-permissions') ? { permissions: [...group.permissions] } : {}),
    ...(has('battery-predictive') ? { charge_to_full: group.mode === 'to_full' } : {}),
    ...(has('battery-permissions') ? { battery_count: count } : {}),
    power_w: target,
    target_power_w: target,
    max_consumption_w: CONSUMPTION_EACH_W * count,
    max_production_w: PRODUCTION_EACH_W * count,
  };
}

const refused = (code: string) => json(400, { error: code });

function permissionsOf(v: unknown): Permission[] | undefined {
  if (!Array.isArray(v) || !v.every((p) => (PERMISSIONS as readonly unknown[]).includes(p)) || new Set(v).size !== v.length) return undefined;
  return PERMISSIONS.filter((p) => v.includes(p));
}

/**
 * The group after a PUT, or the refusal: the documentation's rules of `standby`, `zero` and `to_full`. A field the
 * release does not have is not recognised (permissions before 2.2.0; charge_to_full and `predictive` before 2.3.0).
 */
export function applyBatteries(group: BatteryGroup, body: Record<string, unknown>, release: string = LATEST_STABLE): BatteryGroup | { error: string } {
  const knows = (f: ReleaseFeature) => releaseHas(release, f);
  const hasMode = 'mode' in body;
  const hasPermissions = 'permissions' in body && knows('battery-permissions');
  const hasToFull = 'charge_to_full' in body && knows('battery-predictive');
  if (!hasMode && !hasPermissions && !hasToFull) return { error: 'json:no-parameters-recognized' };
  const mode = body.mode;
  const modes: readonly string[] = knows('battery-predictive') ? BATTERY_MODES : BATTERY_MODES.filter((m) => m !== 'predictive');
  if (hasMode && !(typeof mode === 'string' && modes.includes(mode))) return { error: 'json:parameter-invalid-type:mode' };
  const permissions = hasPermissions ? permissionsOf(body.permissions) : undefined;
  if (hasPermissions && permissions === undefined) return { error: 'json:parameter-invalid-type:permissions' };
  if (hasToFull && typeof body.charge_to_full !== 'boolean') return { error: 'json:parameter-invalid-type:charge_to_full' };
  // permissions is read-only in to_full, and cannot be set with it; charge_to_full stands for to_full.
  if (hasPermissions && (mode === 'to_full' || (!hasMode && group.mode === 'to_full'))) return { error: 'json:parameter-not-exclusive' };
  if (hasToFull && (hasMode || hasPermissions)) return { error: 'json:parameter-not-exclusive' };
  if (hasToFull) {
    if (body.charge_to_full === true) return group.mode === 'to_full' ? group : { mode: 'to_full', permissions: group.permissions, before: group.mode };
    return group.mode === 'to_full' ? { mode: group.before ?? 'zero', permissions: group.permissions } : group;
  }
  if (mode === 'standby') return { mode: 'standby', permissions: [] };
  if (mode === 'to_full') return { mode: 'to_full', permissions: group.permissions, before: group.mode === 'to_full' ? group.before : group.mode };
  if (mode === 'predictive') return { mode: 'predictive', permissions: group.permissions.length ? group.permissions : [...PERMISSIONS] };
  const next = permissions ?? (mode === 'zero' && group.mode !== 'zero' ? [...PERMISSIONS] : group.permissions);
  // zero without either permission is standby; a permission added in standby is zero.
  return next.length === 0 ? { mode: 'standby', permissions: [] } : { mode: 'zero', permissions: next };
}

export function routeBatteries(req: EmuRequest, state: DeviceState): EmuResponse {
  if (req.method === 'GET') return json(200, batteriesBody(state));
  const body = parseJson(req.bodyText);
  if (body === undefined) return refused('request:invalid-json');
  if (!isPlainObject(body)) return refused('json:no-parameters-recognized');
  const next = applyBatteries(state.batteries!, body, state.apiVersion);
  if ('error' in next) return refused(next.error);
  state.batteries = next;
  state.changed('batteries');
  return json(200, batteriesBody(state));
}
