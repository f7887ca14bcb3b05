// Reading and steering the energy socket's state over v1 (Resources: Socket state).
import { socketReading } from '../spec/schemas.js';
import type { SocketState } from '../spec/socket-model.js';
import { steps } from '../spec/socket-tour.js';
import type { DeviceClient, DeviceResponse } from './device-client.js';

export const STATE_PATH = '/api/v1/state';

/** The body as a socket state, or null unless it holds the three fields with their types (SOCK-01). */
export function socketStateOf(body: unknown): SocketState | null {
  const r = socketReading.safeParse(body);
  return r.success ? { power_on: r.data.power_on, switch_lock: r.data.switch_lock, brightness: r.data.brightness } : null;
}

/** The socket state of an answer, or null unless it is 200 with the three fields (SOCK-01). */
export const socketOf = (res: DeviceResponse): SocketState | null => (res.status === 200 ? socketStateOf(res.json) : null);

export async function readSocket(device: DeviceClient): Promise<{ res: DeviceResponse; state: SocketState | null }> {
  const res = await device.v1.get(STATE_PATH);
  return { res, state: socketOf(res) };
}

export const sameSocket = (a: SocketState | null, b: SocketState) =>
  a !== null && a.power_on === b.power_on && a.switch_lock === b.switch_lock && a.brightness === b.brightness;

/**
 * Steers the socket to `target` and reads it back: the state it reached, every answer on the way (the
 * PUTs', then the GET's), and the bodies it PUT.
 */
export async function steerSocket(
  device: DeviceClient,
  now: SocketState,
  target: SocketState,
): Promise<{ reached: SocketState | null; answers: DeviceResponse[]; sent: Record<string, unknown>[] }> {
  const answers: DeviceResponse[] = [];
  const sent = steps(now, target);
  if (sent.length === 0) return { reached: now, answers, sent };
  for (const body of sent) answers.push(await device.v1.put(STATE_PATH, { body }));
  const read = await readSocket(device);
  answers.push(read.res);
  return { reached: read.state, answers, sent };
}
