// One meeting with a device: what every step of it takes (preflight, the token, the reads before and the
// putting back after), instead of the target, the operator, the signal and the redactor passed one by one.
// A run is a meeting whose configuration also says what to run (lib/runner/config.ts).
import { randomBytes } from 'node:crypto';
import { ConnectionPool } from '../client/connection-pool.js';
import { Redactor } from '../client/redactor.js';
import type { OperatorIo } from '../operator/operator-io.js';
import type { DeviceTarget } from './target.js';

export interface Meeting<C extends DeviceTarget = DeviceTarget> {
  readonly cfg: C;
  readonly io: OperatorIo;
  /** Aborted by Ctrl-C, SIGTERM or --run-timeout: the steps stop and clean up. */
  readonly signal?: AbortSignal;
  /** Every secret the meeting has seen (redacted by value from whatever it writes). */
  readonly redactor: Redactor;
  /** Prefix of everything the meeting creates on the device: `ec-<runid>`. */
  readonly runTag: string;
  /** The main process's connections to the device, for every step (closed when the meeting ends). */
  readonly pool: ConnectionPool;
}

export function startMeeting<C extends DeviceTarget>(
  cfg: C,
  io: OperatorIo,
  signal?: AbortSignal,
  runTag = `ec-${randomBytes(3).toString('hex')}`,
): Meeting<C> {
  const redactor = new Redactor();
  redactor.add(cfg.token);
  return { cfg, io, signal, redactor, runTag, pool: new ConnectionPool(cfg, cfg.requestTimeoutMs) };
}
