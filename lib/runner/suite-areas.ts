// The areas whose suite files a run loads. A clause's checks are in its area's files; a few clauses are judged also
// by another area's checks, on answers only that area has: a run of such a clause alone loads that area too
// (suite-areas.spec.ts holds this table to what the suites name).
import { OWNED_CLAUSES, OWNERS } from '../judge/device/owned.js';
import { clausesOf } from '../spec/catalogue.js';
import type { Area, Profile } from '../spec/clause-types.js';
import type { RunConfig } from './config.js';

/** Clause → the other areas whose checks judge it too (their `also`, or rows of theirs titled by it). */
export const JUDGED_ALSO_IN: Readonly<Record<string, readonly Area[]>> = {
  // The 200 of a user's creation and the 204 of its deletion: the users suite's answers.
  'VER-01': ['users'],
  'ERR-02': ['users'],
  // The telegram after a reboot: the reboot's check.
  'V-TEL-03': ['vendor-system'],
};

/** A state its own requests alone change (SOCK-18, CLOUD-08, LIST-07): judged after the checks of the areas that write elsewhere. */
const WATCHED_IN: Readonly<Record<string, readonly Area[]>> = Object.fromEntries(OWNED_CLAUSES.map((id) => [id, OWNERS[id].occasionsIn]));

/**
 * `--suite`'s areas where given; else, where `--clause` names clauses of the profiles, their areas and those that judge
 * them too (not every area, each of whose checks would load only to skip); else every area of the profiles.
 */
export function suiteAreas(o: { suites?: readonly string[]; clauses?: readonly string[]; profiles: readonly Profile[] }): string[] {
  if (o.suites) return [...o.suites];
  const all = clausesOf(o.profiles);
  const chosen = all.filter((c) => o.clauses?.includes(c.id));
  const areas = chosen.length ? chosen.flatMap((c) => [c.area, ...(JUDGED_ALSO_IN[c.id] ?? []), ...(WATCHED_IN[c.id] ?? [])]) : all.map((c) => c.area);
  return [...new Set(areas)];
}

/** The areas a run loads: none for `explore`, which runs no suites. */
export const runAreas = (cfg: Pick<RunConfig, 'suites' | 'clauses' | 'profiles' | 'explore'>): string[] => (cfg.explore?.only ? [] : suiteAreas(cfg));

/** Whether this run loads the users suite (its own clauses, or one it judges too), which presses again after pairing. */
export const usersSelected = (cfg: Pick<RunConfig, 'suites' | 'clauses' | 'profiles' | 'explore'>): boolean => runAreas(cfg).includes('users');

/** Presses the users suite plans after pairing: a second user and re-use of its name; with --slow two windows waited out. */
export const suitePresses = (cfg: Pick<RunConfig, 'suites' | 'clauses' | 'profiles' | 'explore' | 'slow'>): number =>
  usersSelected(cfg) ? 2 + (cfg.slow ? 2 : 0) : 0;
