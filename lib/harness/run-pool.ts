// The connections of every check of the run in this worker. The conformance project runs every area in
// one worker with one module graph (vitest.config.ts: isolate false), so one pool serves the whole run.
import { ConnectionPool } from '../client/connection-pool.js';
import type { SuiteContext } from '../contract/run-context.js';
import { runScoped } from '../client/run-scope.js';

const held = runScoped(
  (): { pool?: ConnectionPool } => ({}),
  (h) => void h.pool?.close().catch(() => undefined),
);

export function runPool(run: Pick<SuiteContext, 'target' | 'requestTimeoutMs'>): ConnectionPool {
  return (held().pool ??= new ConnectionPool(run.target, run.requestTimeoutMs));
}
