// For a suite's afterAll: deletes the users it created, with the run's token
// (docs/design.md "Leaving the device as found"). The runner's sweep afterwards reports anything that remains.
import { inject } from 'vitest';
import { DeviceClient } from '../client/device-client.js';
import { Redactor } from '../client/redactor.js';
import { runPool } from './run-pool.js';

export async function deleteCreatedUsers(names: Iterable<string>): Promise<void> {
  const run = inject('energyConform');
  const list = [...names];
  if (!list.length || !run.token) return;
  const redactor = new Redactor();
  redactor.add(run.token);
  const device = new DeviceClient(run.target, redactor, run.requestTimeoutMs, undefined, runPool(run));
  try {
    for (const name of list) await device.v2.delete('/api/user', { token: run.token, body: { name } });
  } finally {
    await device.close();
  }
}
