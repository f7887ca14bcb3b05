// Authentication 2: after a press, POST /api/user returns the token. The press is confirmed by
// polling POST /api/user (creation-window.ts) until it answers 200.
import { errorCode } from '../client/answers.js';
import { firstAnswerInWindow } from '../client/creation-window.js';
import type { DeviceClient, DeviceResponse, RequestOptions } from '../client/device-client.js';
import { describeExchange, type Exchange } from '../client/exchange-log.js';
import { bodyAs } from '../client/parse-body.js';
import { createdUser } from '../spec/schemas.js';
import { PairingTimeoutError, RunError } from '../client/errors.js';

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
  const res = await firstAnswerInWindow(() => harnessRequest(device, 'POST', '/api/user', { body: { name } }), {
    timeoutS,
    timedOut: () => new PairingTimeoutError(timeoutS),
    signal,
    interrupted: () => new RunError('EC_INTERRUPTED', `interrupted (${String(signal?.reason)}) while waiting for the button press; no check ran`),
  });
  const created = bodyAs(res, createdUser);
  if (res.status === 200 && created) return { ok: true, token: created.token, exchange: res.exchange };
  return { ok: false, reason: `the device answered the pairing request with ${describeExchange(res.exchange)}`, exchange: res.exchange };
}

export function pairingNotPossible(): RunError {
  return new RunError(
    'EC_NO_TOKEN_SOURCE',
    'a token is needed and none was given, and without a terminal nobody can be asked to press the button; ' +
      'pass --token (or ENERGY_CONFORM_TOKEN), or --press-hook "<command that presses the button>", or run on a terminal',
  );
}
