// What the vendor profile may change on the device (docs/design.md "Leaving the device as found"): the writable
// /api/system fields of the kind (status LED, api_v1_enabled, the cloud setting over v2) and the battery group's
// mode and permissions. Read before the suites where the vendor profile runs (reads.ts), put back after
// them, before anything over v1: a check that left v1 switched off would leave the v1 restores nothing to talk to.
import type { DeviceClient, DeviceResponse } from '../client/device-client.js';
import { writableSystemFields } from '../spec/vendor-kinds.js';
import type { KindId } from '../spec/kinds.js';
import type { Restoration } from './device-found.js';
import { isObject as isJsonObject } from './preflight.js';

export const SYSTEM_V2 = '/api/system';
export const BATTERIES = '/api/batteries';

export interface VendorFound {
  kind: KindId;
  token: string;
  /** The writable fields of /api/system as found; null where the kind has none or they were not read. */
  system: Record<string, unknown> | null;
  /** The battery group's mode (and permissions, where the firmware has them); null where there is none. */
  batteries: { mode: unknown; permissions?: unknown } | null;
}

/** The writable system fields of an answer, or null unless it is 200 with each of them. */
export const writableOf =
  (kind: KindId) =>
  (res: DeviceResponse): Record<string, unknown> | null => {
    if (res.status !== 200 || !isJsonObject(res.json)) return null;
    const body = res.json;
    return Object.fromEntries(
      writableSystemFields(kind)
        .filter((f) => f in body)
        .map((f) => [f, body[f]]),
    );
  };

/** The battery group of an answer, or null unless it is 200 with a string mode. */
export function groupOf(res: DeviceResponse): VendorFound['batteries'] {
  if (res.status !== 200 || !isJsonObject(res.json) || typeof res.json.mode !== 'string') return null;
  return 'permissions' in res.json ? { mode: res.json.mode, permissions: res.json.permissions } : { mode: res.json.mode };
}

const differing = (found: Record<string, unknown>, now: Record<string, unknown> | null) =>
  Object.keys(found).filter((k) => JSON.stringify(now?.[k]) !== JSON.stringify(found[k]));
const said = (v: Record<string, unknown>) =>
  Object.entries(v)
    .map(([k, x]) => `${k} ${JSON.stringify(x)}`)
    .join(', ');

async function restoreSystem(device: DeviceClient, kind: KindId, token: string, found: Record<string, unknown>, out: Restoration): Promise<void> {
  const read = async () => writableOf(kind)(await device.v2.get(SYSTEM_V2, { token }));
  const off = differing(found, await read());
  if (off.length === 0) return;
  await device.v2.put(SYSTEM_V2, { token, body: Object.fromEntries(off.map((k) => [k, found[k]])) });
  const still = differing(found, await read());
  const back = Object.fromEntries(off.map((k) => [k, found[k]]));
  if (still.length === 0) out.restored.push(said(back));
  else out.residue.push(`${still.join(', ')} of /api/system could not be put back to ${said(Object.fromEntries(still.map((k) => [k, found[k]])))}`);
}

async function restoreBatteries(device: DeviceClient, token: string, found: NonNullable<VendorFound['batteries']>, out: Restoration): Promise<void> {
  const same = (g: VendorFound['batteries']) => g !== null && differing(found, g).length === 0;
  if (same(groupOf(await device.v2.get(BATTERIES, { token })))) return;
  // `zero` with its permissions; any other mode alone (its permissions follow from it, or are read-only in it).
  const body = found.mode === 'zero' && Array.isArray(found.permissions) ? found : { mode: found.mode };
  await device.v2.put(BATTERIES, { token, body });
  const now = groupOf(await device.v2.get(BATTERIES, { token }));
  if (same(now)) out.restored.push(`the batteries to ${said(found)}`);
  else out.residue.push(`the batteries read ${now ? said(now) : 'nothing readable'}; they were ${said(found)} before the run`);
}

/** Puts back what the vendor profile may have changed; what fails to go back is residue. */
export async function restoreVendor(device: DeviceClient, found: VendorFound, out: Restoration): Promise<void> {
  if (found.system && Object.keys(found.system).length) await restoreSystem(device, found.kind, found.token, found.system, out);
  if (found.batteries) await restoreBatteries(device, found.token, found.batteries, out);
}
