// Everything the run does with the device around the suites: presses served to the workers, the
// checks the runner makes itself (its reads before the suites that failed, PAIR-03 of the pairing, DEL-05
// of --forget), putting back the socket state and cloud setting prepare read (lib/runner/checks/reads.ts), and the
// sweep that deletes what the run left and reports what remains.
import { DeviceClient } from '../client/device-client.js';
import { isTransportError } from '../client/errors.js';
import { type SuiteContext, workerContext } from '../contract/run-context.js';
import { writeToken } from '../operator/token-store.js';
import { fromTest } from './assemble.js';
import type { RunnerCheck } from '../contract/run-context.js';
import { cloudAfterReset } from './checks/cloud-reset.js';
import type { CloudConsent } from './confirm.js';
import { forgetPairingUser } from './checks/forget.js';
import { endingOf, runnerCheck } from './checks/check.js';
import { NO_ANSWER, answerOf } from '../judge/device/judgment.js';
import { type Noted, noteOn } from '../judge/device/kept.js';
import type { Prepared } from './prepare.js';
import type { Run } from './run-object.js';
import { pressesNeeded } from './plan.js';
import { pressServiceFor } from '../press/service.js';
import { pressBackendFor } from '../press/backend.js';
import { suitePresses, usersSelected } from './suite-areas.js';
import { sweepUsers } from '../meeting/residue.js';
import { type Restoration, restoreFound } from '../meeting/device-found.js';
import type { Exchange } from '../client/exchange-log.js';
import type { OperatorIo } from '../operator/operator-io.js';
import type { RunConfig } from './config.js';
import type { OpenSuites, Progress, SuiteRun } from './vitest-run.js';
import { arrangeOwned } from './owned-arrange.js';
import { OWNERS, watchedBy } from '../judge/device/owned.js';
import { clause } from '../spec/catalogue.js';
import type { ExploredFacts } from '../report/results.js';

/** A check may wait for every press of the plan (a person at the bench), plus its requests. */
export const checkTimeoutMs = (cfg: RunConfig): number => Math.max(60_000, cfg.requestTimeoutMs * 6) + cfg.pressTimeoutS * 1000 * (1 + suitePresses(cfg));

/** After each check: where the run is, for the operator's live line. */
export const progressTo =
  (io: OperatorIo) =>
  (p: Progress): void => {
    const { status, message } = fromTest(p.test, p.test.records[0]);
    io.progress({ area: p.file, areaIndex: p.fileIndex, areas: p.files, done: p.done, total: p.total, title: p.test.title, status, message });
  };

export interface Session {
  suiteRun: SuiteRun;
  /** Presses of the whole run (pairing included), and the backend that asked for them. */
  presses: { count: number; asked: number; backend: string | null };
  runnerChecks: RunnerCheck[];
  /** Users of this run deleted after the suites (an interrupted users suite leaves some). */
  removed: string[];
  /** What was put back as it was found (socket state, cloud setting). */
  restored: string[];
  /** What the run left changed (users, socket state, cloud setting): each fails the run. */
  residue: string[];
  /** What the session sent itself (users before and after, what it read and put back) and what came back. */
  exchanges: Exchange[];
  /** The context the workers had, frozen when the suites started. */
  context: Readonly<SuiteContext>;
  /** `explore`, `run --explore`: what the exploration did and found. */
  explored: ExploredFacts | null;
  /** The exploration stopped where the operator's press, not the device, is in question: the run could not happen as asked (exit 2). */
  operatorStop: string | null;
}

/** SOCK-18, CLOUD-08 and LIST-07 where no check of the run had requests of another area between two reads of the state: a skip saying so. */
function unwatched(context: SuiteContext, suiteRun: SuiteRun): RunnerCheck[] {
  const judged = new Set(suiteRun.tests.flatMap((t) => t.records.map((r) => r.clause)));
  return watchedBy(context)
    .filter((id) => !judged.has(id))
    .map((id) => ({
      clause: id,
      status: 'skip',
      exchanges: [],
      message: `no request of another area came between two reads of ${OWNERS[id].what} in this run: it is judged after the checks of ${OWNERS[id].occasionsIn.join(' and ')} (--suite ${[clause(id).area, ...OWNERS[id].occasionsIn].join(' ')})`,
    }));
}

