// The press service for a run: the same backend as the pairing (hook, else the terminal), numbered on
// from the pairing press. None when no press can be had.
import type { OperatorIo } from '../operator/operator-io.js';
import { type PressCount, type PressService, startPressService } from '../operator/press-service.js';
import type { KindId } from '../spec/kinds.js';
import type { RunConfig } from './config.js';
import { pressBackendFor } from '../meeting/press-backend.js';
import { runAreas } from './suite-areas.js';

/** Presses the users suite plans after pairing: a second user and re-use of its name; with --slow two windows waited out. */
export const suitePresses = (cfg: RunConfig) => (usersSelected(cfg) ? 2 + (cfg.slow ? 2 : 0) : 0);

export async function pressServiceFor(cfg: RunConfig, io: OperatorIo, kind: KindId, already: PressCount): Promise<PressService | undefined> {
  const backend = pressBackendFor(cfg, io);
  if (!backend) return undefined;
  return startPressService({ backend, kind, timeoutS: cfg.pressTimeoutS, already, planned: already.asked + suitePresses(cfg) });
}

/** Whether this run loads the users suite (its own clauses, or one it judges too), which presses again after pairing. */
export function usersSelected(cfg: RunConfig): boolean {
  return runAreas(cfg).includes('users');
}
