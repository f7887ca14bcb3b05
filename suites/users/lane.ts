// The users suite's device work on a lane (lib/harness/lane.ts), from the start of the run: PAIR-01's POST before any
// press, PAIR-02's polls at the vendor's rate, and the press scenario with its wait before the late re-use. The areas
// that ask POST /api/user expecting no window run while it polls, and its press waits until they are done; those that
// touch neither the users nor the creation window run while it waits after the press (the run's order,
// lib/spec/run-order.ts). The users suite's checks adopt each part when their turn comes.
// Where the runner starts no lane (the conformance project under plain vitest), each check does its own work.
import type { DeviceResponse } from '../../lib/client/device-client.js';
import { POLL_INTERVAL_MS } from '../../lib/client/creation-window.js';
import { runScoped } from '../../lib/client/run-scope.js';
import { type CheckContext, checkRuns } from '../../lib/harness/clause-test.js';
import { Lane, type PartEnding } from '../../lib/harness/lane.js';
import { postUserUnpressed } from '../../lib/harness/user-probe.js';
import { judgeOn } from '../../lib/judge/device/table.js';
import type { ClauseId } from '../../lib/spec/clause-types.js';
import { AFTER_PRESS, BEFORE_PRESS, suiteName } from '../../lib/spec/run-order.js';
import { type UsersScenario, runScenario } from './scenario.js';

export const WITH_TOKEN = { needsToken: true } as const;

/** PAIR-02: three POSTs at the polling rate of the vendor's guidance (every 500 ms), as a client waiting for the press sends them; the first refused wrongly ends them. */
async function pollUnpressed(ctx: CheckContext): Promise<DeviceResponse[]> {
  const polls: DeviceResponse[] = [];
  for (let i = 0; i < 3; i++) {
    if (i > 0) await ctx.idle(POLL_INTERVAL_MS);
    polls.push(await postUserUnpressed(ctx, `poll${i}`));
    if (!judgeOn('PAIR-02', polls.at(-1)!).held) break;
  }
  return polls;
}

/** What each part of the lane gives the check that adopts it. */
interface Works {
  pair01: DeviceResponse;
  pair02: DeviceResponse[];
  scenario: UsersScenario;
}

/**
 * Each part: the check that adopts it (the scenario's first reader, PAIR-03) and its work, in the order the lane does
 * them; `pressing`: it opens a window, so not before the areas that ask POST /api/user expecting none are done.
 */
const WORK: { [K in keyof Works]: { clause: ClauseId; work: (ctx: CheckContext) => Promise<Works[K]>; pressing?: true } } = {
  pair01: { clause: 'PAIR-01', work: (ctx) => postUserUnpressed(ctx, 'early') },
  pair02: { clause: 'PAIR-02', work: pollUnpressed },
  scenario: {
    clause: 'PAIR-03',
    work: (ctx) => {
      pressing().resolve();
      return runScenario(ctx);
    },
    pressing: true,
  },
};
const PARTS = Object.keys(WORK) as (keyof Works)[];

/** The lane's parts in this run, each the one WORK names under its key. */
const lane = runScoped(() => new Map<keyof Works, Promise<PartEnding<unknown>>>());
const settled = () => {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};
/** Settled when the first file of the run past BEFORE_PRESS starts: the files run one at a time, in the run's order. */
const pressable = runScoped(settled);
/** Settled when the lane's press scenario has the device, or where this run's lane does not press. */
const pressing = runScoped(settled);

/**
 * A suite file of the run starts (the suites' setup file awaits this): past BEFORE_PRESS, the lane may press; a file of
 * AFTER_PRESS starts once it does.
 */
export async function fileStarts(filepath: string): Promise<void> {
  const area = suiteName(filepath);
  if (!(BEFORE_PRESS as readonly string[]).includes(area)) pressable().resolve();
  if ((AFTER_PRESS as readonly string[]).includes(area)) await pressing().promise;
}
const partOf = <K extends keyof Works>(part: K) => lane().get(part) as Promise<PartEnding<Works[K]>> | undefined;

/** Starts the users lane where this run loads the users suite (`lanes`, from the runner): each part only for a check that will adopt it. Once a run. */
export function startUsersLane(run: CheckContext['run'], lanes: readonly string[]): void {
  const chosen = PARTS.filter((part) => checkRuns(WORK[part].clause, WITH_TOKEN, run));
  if (lanes.includes('users') && chosen.length > 0 && lane().size === 0) {
    const on = new Lane(run);
    for (const part of chosen) lane().set(part, on.part<unknown>(WORK[part].clause, WORK[part].work, WORK[part].pressing && pressable().promise));
    on.end();
  }
  // Where the scenario ends before its work begins (its check cannot run), or there is none, the socket's files start too.
  void (partOf('scenario') ?? Promise.resolve()).then(pressing().resolve);
}

/** The work of `part` for the check at hand: the lane's, adopted, where the lane did it; else done by the check now. */
export function fromLane<K extends keyof Works>(ctx: CheckContext, part: K): Promise<Works[K]> {
  const done = partOf(part);
  return done ? ctx.adopt(done) : WORK[part].work(ctx);
}

/** What the lane's `part` gave, where it did that work and it completed. */
export async function laneValue<K extends keyof Works>(part: K): Promise<Works[K] | undefined> {
  const ended = (await partOf(part))?.ended;
  return ended && 'value' in ended ? ended.value : undefined;
}

/** Every part of the lane settled (the users suite's checks wait for it before the first takes the device). */
export const laneSettled = async (): Promise<void> => void (await Promise.all(lane().values()));
