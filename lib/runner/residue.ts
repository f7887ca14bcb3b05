// DESIGN.md "Leaving the device as found": the users before and after the run; what the run created
// and left is deleted (it carries the run tag), and whatever still remains fails the run.
import type { DeviceClient } from '../client/device-client.js';

export async function userNames(device: DeviceClient, token: string): Promise<string[] | null> {
  const res = await device.v2.get('/api/user', { token }).catch(() => undefined);
  return res?.status === 200 && Array.isArray(res.json) ? res.json.map((u: { name?: unknown }) => String(u?.name)) : null;
}

/** Deletes the run's leftovers and returns the names that are still there and were not before. */
export async function sweepUsers(device: DeviceClient, token: string, runTag: string, before: string[], kept: string[]): Promise<string[]> {
  const after = await userNames(device, token);
  if (after === null) return [];
  const extra = (names: string[]) => names.filter((n) => !before.includes(n) && !kept.includes(n));
  for (const name of extra(after).filter((n) => n.includes(runTag))) {
    await device.v2.delete('/api/user', { token, body: { name } }).catch(() => undefined);
  }
  return extra((await userNames(device, token)) ?? after);
}
