// The users suite's device work on a lane (lib/harness/lane.ts), from the start of the run: PAIR-01's POST before any
// press, PAIR-02's polls at the vendor's rate, and the press scenario with its wait before the late re-use. The
// socket's checks and the other areas' that touch neither the users nor the creation window (the run's order,
// lib/spec/run-order.ts) run while it waits; the users suite's checks adopt each part when their turn comes.
// Where the runner starts no lane (the conformance project under plain vitest), each check does its own work.
import type { DeviceResponse } from '../../lib/client/device-client.js';
import { POLL_INTERVAL_MS } from '../../lib/client/creation-window.js';
import { runScoped } from '../../lib/client/run-scope.js';
import { type CheckContext, checkRuns } from '../../lib/harness/clause-test.js';
import { type PartEnding, startLane } from '../../lib/harness/lane.js';
import { postUserUnpressed } from '../../lib/harness/user-probe.js';
import { judgeOn } from '../../lib/judge/device/table.js';
import { type UsersScenario, runScenario } from './scenario.js';

export const WITH_TOKEN = { needsToken: true } as const;

interface UsersLane {
  pair01?: Promise<PartEnding<DeviceResponse>>;
  pair02?: Promise<PartEnding<DeviceResponse[]>>;
  scenario?: Promise<PartEnding<UsersScenario>>;
}

const lane = runScoped((): UsersLane => ({}));

/** A promise and the function that settles it. */
function settling<T>(): { promise: Promise<PartEnding<T>>; resolve: (v: PartEnding<T>) => void } {
  let resolve!: (v: PartEnding<T>) => void;
  const promise = new Promise<PartEnding<T>>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** PAIR-02: three POSTs at the polling rate of the vendor's guidance (every 500 ms), as a client waiting for the press sends them; the first refused wrongly ends them. */
export async function pollUnpressed(ctx: CheckContext): Promise<DeviceResponse[]> {
  const polls: DeviceResponse[] = [];
  for (let i = 0; i < 3; i++) {
    if (i > 0) await ctx.idle(POLL_INTERVAL_MS);
    polls.push(await postUserUnpressed(ctx, `poll${i}`));
    if (!judgeOn('PAIR-02', polls.at(-1)!).held) break;
  }
  return polls;
}

/** The work of PAIR-01: a POST /api/user before any press of this suite. */
export const postEarly = (ctx: CheckContext): Promise<DeviceResponse> => postUserUnpressed(ctx, 'early');

/**
 * Starts the users lane where this run loads the users suite (`lanes`, from the runner): each part only for the check
 * that will adopt it (the scenario for PAIR-03, its first reader). Once a run.
 */
export function startUsersLane(run: CheckContext['run'], lanes: readonly string[]): void {
  const l = lane();
  if (!lanes.includes('users') || l.pair01 || l.pair02 || l.scenario) return;
  const [p01, p02, scenario] = [checkRuns('PAIR-01', WITH_TOKEN, run), checkRuns('PAIR-02', WITH_TOKEN, run), checkRuns('PAIR-03', WITH_TOKEN, run)];
  if (!p01 && !p02 && !scenario) return;
  // Each part is known before the lane starts, so a check never does its own work where the lane will.
  const [s01, s02, s03] = [settling<DeviceResponse>(), settling<DeviceResponse[]>(), settling<UsersScenario>()];
  if (p01) l.pair01 = s01.promise;
  if (p02) l.pair02 = s02.promise;
  if (scenario) l.scenario = s03.promise;
  void startLane(run, async (on) => {
    if (p01) s01.resolve(await on.part('PAIR-01', postEarly));
    if (p02) s02.resolve(await on.part('PAIR-02', pollUnpressed));
    if (scenario) s03.resolve(await on.part('PAIR-03', runScenario));
  });
}

/** The lane's part for `which`, where the lane does that work in this run. */
export const lanePart = <K extends keyof UsersLane>(which: K): UsersLane[K] => lane()[which];

/** Every part of the lane settled (the users suite's checks wait for it before the first takes the device). */
export const laneSettled = async (): Promise<void> => {
  const { pair01, pair02, scenario } = lane();
  await Promise.all([pair01, pair02, scenario]);
};
