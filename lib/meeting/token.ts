// Getting a token: --token / ENERGY_CONFORM_TOKEN, else the token store, else a press and a
// pairing POST. A token that answers 401 is never used for the checks.
import type { DeviceClient } from '../client/device-client.js';
import { PairingTimeoutError, RunError } from '../client/errors.js';
import type { PressOutcome } from '../press/backend.js';
import type { Exchange } from '../client/exchange-log.js';
import { harnessRequest, pairingNotPossible, pollForToken } from '../press/pairing.js';
import type { KindId } from '../spec/kinds.js';
import { readToken, writeToken } from '../operator/token-store.js';
import type { Meeting } from './meeting.js';
import { pressBackendFor } from '../press/backend.js';

export interface TokenOutcome {
  token: string | null;
  /** Why there is no token (skip reason of the checks that need one). */
  reason: string;
  /** Presses seen by the device, and presses asked for. */
  presses: { count: number; asked: number; backend: 'press-hook' | 'console' | null };
  /** The user the token belongs to, where energy-conform knows it (not for a token given with --token). */
  owner: string | null;
  /** The pairing POST after the press, when this run paired: PAIR-03's exchange. */
  pairing?: { exchange: Exchange };
}

async function accepted(device: DeviceClient, token: string): Promise<boolean> {
  return (await harnessRequest(device, 'GET', '/api', { token })).status === 200;
}

/**
 * `pressesPlanned`: the presses this run will ask for in all, for "press 1 of N". `asked` hears of the
 * press as it is asked, so that a run stopped by it (no press seen) still reports it.
 */
export async function acquireToken(
  { cfg, io, signal }: Pick<Meeting, 'cfg' | 'io' | 'signal'>,
  device: DeviceClient,
  serial: string | null,
  kind: KindId | undefined,
  pressesPlanned: number,
  asked?: (presses: TokenOutcome['presses']) => void,
): Promise<TokenOutcome> {
  const none = { count: 0, asked: 0, backend: null };
  if (cfg.token) {
    if (!(await accepted(device, cfg.token))) {
      throw new RunError(
        'EC_TOKEN_REFUSED',
        'the device refused the token given with --token or ENERGY_CONFORM_TOKEN (GET /api did not answer 200); give a valid token, or omit it and pair with --press-hook',
      );
    }
    return { token: cfg.token, reason: '', presses: none, owner: null };
  }
  const stored = serial ? await readToken(cfg.tokenStore, serial) : undefined;
  if (stored) {
    if (await accepted(device, stored.token)) return { token: stored.token, reason: '', presses: none, owner: stored.name };
    io.say(`the stored token for ${serial} was refused by the device; pairing again`);
    await writeToken(cfg.tokenStore, serial!, undefined);
  }
  // Never prompt without a terminal: a hook, or exit 2 with how to give one.
  const backend = pressBackendFor(cfg, io);
  if (!backend) throw pairingNotPossible();
  const presses = { count: 0, asked: 1, backend: backend.name };
  asked?.(presses);
  const end = await backend.request({ kind, n: 1, of: pressesPlanned, timeoutS: cfg.pressTimeoutS, why: `pairing as ${cfg.pairingName}`, signal });
  let ended: PressOutcome = 'interrupted';
  let outcome: Awaited<ReturnType<typeof pollForToken>> | undefined;
  try {
    outcome = await pollForToken(device, cfg.pairingName, cfg.pressTimeoutS, signal);
    ended = 'seen';
    presses.count = 1;
  } catch (err) {
    if (err instanceof PairingTimeoutError) ended = 'timeout';
    throw err;
  } finally {
    end(ended);
  }
  if (!outcome.ok) {
    return { token: null, reason: `no token: ${outcome.reason}`, presses, owner: null, pairing: { exchange: outcome.exchange } };
  }
  if (serial) await writeToken(cfg.tokenStore, serial, { token: outcome.token, name: cfg.pairingName, savedAt: new Date().toISOString() });
  return { token: outcome.token, reason: '', presses, owner: cfg.pairingName, pairing: { exchange: outcome.exchange } };
}
