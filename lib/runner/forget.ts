// --forget: the pairing user deletes itself at the end of the run. That is DEL-05: a user deleting
// itself gets 204, and its own token answers 401 afterwards.
import type { DeviceClient } from '../client/device-client.js';
import { describeExchange } from '../client/exchange-log.js';
import type { RunnerCheck } from './assemble.js';

export async function forgetPairingUser(device: DeviceClient, token: string, name: string, failed: 'fail' | 'warn'): Promise<RunnerCheck> {
  const del = await device.v2.delete('/api/user', { token, body: { name } });
  const after = await device.v2.get('/api', { token });
  const ok = del.status === 204 && after.status === 401;
  return {
    clause: 'DEL-05', status: ok ? 'pass' : failed, exchanges: [del.exchange, after.exchange],
    message: ok ? '' : `expected 204, then 401 for the deleted token; observed ${describeExchange(del.exchange)}, then ${after.status}`,
  };
}
