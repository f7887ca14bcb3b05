// A check that lost the device (connection refused or reset: a reboot, a crash, a Wi-Fi drop) is
// `error`; before the next check the worker waits for the device to answer again, so one reboot costs
// the checks that met it and not every check after it.
import { DeviceClient } from '../client/device-client.js';
import type { TransportError } from '../client/errors.js';
import type { SuiteContext } from '../contract/run-context.js';
import { runScoped } from '../client/run-scope.js';

export const DEVICE_RETURN_MS = 30_000;
const POLL_MS = 500;

/** Once the device has not come back within the bound, later checks of the run do not wait again. */
const away = runScoped(() => ({ gaveUp: false }));

export const lostDevice = (err: TransportError) => err.code === 'EC_TRANSPORT_REFUSED' || err.code === 'EC_TRANSPORT_RESET';

/** Polls GET /api (any HTTP answer counts: v2 answers 401 without a token) until it answers: what to add to the check's message. */
export async function awaitDevice(run: SuiteContext): Promise<string> {
  const thisRun = away();
  if (thisRun.gaveUp) return '';
  const device = new DeviceClient(run.target, undefined, Math.min(run.requestTimeoutMs, 2000));
  const side = run.usable.v1 && device.v1.available ? device.v1 : device.v2;
  const started = performance.now();
  try {
    while (performance.now() - started < DEVICE_RETURN_MS) {
      try {
        await side.get('/api');
        const s = ((performance.now() - started) / 1000).toFixed(1);
        return s === '0.0' ? '' : `; the device was away and answered again ${s} s later`;
      } catch {
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    }
    thisRun.gaveUp = true;
    return `; the device did not answer again within ${DEVICE_RETURN_MS / 1000} s`;
  } finally {
    await device.close();
  }
}
