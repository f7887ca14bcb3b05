// Reading the specification's answers: shared by the runner, the operator and the suites.
import { errorField } from '../spec/schemas.js';
import type { DeviceClient, DeviceResponse } from './device-client.js';
import { bodyAs } from './parse-body.js';

/** The `error` of an error body (Errors), if the answer has one. */
export function errorCode(res: DeviceResponse): unknown {
  return bodyAs(res, errorField)?.error;
}

/** 403 `user:creation-not-enabled`: no creation window is open (States: User creation). */
export function creationNotEnabled(res: DeviceResponse): boolean {
  return res.status === 403 && errorCode(res) === 'user:creation-not-enabled';
}

/** The names of GET /api/user, or null when the device does not answer 200 with a list. */
export async function userNames(device: DeviceClient, token: string): Promise<string[] | null> {
  const res = await device.v2.get('/api/user', { token });
  return res.status === 200 && Array.isArray(res.json) ? res.json.map((u: { name?: unknown }) => String(u?.name)) : null;
}