/** `suites`: vitest, opened while the run prepared the device (vitest-run.ts openSuites). */
export async function runSession(run: Run, prepared: Prepared, consent: CloudConsent, suites: Promise<OpenSuites>): Promise<Session> {
  const { cfg, io, signal, redactor } = run;
  const { draft } = prepared;
  const token = draft.token;
  const device = new DeviceClient(draft.target, redactor, cfg.requestTimeoutMs, undefined, run.pool);
  try {
    const { users: before, found } = prepared.before;
    const presses =
      token && pressesNeeded({ ...draft.skips, ...consent.skipped }, usersSelected(cfg))
        ? await pressServiceFor(cfg, io, draft.kind, prepared.presses, suitePresses(cfg))
        : undefined;
    let context: Readonly<SuiteContext>;
    let suiteRun: SuiteRun;
    let restoration: Restoration;
    let explored: ExploredFacts | null = null;
    let operatorStop: string | null = null;
    const exploreChecks: RunnerCheck[] = [];
    try {
      const late = { pressUrl: presses?.url ?? null, pressTimed: presses?.timed ?? false, cloudToggle: consent.cloudToggle, skipped: consent.skipped };
      const owned = signal?.aborted ? {} : await arrangeOwned(device, workerContext(draft, late), found);
      context = workerContext(draft, { ...late, owned });
      // The suites' worker talks to the device now: this process's connections are closed, not left idle beside its two.
      await run.pool.release();
      suiteRun = await (await suites).run(context, signal);
      if (cfg.explore && !signal?.aborted) {
        // Loaded only where a run explores: the exploration brings fast-check with it.
        const { explorePhase } = await import('./explore-phase.js');
        const phase = await explorePhase(run, device, context, found, cfg.explore, presses?.count().count ?? prepared.presses.count);
        explored = phase.explored;
        operatorStop = phase.operatorStop;
        exploreChecks.push(...phase.checks);
      }
    } finally {
      io.status('');
      await presses?.close();
      restoration = await restoreFound(device, found);
    }
    // Under an "In development" capability a violation is a deviation, like every other v2 MUST (checks/check.ts).
    const runnerChecks: RunnerCheck[] = [...prepared.readFailures.map((f) => f.check), ...exploreChecks, ...unwatched(context, suiteRun)];
    const unread = prepared.readFailures.flatMap((f) => (f.residue ? [f.residue] : []));
    const { pairing } = prepared;
    // PAIR-03 from the pairing POST, by the table's judge: a pass where PAIR-03 was selected; a violation whatever the selection.
    const notes: Noted[] = [];
    const pair03 = pairing && noteOn(notes, 'PAIR-03', answerOf(pairing.exchange) ?? NO_ANSWER);
    if (pairing && pair03 && !(pair03.held && context.skips['PAIR-03'])) {
      runnerChecks.push(runnerCheck(context, 'PAIR-03', endingOf(pair03), [pairing.exchange], { notes, redactor: run.redactor }));
    }
    const owner = context.tokenOwner;
    const { removed, residue } = before && token ? await sweepUsers(device, token, context.runTag, before, owner ? [owner] : []) : { removed: [], residue: [] };
    const forget = cfg.forget && !signal?.aborted && token !== null && owner !== null;
    if (cfg.forget && token !== null && owner === null) {
      const why = 'not forgetting the user of the token given: energy-conform did not create it';
      io.say(why);
      runnerChecks.push({ clause: 'DEL-05', status: 'skip', message: why, exchanges: [] });
    }
    if (forget && context.serial) {
      runnerChecks.push(await forgetPairingUser(device, token, owner, context));
      await writeToken(cfg.tokenStore, context.serial, undefined);
    }
    if (!signal?.aborted && !context.skips['CLOUD-07']) {
      // A factory reset may have changed the socket too: everything found is put back again.
      try {
        runnerChecks.push(await cloudAfterReset(run, device, context));
      } catch (err) {
        if (!isTransportError(err)) throw err;
        runnerChecks.push(runnerCheck(context, 'CLOUD-07', { kind: 'broken', message: err.message, by: 'device' }, []));
      } finally {
        const again = await restoreFound(device, found);
        restoration.restored.push(...again.restored);
        restoration.residue.push(...again.residue);
      }
    }
    const suitesPressed = presses?.count() ?? prepared.presses;
    // The exploration's presses (the hook's or a person's), each seen by the device: a creation followed it.
    const explorePresses = explored?.spent.presses ?? 0;
    const [count, asked] = [suitesPressed.count + explorePresses, suitesPressed.asked + explorePresses];
    return {
      suiteRun,
      presses: { count, asked, backend: asked ? (pressBackendFor(cfg, io)?.name ?? null) : null },
      runnerChecks,
      removed,
      restored: restoration.restored,
      residue: [...unread, ...residue, ...restoration.residue],
      exchanges: device.log.records,
      context,
      explored,
      operatorStop,
    };
  } finally {
    await device.close();
  }
}
