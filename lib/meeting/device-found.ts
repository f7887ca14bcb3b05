// What the run may change besides users: the socket state, the cloud setting, and the vendor profile's settings. Read before the
// suites (reads.ts), put back after them, on failure and on interruption as well (docs/design.md
// "Leaving the device as found").
import { readCloud, setCloud } from '../client/cloud.js';
import type { DeviceClient } from '../client/device-client.js';
import { isTransportError } from '../client/errors.js';
import { STATE_PATH, readSocket, sameSocket, steerSocket } from '../client/socket-state.js';
import { type SocketState, describeSocket } from '../spec/socket-model.js';
import { type VendorFound, restoreVendor } from './vendor-found.js';

export interface Found {
  socket: SocketState | null;
  cloudEnabled: boolean | null;
  /** What the vendor profile may change (vendor-found.ts), where it runs. */
  vendor: VendorFound | null;
}

const cloudNow = async (device: DeviceClient) => (await readCloud(device)).value;

export interface Restoration {
  /** What was put back, for the operator. */
  restored: string[];
  /** What could not be put back: each fails the run. */
  residue: string[];
}

/** The whole state in one PUT, and what the device then reads. */
async function putBack(device: DeviceClient, found: SocketState): Promise<SocketState | null> {
  await device.v1.put(STATE_PATH, { body: { ...found } });
  return (await readSocket(device)).state;
}

async function restoreSocket(device: DeviceClient, found: SocketState, out: Restoration): Promise<void> {
  const now = (await readSocket(device)).state;
  if (sameSocket(now, found)) return;
  const { reached } = now ? await steerSocket(device, now, found) : { reached: null };
  // A device whose plain transitions are broken may still take the whole state in one request.
  const final = sameSocket(reached, found) ? reached : await putBack(device, found);
  if (sameSocket(final, found)) out.restored.push(`the socket to ${describeSocket(found)}`);
  else out.residue.push(`the socket reads ${final ? describeSocket(final) : 'no valid state'}; it was ${describeSocket(found)} before the run`);
}

async function restoreCloud(device: DeviceClient, found: boolean, out: Restoration): Promise<void> {
  if ((await cloudNow(device)) === found) return;
  const { now } = await setCloud(device, found);
  if (now === found) out.restored.push(`cloud_enabled to ${found}`);
  else out.residue.push(`cloud_enabled reads ${now ?? 'nothing readable'}; it was ${found} before the run`);
}

export async function restoreFound(device: DeviceClient, found: Found): Promise<Restoration> {
  const out: Restoration = { restored: [], residue: [] };
  const steps: [string, () => Promise<void>][] = [];
  // First: a v1 API the vendor checks left switched off would leave the v1 restores below nothing to talk to.
  if (found.vendor) steps.push(["the vendor profile's settings", () => restoreVendor(device, found.vendor!, out)]);
  if (found.socket) steps.push(['the socket state', () => restoreSocket(device, found.socket!, out)]);
  if (found.cloudEnabled !== null) steps.push(['cloud_enabled', () => restoreCloud(device, found.cloudEnabled!, out)]);
  for (const [what, step] of steps) {
    try {
      await step();
    } catch (err) {
      if (!isTransportError(err)) throw err;
      out.residue.push(`${what} could not be checked or put back: ${err.message}`);
    }
  }
  return out;
}
