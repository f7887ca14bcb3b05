// Before the suites: each state that only its own requests may change (SOCK-18, CLOUD-08, LIST-07) read once, the read
// the first check that writes elsewhere is held to (lib/harness/owned-watch.ts). The socket is first put locked on with a
// brightness of the run's own: a request of another area that clears the lock or resets the socket shows at the next
// read, where the state the socket was found in might hide it. What the run found is put back after the suites.
import { ask } from '../client/answers.js';
import type { DeviceClient } from '../client/device-client.js';
import { isTransportError } from '../client/errors.js';
import type { Exchange } from '../client/exchange-log.js';
import { STATE_PATH } from '../client/socket-state.js';
import type { SuiteContext } from '../contract/run-context.js';
import { OWNERS, type OwnedClause, watchedBy } from '../judge/device/owned.js';
import type { Found } from '../meeting/device-found.js';

/** The brightness the socket is left at while other areas' requests run (and the next one, where it already was this). */
export const ARRANGED_BRIGHTNESS = 77;

export async function arrangeOwned(
  device: DeviceClient,
  run: Pick<SuiteContext, 'skips' | 'token'>,
  found: Found,
): Promise<Partial<Record<OwnedClause, Exchange>>> {
  const out: Partial<Record<OwnedClause, Exchange>> = {};
  for (const id of watchedBy(run)) {
    if (OWNERS[id].asks.token && run.token === null) continue;
    try {
      if (id === 'SOCK-18' && found.socket) {
        const brightness = found.socket.brightness === ARRANGED_BRIGHTNESS ? ARRANGED_BRIGHTNESS + 1 : ARRANGED_BRIGHTNESS;
        await device.v1.put(STATE_PATH, { body: { switch_lock: true, brightness } });
      }
      const res = await ask(device, OWNERS[id].asks, run.token);
      if (res.status === 200) out[id] = res.exchange;
    } catch (err) {
      // Unread: the first check's own read of it is where the watch starts.
      if (!isTransportError(err)) throw err;
    }
  }
  return out;
}
