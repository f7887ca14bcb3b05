// One run: what every phase of the runner takes (prepare, confirm, session, the token, CLOUD-07),
// instead of the configuration, the operator, the signal and the redactor passed one by one.
import { randomBytes } from 'node:crypto';
import { ConnectionPool } from '../client/connection-pool.js';
import { Redactor } from '../client/redactor.js';
import type { OperatorIo } from '../operator/operator-io.js';
import type { RunConfig } from './config.js';

export interface Run {
  readonly cfg: RunConfig;
  readonly io: OperatorIo;
  /** Aborted by Ctrl-C, SIGTERM or --run-timeout: the phases stop and clean up. */
  readonly signal?: AbortSignal;
  /** Every secret the run has seen (redacted by value from whatever it writes). */
  readonly redactor: Redactor;
  /** Prefix of everything the run creates on the device: `ec-<runid>`. */
  readonly runTag: string;
  /** The main process's connections to the device, for every phase of the run (closed when the run ends). */
  readonly pool: ConnectionPool;
}

export function startRun(cfg: RunConfig, io: OperatorIo, signal?: AbortSignal, runTag = `ec-${randomBytes(3).toString('hex')}`): Run {
  const redactor = new Redactor();
  redactor.add(cfg.token);
  return { cfg, io, signal, redactor, runTag, pool: new ConnectionPool(cfg, cfg.requestTimeoutMs) };
}
