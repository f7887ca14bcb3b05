// clauseTest(): one test per clause, titled with the clause's statement. It turns what the check
// did into an outcome of the result model and leaves it, as plain data, in the task's meta.
import { inject, test } from 'vitest';
import { DeviceClient } from '../client/device-client.js';
import { isTransportError } from '../client/errors.js';
import { Redactor } from '../client/redactor.js';
import { clause } from '../spec/catalogue.js';
import { clauseTitle } from '../spec/clause-types.js';
import { ClauseFailure } from './clause-failure.js';
import type { CheckRecord, SuiteContext } from './context.js';

export interface CheckContext {
  device: DeviceClient;
  run: SuiteContext;
  /** The token; clauses that declare `needsToken` only run when there is one. */
  token: string;
  /** Records what the device did, for OBSERVE clauses and for the reader of a pass. */
  observe(what: unknown): void;
  /** Skips the check, for a condition only known at run time; the reason is written. */
  skip(reason: string): never;
}

export interface ClauseTestOptions {
  needsToken?: boolean;
  /** For clauses whose catalogue gate is `—` but whose check talks to v2. */
  needsV2?: boolean;
  timeoutMs?: number;
}

export function clauseTest(id: string, fn: (ctx: CheckContext) => Promise<void>, options: ClauseTestOptions = {}): void {
  const c = clause(id);
  test(clauseTitle(c), { timeout: options.timeoutMs }, async ({ task, skip }) => {
    const run = inject('energyConform');
    const record = (r: Omit<CheckRecord, 'clause' | 'exchanges'>, exchanges: CheckRecord['exchanges'] = []) => {
      task.meta.energyConform = { clause: id, ...r, exchanges };
    };
    const skipReason = run.skips[id] ?? (options.needsV2 && !run.usable.v2 ? run.v2Reason : undefined)
      ?? (options.needsToken && run.token === null ? run.noTokenReason : undefined);
    if (skipReason) {
      record({ status: 'skip', message: skipReason });
      skip(skipReason);
    }
    const redactor = new Redactor();
    redactor.add(run.token);
    const device = new DeviceClient(run.target, redactor, run.requestTimeoutMs);
    const observed: unknown[] = [];
    let skipped = false;
    const ctx: CheckContext = {
      device, run, token: run.token ?? '', observe: (w) => observed.push(w),
      skip: (reason) => {
        skipped = true;
        record({ status: 'skip', message: reason });
        return skip(reason);
      },
    };
    const observation = () => (observed.length === 0 ? undefined : observed.length === 1 ? observed[0] : observed);
    try {
      await fn(ctx);
      record({ status: c.level === 'OBSERVE' ? 'observation' : 'pass', message: '', observed: observation() },
        device.log.records);
    } catch (err) {
      if (skipped) throw err;
      const exchanges = device.log.records;
      const message = redactor.redact(err instanceof Error ? err.message : String(err));
      if (err instanceof ClauseFailure && c.level !== 'OBSERVE') {
        const soft = c.level === 'SHOULD' || run.deviations.includes(id);
        record({ status: soft ? 'warn' : 'fail', message, expected: err.expected, observed: err.observed }, exchanges);
        if (!soft) throw new ClauseFailure(err.expected, redactor.redact(err.observed), err.exchange);
        return;
      }
      // The check could not run: transport failure, timeout, or a fault of the suite itself.
      record({ status: 'error', message: isTransportError(err) ? message : `the check itself failed: ${message}` },
        exchanges);
      throw new Error(message);
    } finally {
      await device.close();
    }
  });
}
