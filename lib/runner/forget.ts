// --forget: the pairing user deletes itself at the end of the run. That is DEL-05: a user deleting
// itself gets 204, and its own token answers 401 afterwards.
import type { DeviceClient } from '../client/device-client.js';
import { describeExchange } from '../client/exchange-log.js';
import type { SuiteContext } from '../contract/run-context.js';
import type { RunnerCheck } from './assemble.js';
import { runnerCheck, violated } from './runner-check.js';

export async function forgetPairingUser(device: DeviceClient, token: string, name: string, context: Pick<SuiteContext, 'deviations'>): Promise<RunnerCheck> {
  const del = await device.v2.delete('/api/user', { token, body: { name } });
  const after = await device.v2.get('/api', { token });
  const ok = del.status === 204 && after.status === 401;
  return runnerCheck(context, 'DEL-05', ok ? { kind: 'completed' }
    : violated(`expected 204, then 401 for the deleted token; observed ${describeExchange(del.exchange)}, then ${after.status}`),
  [del.exchange, after.exchange]);
}
