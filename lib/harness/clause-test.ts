// clauseTest(): one test per clause, titled with the clause's statement; clauseRows(): one test per
// row of a data table, titled with the row. Either turns what the check did into outcomes of the
// result model and leaves them, as plain data, in the task's meta.
import { inject, test } from 'vitest';
import { DeviceClient } from '../client/device-client.js';
import { isTransportError } from '../client/errors.js';
import { Redactor } from '../client/redactor.js';
import type { Exchange } from '../client/exchange-log.js';
import { clause } from '../spec/catalogue.js';
import { type ClauseId, clauseTitle, retitle } from '../spec/clause-types.js';
import { governingClause } from '../spec/endpoints.js';
import { awaitDevice, lostDevice } from './await-device.js';
import { ClauseFailure, NotJudged, PreconditionError, PressIgnored } from './clause-failure.js';
import { EndpointGivenUp, requestGuard } from './given-up.js';
import { errorAnswers, judgeErrorAnswers } from './error-answers.js';
import { runPool } from './run-pool.js';
import { noting } from './judged.js';
import { beforeCheck, occasionsOf, watchOwned } from './owned-watch.js';
import { type Noted, keptNotes } from '../judge/device/kept.js';
import { connectionsOpened } from '../client/connection-pool.js';
import { runScoped } from '../client/run-scope.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { inTableTurn, inTurn } from './device-turn.js';
import type { PartEnding } from './lane.js';
import type { CheckRecord, SuiteContext } from '../contract/run-context.js';
import { type WithEvidence, evidenceFirst } from '../contract/evidence.js';
import { type Ending, type Outcome, outcomeOf, alsoOutcomeOf, weightOf, messageOf, reasonNotToRun } from '../contract/outcome.js';

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
   * Nothing is recorded where that clause is skipped (not selected, gate not met). `read`: the exchanges its judgment
   * reads, recorded with a pass too, so that a record judges it again (rejudge); by default a pass records none.
   */
  also(id: ClauseId, fn: () => unknown, read?: readonly Exchange[]): Promise<void>;
  /** Waits `ms` asking the device nothing; in a lane (lane.ts), other areas' checks have the device meanwhile. */
  idle(ms: number): Promise<void>;
  /** Takes what a lane did for this check as the check's own: its exchanges, observations and judgments; returns its value. */
  adopt<T>(part: Promise<PartEnding<T>>): Promise<T>;
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

/** The run's secrets: a token one check read (a creation's answer) is redacted in every check after it, in its notes too. */
export const runSecrets = runScoped(() => new Redactor());

type Task = { meta: { energyConform?: CheckRecord; energyConformAlso?: CheckRecord[] } };

/** How `work` ended: completed with what it returned, or its error as the result model reads it (and the error). */
async function settle(work: () => unknown, redactor: Redactor): Promise<{ ending: Ending; caught?: unknown }> {
  try {
    return { ending: { kind: 'completed', observed: await work() } };
  } catch (err) {
    return { ending: endingOf(err, redactor), caught: err };
  }
}

/** An error read as the result model sees it. */
function endingOf(err: unknown, redactor: Redactor): Exclude<Ending, { kind: 'completed' }> {
  const message = redactor.redact(err instanceof Error ? err.message : String(err));
  if (err instanceof ClauseFailure) return { kind: 'violated', message, expected: err.expected, observed: err.observed };
  return { kind: 'broken', message, by: isTransportError(err) || err instanceof PreconditionError || err instanceof PressIgnored ? 'device' : 'suite' };
}

/** The ignored presses PAIR-03 has been told of: checks that share one press (the users scenario) tell it once. */
const told = new WeakSet<PressIgnored>();

async function pressIgnored(id: ClauseId, err: PressIgnored, ctx: CheckContext, redactor: Redactor): Promise<{ ending: Ending; caught?: unknown }> {
  const first = !told.has(err);
  told.add(err);
  if (id === 'PAIR-03') return { ending: endingOf(err.failure, redactor), caught: err.failure };
  if (first)
    await ctx.also('PAIR-03', () => {
      throw err.failure;
    });
  return { ending: endingOf(err, redactor), caught: err };
}

/** Why check `id` does not run in this run, or undefined where it does. */
function whyNotRun(id: ClauseId, options: ClauseTestOptions, run: SuiteContext): string | undefined {
  return reasonNotToRun({
    condition: (options.needsV2 && !run.usable.v2 ? run.v2Reason : undefined) ?? (options.needsToken && run.token === null ? run.noTokenReason : undefined),
    planned: run.skips[id],
    unselected: run.unselected.includes(id),
    alsoSelected: (options.also ?? []).filter((a) => !run.skips[a]).length + occasionsOf(id, run).length,
  });
}

