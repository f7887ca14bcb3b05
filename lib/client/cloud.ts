// Reading and setting the cloud setting over v1 (Resources: System state).
import { systemState } from '../spec/schemas.js';
import type { DeviceClient, DeviceResponse } from './device-client.js';
import { bodyAs } from './parse-body.js';

export const SYSTEM_PATH = '/api/v1/system';

/** `cloud_enabled` of an answer, or null unless it is 200 with a boolean there (CLOUD-01). */
export function cloudOf(res: Pick<DeviceResponse, 'status' | 'json' | 'text'>): boolean | null {
  const value = bodyAs(res, systemState)?.cloud_enabled;
  return res.status === 200 && value !== undefined ? value : null;
}

export async function readCloud(device: DeviceClient): Promise<{ res: DeviceResponse; value: boolean | null }> {
  const res = await device.v1.get(SYSTEM_PATH);
  return { res, value: cloudOf(res) };
}

/** PUTs `cloud_enabled: value`, then reads the setting back: the PUT's answer and what it reads now. */
export async function setCloud(device: DeviceClient, value: boolean): Promise<{ res: DeviceResponse; now: boolean | null }> {
  const res = await device.v1.put(SYSTEM_PATH, { body: { cloud_enabled: value } });
  return { res, now: (await readCloud(device)).value };
}
