// docs/design.md "Leaving the device as found": the users before and after the run; what the run created
// and left is deleted (it carries the run tag), and whatever still remains fails the run.
import { userNames } from '../client/answers.js';
import type { DeviceClient } from '../client/device-client.js';

/** The user names, or null when the device does not list them (a transport failure included). */
export const listedUsers = (device: DeviceClient, token: string) => userNames(device, token).catch(() => null);

export interface Sweep {
  /** Users of this run the sweep deleted. */
  removed: string[];
  /** Users that are there and were not before: each fails the run. */
  residue: string[];
}

/** Deletes the run's leftovers (they carry the run tag) and reports what still remains. */
export async function sweepUsers(device: DeviceClient, token: string, runTag: string, before: string[], kept: string[]): Promise<Sweep> {
  const after = await listedUsers(device, token);
  if (after === null) return { removed: [], residue: [] };
  const extra = (names: string[]) => names.filter((n) => !before.includes(n) && !kept.includes(n));
  const mine = extra(after).filter((n) => n.includes(runTag));
  for (const name of mine) await device.v2.delete('/api/user', { token, body: { name } }).catch(() => undefined);
  const residue = extra((await listedUsers(device, token)) ?? after);
  return { removed: mine.filter((n) => !residue.includes(n)), residue };
}
