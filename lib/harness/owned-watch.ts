// SOCK-18, CLOUD-08, LIST-07 on every check: a state its own requests alone change (lib/judge/device/owned.ts) is
// read back after each check that wrote elsewhere and held to what was read before, the read before carried from
// check to check (the first from the run's own reads before the suites, SuiteContext `owned`). A check that reads
// the state itself after its requests needs no read-back: its own read is judged.
import { ask } from '../client/answers.js';
import type { DeviceClient } from '../client/device-client.js';
import { isTransportError } from '../client/errors.js';
import { runScoped } from '../client/run-scope.js';
import type { SuiteContext } from '../contract/run-context.js';
import { answerOf } from '../judge/device/judgment.js';
import { type Carried, NOTHING_CARRIED, OWNERS, type OwnedClause, replyOfRequest, walkOwned, watchedBy } from '../judge/device/owned.js';
import type { ClauseId } from '../spec/clause-types.js';
import { clause as clauseOf } from '../spec/catalogue.js';
import { expectJudged } from './clause-failure.js';
import { EndpointGivenUp } from './given-up.js';
import { judgeOn } from './judged.js';

const areaOf = (id: ClauseId) => clauseOf(id).area;

const carried = runScoped(() => new Map<OwnedClause, Carried>());

/** The read of `id`'s state (not asked where it needs the token the run has none of). */
async function readBack(id: OwnedClause, device: DeviceClient, run: SuiteContext): Promise<void> {
  if (OWNERS[id].asks.token && run.token === null) return;
  try {
    await ask(device, OWNERS[id].asks, run.token);
  } catch (err) {
    // No answer: nothing is judged now, and the requests stay to be judged with the next read.
    if (!isTransportError(err) && !(err instanceof EndpointGivenUp)) throw err;
  }
}

/** What the walk of `clause` starts from: what the check before carried on, else the run's own read before the suites. */
function carriedTo(clause: OwnedClause, run: SuiteContext): Carried {
  const seed = run.owned?.[clause];
  return carried().get(clause) ?? (seed ? { before: seed, between: [] } : NOTHING_CARRIED);
}

type Also = (id: ClauseId, fn: () => unknown, read: readonly import('../client/exchange-log.js').Exchange[]) => Promise<void>;

/** The watched states nothing is known of now: none read since their own requests, none before the suites. */
export const unreadStates = (run: SuiteContext): OwnedClause[] => watchedBy(run).filter((clause) => !carriedTo(clause, run).before);

/**
 * `states` unknown again: a lane gives the device back with the states it found unread left unread, so that its own
 * reads, made wherever its waits happened to end, give the next check no read to judge against that it would not have had.
 */
export function leaveUnread(states: readonly OwnedClause[]): void {
  for (const clause of states) carried().set(clause, NOTHING_CARRIED);
}

/** The watched states whose occasions the checks of `id`'s area make: such a check runs for them where its own clause was not chosen. */
export const occasionsOf = (id: ClauseId, run: Pick<SuiteContext, 'skips'>): OwnedClause[] =>
  watchedBy(run).filter((clause) => OWNERS[clause].occasionsIn.includes(areaOf(id)));

/** Where a check of an area that writes elsewhere starts with nothing read of a watched state (its own requests came last), it is read first. */
export async function beforeCheck(id: ClauseId, device: DeviceClient, run: SuiteContext): Promise<void> {
  for (const clause of occasionsOf(id, run)) {
    if (!carriedTo(clause, run).before) await readBack(clause, device, run);
  }
}

/**
 * After check `id`: each watched state read back where the check's requests of another area were not followed by a read
 * of it (`readAfter`; a table's rows leave it to their last, their requests carried on to it), and every read judged that had such requests before it, through `also` (noted by `note`, for rejudge).
 * `since`: the first of the device's records not walked yet (a lane's part walks at each of its waits).
 */
export async function watchOwned(
  id: ClauseId,
  device: DeviceClient,
  run: SuiteContext,
  also: Also,
  note: <T>(work: () => T) => T,
  readAfter = true,
  since = 0,
): Promise<void> {
  for (const clause of watchedBy(run)) {
    const from = carriedTo(clause, run);
    let walked = walkOwned(clause, device.log.records.slice(since), from);
    if (readAfter && walked.carried.between.length) {
      await readBack(clause, device, run);
      walked = walkOwned(clause, device.log.records.slice(since), from);
    }
    carried().set(clause, walked.carried);
    if (!walked.reads.length || clause === id) continue;
    const { reads } = walked;
    await also(
      clause,
      () =>
        note(() => {
          const judgments = reads.map((r) => judgeOn(clause, answerOf(r.after)!, { before: answerOf(r.before)!, between: r.between.map(replyOfRequest) }));
          expectJudged(judgments.find((j) => !j.held) ?? judgments.find((j) => j.held && j.notJudged === undefined) ?? judgments[0]!);
        }),
      reads.flatMap((r) => [r.before, ...r.between, r.after]),
    );
  }
}
