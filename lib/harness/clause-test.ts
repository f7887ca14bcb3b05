// clauseTest(): one test per clause, titled with the clause's statement; clauseRows(): one test per
// row of a data table, titled with the row. Either turns what the check did into outcomes of the
// result model and leaves them, as plain data, in the task's meta.
import { inject, test } from 'vitest';
import { DeviceClient } from '../client/device-client.js';
import { isTransportError } from '../client/errors.js';
import { Redactor } from '../client/redactor.js';
import { clause } from '../spec/catalogue.js';
import { type ClauseId, clauseTitle } from '../spec/clause-types.js';
import { awaitDevice, lostDevice } from './await-device.js';
import { ClauseFailure, PreconditionError } from './clause-failure.js';
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
  /**
   * Judges another clause on this check's exchanges (SOCK-03's echo in a transition row). Its outcome
   * is recorded for that clause and the check goes on; `fn` returns what an OBSERVE clause saw.
   * Nothing is recorded where that clause is skipped (not selected, gate not met).
   */
  also(id: ClauseId, fn: () => unknown): Promise<void>;
}

export interface ClauseTestOptions {
  needsToken?: boolean;
  /** For clauses whose catalogue gate is `—` but whose check talks to v2. */
  needsV2?: boolean;
  timeoutMs?: number;
  /** Clauses the check judges through `also`: it runs where any of them is selected. */
  also?: readonly ClauseId[];
  /** Of those, the ones judged on every run of the check: where it cannot run, they are `error` with it. */
  errorsWith?: readonly ClauseId[];
}

type Record_ = Omit<CheckRecord, 'clause' | 'exchanges'>;
type Task = { meta: { energyConform?: CheckRecord; energyConformAlso?: CheckRecord[] } };

const softFor = (run: SuiteContext, id: ClauseId) => clause(id).level === 'SHOULD' || run.deviations.includes(id);

async function runCheck(id: ClauseId, rowTitle: string | undefined, fn: (ctx: CheckContext) => Promise<void>,
  options: ClauseTestOptions, task: Task, skip: (note?: string) => never): Promise<void> {
  const c = clause(id);
  const run = inject('energyConform');
  // A row's message names the row; what an observation saw is its message.
  const label = (r: Record_) => {
    const message = r.message || (r.status === 'observation' && r.observed !== undefined ? JSON.stringify(r.observed) : '');
    return rowTitle && message && r.status !== 'skip' ? `${rowTitle}: ${message}` : message;
  };
  const record = (r: Record_, exchanges: CheckRecord['exchanges'] = []) => {
    task.meta.energyConform = { clause: id, ...r, message: label(r), exchanges };
  };
  const condition = (options.needsV2 && !run.usable.v2 ? run.v2Reason : undefined)
    ?? (options.needsToken && run.token === null ? run.noTokenReason : undefined);
  const alsoLive = (options.also ?? []).filter((a) => !run.skips[a]);
  // The row's own clause is not selected, but a clause it also judges is: run, and record only that.
  const mainSkip = run.skips[id];
  const skipReason = condition ?? (mainSkip && alsoLive.length === 0 ? mainSkip : undefined);
  if (skipReason) {
    record({ status: 'skip', message: skipReason });
    skip(skipReason);
  }
  const redactor = new Redactor();
  redactor.add(run.token);
  const device = new DeviceClient(run.target, redactor, run.requestTimeoutMs);
  const observed: unknown[] = [];
  const sides: CheckRecord[] = [];
  let hardSide: ClauseFailure | undefined;
  let skipped = false;
  const ctx: CheckContext = {
    device, run, token: run.token ?? '', observe: (w) => observed.push(w),
    skip: (reason) => {
      skipped = true;
      record({ status: 'skip', message: reason });
      return skip(reason);
    },
    async also(other, check) {
      if (run.skips[other]) return;
      // A pass needs no exchanges of its own: they are with the row's clause.
      const side = (r: Record_) => sides.push({ clause: other, ...r, message: label(r),
        exchanges: r.status === 'pass' ? [] : [...device.log.records] });
      try {
        const seen = await check();
        side({ status: clause(other).level === 'OBSERVE' ? 'observation' : 'pass', message: '', observed: seen });
      } catch (err) {
        if (!(err instanceof ClauseFailure) || clause(other).level === 'OBSERVE') throw err;
        const soft = softFor(run, other);
        side({ status: soft ? 'warn' : 'fail', message: redactor.redact(err.message), expected: err.expected, observed: err.observed });
        if (!soft) hardSide ??= new ClauseFailure(`${other}: ${err.expected}`, redactor.redact(err.observed), err.exchange);
      }
    },
  };
  const observation = () => (observed.length === 0 ? undefined : observed.length === 1 ? observed[0] : observed);
  try {
    await fn(ctx);
    // The exchanges stay with the test's own record even where its clause was not selected: the
    // runner counts requests from them.
    if (mainSkip) record({ status: 'skip', message: mainSkip }, device.log.records);
    else record({ status: c.level === 'OBSERVE' ? 'observation' : 'pass', message: '', observed: observation() }, device.log.records);
  } catch (err) {
    if (skipped) throw err;
    const exchanges = device.log.records;
    const message = redactor.redact(err instanceof Error ? err.message : String(err));
    if (err instanceof ClauseFailure && (mainSkip || c.level === 'OBSERVE')) {
      // Only the clauses judged through `also` were selected; this one's verdict is not asked for.
      if (mainSkip) record({ status: 'skip', message: mainSkip }, exchanges);
      else record({ status: 'error', message: `the check itself failed: ${message}` }, exchanges);
    } else if (err instanceof ClauseFailure) {
      const soft = softFor(run, id);
      record({ status: soft ? 'warn' : 'fail', message, expected: err.expected, observed: err.observed }, exchanges);
      if (!soft) throw new ClauseFailure(err.expected, redactor.redact(err.observed), err.exchange);
    } else {
      // The check could not run: transport failure, timeout, or a fault of the suite itself.
      const plain = isTransportError(err) || err instanceof PreconditionError;
      const back = isTransportError(err) && lostDevice(err) ? await awaitDevice(run) : '';
      const r: Record_ = { status: 'error', message: plain ? `${message}${back}` : `the check itself failed: ${message}` };
      record(r, exchanges);
      const unjudged = (options.errorsWith ?? []).filter((o) => !run.skips[o] && !sides.some((x) => x.clause === o));
      for (const o of unjudged) sides.push({ clause: o, ...r, message: label(r), exchanges: [] });
      throw new Error(rowTitle ? `${rowTitle}: ${message}` : message);
    }
  } finally {
    task.meta.energyConformAlso = sides;
    await device.close();
  }
  if (hardSide) throw hardSide;
}

export function clauseTest(id: ClauseId, fn: (ctx: CheckContext) => Promise<void>, options: ClauseTestOptions = {}): void {
  test(clauseTitle(clause(id)), { timeout: options.timeoutMs }, async ({ task, skip }) => {
    await runCheck(id, undefined, fn, options, task, skip);
  });
}

/** One test per row, driven by `test.for`; each row names its clause and carries its own title. */
export function clauseRows<R extends { clause: ClauseId; title: string }>(rows: readonly R[],
  fn: (row: R, ctx: CheckContext) => Promise<void>, options: ClauseTestOptions = {}): void {
  test.for(rows.map((row) => [row.title, row] as const))('%s', { timeout: options.timeoutMs }, async ([, row], { task, skip }) => {
    await runCheck(row.clause, row.title, (ctx) => fn(row, ctx), options, task, skip);
  });
}
