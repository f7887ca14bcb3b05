// Authentication 2: after a press, POST /api/user returns the token. The press is confirmed by
// polling POST /api/user (no faster than every 500 ms, the vendor's guidance) until it answers 200.
import { setTimeout as sleep } from 'node:timers/promises';
import { creationNotEnabled, errorCode } from '../client/answers.js';
import type { DeviceClient, DeviceResponse, RequestOptions } from '../client/device-client.js';
import { describeExchange, type Exchange } from '../client/exchange-log.js';
import { bodyAs } from '../client/parse-body.js';
import { createdUser } from '../spec/schemas.js';
import { PairingTimeoutError, RunError } from '../client/errors.js';

export const POLL_INTERVAL_MS = 500;

export type PairingOutcome =
  | { ok: true; token: string; exchange: Exchange }
  /** The device answered something the specification does not allow: its nonconformity, not ours. */
  | { ok: false; reason: string; exchange: Exchange };

/**
 * The harness's own v2 requests (pairing, token checks) work with whichever form the device serves:
 * without X-Api-Version (Versioning 5), else with `X-Api-Version: 2`. VER-02 and VER-03 judge the forms.
 */
export async function harnessRequest(device: DeviceClient, method: string, path: string, o: RequestOptions): Promise<DeviceResponse> {
  const res = await device.v2.request(method, path, o);
  const refused = res.status === 400 && errorCode(res) === 'request:api-version-not-supported';
  return refused ? device.v2.request(method, path, { ...o, headers: { ...o.headers, 'x-api-version': '2' } }) : res;
}

export async function pollForToken(device: DeviceClient, name: string, timeoutS: number, signal?: AbortSignal): Promise<PairingOutcome> {
  const deadline = Date.now() + timeoutS * 1000;
  for (;;) {
    if (signal?.aborted) throw new RunError('EC_INTERRUPTED', `interrupted (${String(signal.reason)}) while waiting for the button press; no check ran`);
    const res = await harnessRequest(device, 'POST', '/api/user', { body: { name } });
    const created = bodyAs(res, createdUser);
    const { exchange } = res;
    if (res.status === 200 && created) return { ok: true, token: created.token, exchange };
    if (!creationNotEnabled(res)) {
      return { ok: false, reason: `the device answered the pairing request with ${describeExchange(exchange)}`, exchange };
    }
    if (Date.now() + POLL_INTERVAL_MS > deadline) throw new PairingTimeoutError(timeoutS);
    await sleep(POLL_INTERVAL_MS);
  }
}

export function pairingNotPossible(): RunError {
  return new RunError('EC_NO_TOKEN_SOURCE',
    'a token is needed and none was given, and without a terminal nobody can be asked to press the button; '
    + 'pass --token (or ENERGY_CONFORM_TOKEN), or --press-hook "<command that presses the button>", or run on a terminal');
}
