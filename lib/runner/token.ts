// Getting a token: --token / ENERGY_CONFORM_TOKEN, else the token store, else a press and a
// pairing POST. A token that answers 401 is never used for the checks.
import type { DeviceClient } from '../client/device-client.js';
import { RunError } from '../client/errors.js';
import type { Exchange } from '../client/exchange-log.js';
import { harnessRequest, pairingNotPossible, pollForToken } from '../operator/pairing.js';
import { runPressHook } from '../operator/press-hook.js';
import { readToken, writeToken } from '../operator/token-store.js';
import type { RunConfig } from './config.js';

export interface TokenOutcome {
  token: string | null;
  /** Why there is no token (skip reason of the checks that need one). */
  reason: string;
  presses: { count: number; backend: 'press-hook' | 'console' | null };
  /** The pairing POST after the press, when this run paired: PAIR-03's exchange. */
  pairing?: { ok: boolean; message: string; exchange: Exchange };
}

export type Say = (line: string) => void;

async function accepted(device: DeviceClient, token: string): Promise<boolean> {
  return (await harnessRequest(device, 'GET', '/api', { token })).status === 200;
}

export async function acquireToken(cfg: RunConfig, device: DeviceClient, serial: string | null, say: Say): Promise<TokenOutcome> {
  const none = { count: 0, backend: null };
  if (cfg.token) {
    if (!(await accepted(device, cfg.token))) {
      throw new RunError('EC_TOKEN_REFUSED',
        'the device refused the token given with --token or ENERGY_CONFORM_TOKEN (GET /api did not answer 200); give a valid token, or omit it and pair with --press-hook');
    }
    return { token: cfg.token, reason: '', presses: none };
  }
  const stored = serial ? await readToken(cfg.tokenStore, serial) : undefined;
  if (stored) {
    if (await accepted(device, stored.token)) return { token: stored.token, reason: '', presses: none };
    say(`the stored token for ${serial} was refused by the device; pairing again`);
    await writeToken(cfg.tokenStore, serial!, undefined);
  }
  if (!cfg.pressHook) throw pairingNotPossible();
  say(`pairing as ${cfg.pairingName}: running the press hook`);
  await runPressHook(cfg.pressHook, cfg.pressTimeoutS * 1000);
  const outcome = await pollForToken(device, cfg.pairingName, cfg.pressTimeoutS);
  const presses = { count: 1, backend: 'press-hook' as const };
  if (!outcome.ok) {
    return { token: null, reason: `no token: ${outcome.reason}`, presses,
      pairing: { ok: false, message: outcome.reason, exchange: outcome.exchange } };
  }
  if (serial) await writeToken(cfg.tokenStore, serial, { token: outcome.token, name: cfg.pairingName, savedAt: new Date().toISOString() });
  return { token: outcome.token, reason: '', presses, pairing: { ok: true, message: '', exchange: outcome.exchange } };
}
