// Authentication 2: after a press, POST /api/user returns the token. The press is confirmed by
// polling POST /api/user (no faster than every 500 ms, the vendor's guidance) until it answers 200.
import { setTimeout as sleep } from 'node:timers/promises';
import type { DeviceClient } from '../client/device-client.js';
import { describeExchange } from '../client/exchange-log.js';
import { PairingTimeoutError, RunError } from '../client/errors.js';

export const POLL_INTERVAL_MS = 500;

export type PairingOutcome =
  | { ok: true; token: string }
  /** The device answered something the specification does not allow: its nonconformity, not ours. */
  | { ok: false; reason: string };

export async function pollForToken(device: DeviceClient, name: string, timeoutS: number): Promise<PairingOutcome> {
  const deadline = Date.now() + timeoutS * 1000;
  for (;;) {
    const res = await device.v2.post('/api/user', { body: { name } });
    const body = res.json as { token?: unknown; error?: unknown } | undefined;
    if (res.status === 200 && typeof body?.token === 'string') return { ok: true, token: body.token };
    if (!(res.status === 403 && body?.error === 'user:creation-not-enabled')) {
      return { ok: false, reason: `the device answered the pairing request with ${describeExchange(res.exchange)}` };
    }
    if (Date.now() + POLL_INTERVAL_MS > deadline) throw new PairingTimeoutError(timeoutS);
    await sleep(POLL_INTERVAL_MS);
  }
}

export function pairingNotPossible(): RunError {
  return new RunError('EC_NO_TOKEN_SOURCE',
    'a token is needed and none was given; pass --token (or ENERGY_CONFORM_TOKEN), or --press-hook "<command that presses the button>"');
}