/** Whether check `id`, with these options, runs in this run (a lane does its work only for a check that will adopt it). */
export const checkRuns = (id: ClauseId, options: ClauseTestOptions, run: SuiteContext): boolean => whyNotRun(id, options, run) === undefined;

/** `readBack`: whether the states other areas' requests may have changed are read back after it (not before a table's last row). */
async function runCheck(
  id: ClauseId,
  rowTitle: string | undefined,
  fn: (ctx: CheckContext) => Promise<void>,
  options: ClauseTestOptions,
  task: Task,
  skip: (note?: string) => never,
  readBack = true,
): Promise<void> {
  const run = inject('energyConform');
  const redactor = runSecrets();
  const noted: Noted[] = [];
  /** What the check noted of `clause`'s judgments (judged.ts), as a record holding `exchanges` keeps it. */
  const judgedOf = (clause: ClauseId, exchanges: readonly Exchange[], notes = noted) => {
    const kept = keptNotes(notes, clause, exchanges, redactor);
    return kept.length ? { judged: kept } : {};
  };
  const record = (v: Omit<Outcome, 'fails'>, shown: WithEvidence = { exchanges: [], evidence: 0 }) => {
    task.meta.energyConform = {
      clause: id,
      ...v,
      message: messageOf(rowTitle, v),
      ...shown,
      ...judgedOf(id, shown.exchanges),
      connections: connectionsOpened(),
    };
  };
  const before = whyNotRun(id, options, run);
  if (before) {
    record({ status: 'skip', message: before });
    skip(before);
  }
  redactor.add(run.token);
  const device = new DeviceClient(run.target, redactor, run.requestTimeoutMs, requestGuard(run), runPool(run));
  const observed: unknown[] = [];
  const sides: CheckRecord[] = [];
  /** MUST violations of clauses judged through `also`: the test fails with the first. */
  const hardSides: ClauseFailure[] = [];
  let skipped = false;
  /** Of `ids`, those selected and not judged by this check yet. */
  const unjudged = (ids: readonly ClauseId[]) => ids.filter((o) => !run.skips[o] && !sides.some((x) => x.clause === o));
  /** What a lane did for this check (adopt), before what the check asked itself. */
  const adopted: Exchange[] = [];
  const ownAndAdopted = () => [...adopted, ...device.log.records];
  /** The check's exchanges, those a failure judged first. */
  const shownFor = (err: unknown) => evidenceFirst(ownAndAdopted(), err instanceof ClauseFailure ? err.exchanges : []);
  const ctx: CheckContext = {
    device,
    run,
    token: run.token ?? '',
    observe: (w) => observed.push(w),
    skip: (reason) => {
      skipped = true;
      record({ status: 'skip', message: reason });
      return skip(reason);
    },
    async also(other, check, read = []) {
      if (run.skips[other]) return;
      const from = noted.length;
      const { ending, caught } = await settle(check, redactor);
      if (caught instanceof NotJudged) {
        sides.push({ clause: other, status: 'skip', message: redactor.redact(caught.message), exchanges: [] });
        return;
      }
      const outcome = alsoOutcomeOf(weightOf(other, run.deviations), ending);
      if (outcome === null) throw caught;
      const { fails, ...v } = outcome;
      // A pass needs no exchanges of its own but those its judgment read: the rest are with the row's clause.
      // A row's case carries the other clause's ID and level; a whole check's says whose check judged it.
      const title = rowTitle ? retitle(rowTitle, clause(other)) : `${other} [${clause(other).level}] judged in the check of ${id}`;
      const shown = v.status === 'pass' ? { exchanges: [...read] } : shownFor(caught);
      sides.push({ clause: other, ...v, message: messageOf(rowTitle && title, v), ...shown, ...judgedOf(other, shown.exchanges, noted.slice(from)), title });
      if (fails && caught instanceof ClauseFailure) {
        hardSides.push(new ClauseFailure(`${other}: ${caught.expected}`, redactor.redact(caught.observed), caught.exchanges));
      }
    },
    idle: async (ms) => void (await sleep(ms)),
    async adopt(part) {
      const { ended, records, deferred, observed: seen } = await part;
      adopted.push(...records);
      observed.push(...seen);
      for (const d of deferred) await ctx.also(d.clause, () => noting(noted, d.fn), d.read);
      if ('skip' in ended) return ctx.skip(ended.skip);
      if ('error' in ended) throw ended.error;
      return ended.value;
    },
  };
  const settled = await settle(async () => {
    try {
      await beforeCheck(id, device, run);
      await noting(noted, () => fn(ctx));
    } catch (err) {
      // Not selected, the check ran for a clause it also judges: its own skip says so, not what it could not judge.
      if (err instanceof NotJudged) ctx.skip(run.skips[id] ?? err.message);
      throw err;
    }
    return observed.length === 0 ? undefined : observed.length === 1 ? observed[0] : observed;
  }, redactor);
  // A press the device did not honour is PAIR-03's failure, wherever the check that pressed was; that check could not run.
  const { ending, caught } = settled.caught instanceof PressIgnored ? await pressIgnored(id, settled.caught, ctx, redactor) : settled;
  // ERR-01 on every error answer this check provoked from the table's v2 endpoints, however the check went.
  const errors = id === 'ERR-01' || skipped || caught instanceof EndpointGivenUp ? [] : errorAnswers(ownAndAdopted());
  if (errors.length) await ctx.also('ERR-01', () => judgeErrorAnswers(errors), errors);
  // SOCK-18, CLOUD-08, LIST-07 after whatever this check asked of other areas, however it went.
  await watchOwned(id, device, run, ctx.also, (work) => noting(noted, work), readBack);
  task.meta.energyConformAlso = sides;
  await device.close();
  if (skipped && ending.kind !== 'completed') throw caught;
  // It needs an endpoint the run has given up on (given-up.ts): what it asked so far stays with it.
  if (caught instanceof EndpointGivenUp) {
    record({ status: 'skip', message: caught.message }, shownFor(undefined));
    // The clauses it would have judged too are skipped with it, for the same reason.
    for (const o of unjudged(options.also ?? [])) sides.push({ clause: o, status: 'skip', message: caught.message, exchanges: [] });
    skip(caught.message);
  }
  // A device lost mid-check is awaited before the next check, and the message says how long it was away.
  const back = isTransportError(caught) && lostDevice(caught) ? await awaitDevice(run) : '';
  // The exchanges stay with the test's own record even where its clause was not selected: the runner counts requests from them.
  const { fails, ...outcome } = outcomeOf(
    { ...weightOf(id, run.deviations), notSelected: run.skips[id] },
    ending.kind === 'broken' && ending.by === 'device' ? { ...ending, message: `${ending.message}${back}` } : ending,
  );
  record(outcome, shownFor(caught));
  if (ending.kind === 'broken') {
    // Broken on an endpoint of GOVERNING while the device stayed up: that endpoint's clause is `error` with it.
    const governing = isTransportError(caught) && caught.request && !back ? governingClause(caught.request) : undefined;
    const failed = device.log.records.filter((e) => e.error).slice(-1);
    for (const o of unjudged([...(options.errorsWith ?? []), ...(governing && governing !== id ? [governing] : [])])) {
      const title = rowTitle && retitle(rowTitle, clause(o));
      sides.push({
        clause: o,
        ...outcome,
        message: messageOf(title, outcome),
        exchanges: o === governing ? failed : [],
        evidence: o === governing ? failed.length : 0,
        ...(title ? { title } : {}),
      });
    }
    throw new Error(rowTitle ? `${rowTitle}: ${ending.message}` : ending.message);
  }
  if (fails && caught instanceof ClauseFailure) throw new ClauseFailure(caught.expected, redactor.redact(caught.observed), caught.exchanges);
  if (hardSides.length) throw hardSides[0];
}

export function clauseTest(id: ClauseId, fn: (ctx: CheckContext) => Promise<void>, options: ClauseTestOptions = {}): void {
  test(clauseTitle(clause(id)), { timeout: options.timeoutMs }, async ({ task, skip }) => {
    await inTurn(() => runCheck(id, undefined, fn, options, task, skip));
  });
}

/** One test per row, driven by `test.for`; each row names its clause and carries its own title. */
export function clauseRows<R extends { clause: ClauseId; title: string }>(
  rows: readonly R[],
  fn: (row: R, ctx: CheckContext) => Promise<void>,
  options: ClauseTestOptions = {},
): void {
  const table = {};
  test.for(rows.map((row) => [row.title, row] as const))('%s', { timeout: options.timeoutMs }, async ([, row], { task, skip }) => {
    const last = row === rows[rows.length - 1];
    await inTableTurn(table, last, () => runCheck(row.clause, row.title, (ctx) => fn(row, ctx), options, task, skip, last));
  });
}
