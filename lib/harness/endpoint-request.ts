// A request to one row's endpoint. DELETE rows name a user nobody has, so a device that wrongly
// serves them deletes nothing (docs/design.md: the suite never targets a user it did not create).
import type { DeviceClient, DeviceResponse, RequestOptions } from '../client/device-client.js';
import type { Endpoint } from '../spec/endpoints.js';
import type { SuiteContext } from '../contract/run-context.js';

export const absentUser = (run: SuiteContext): string => `local/${run.runTag}-absent`;

export function sendTo(device: DeviceClient, run: SuiteContext, e: Endpoint, o: RequestOptions = {}): Promise<DeviceResponse> {
  return device.v2.request(e.method, e.path, e.method === 'DELETE' ? { body: { name: absentUser(run) }, ...o } : o);
}
