// A run's exit code and each profile's verdict, from its checks: the same rule for run, soak, certify-client and rejudge.
import { clause, hasClause } from '../spec/catalogue.js';
import { CATALOGUES, type Profile } from '../spec/clause-types.js';
import { type CheckResult, type ProfileResult, isExcused, summarize, verdictOfExit, wasNotReached } from './results.js';

/**
 * docs/design.md: 0 every MUST check that ran passed (deviations and warnings allowed but with --strict); 1 a MUST failed or
 * errored; 2 the run could not happen. A problem an unexpired --known entry matches is allowed too, but with --strict.
 */
export function exitCodeOf(checks: readonly CheckResult[], strict: boolean): 0 | 1 | 2 {
  if (checks.every((c) => c.status === 'skip')) return 2;
  const mustError = (c: CheckResult) => c.status === 'error' && c.level === 'MUST';
  const soft = (c: CheckResult) => c.status === 'warn' || c.status === 'deviation';
  if (checks.some((c) => (strict || !isExcused(c)) && (c.status === 'fail' || mustError(c) || (strict && soft(c))))) return 1;
  return 0;
}

/**
 * Each profile's own counts and verdict, from the checks of its catalogue (docs/design.md "Profiles"). `couldNotHappen`:
 * the run exited 2 (interrupted, its suites unable to run), and no profile has a verdict of the device.
 */
export function profileResults(checks: readonly CheckResult[], profiles: readonly Profile[], strict: boolean, couldNotHappen = false): ProfileResult[] {
  return profiles.map((profile) => {
    const mine = checks.filter((c) => hasClause(c.clause) && clause(c.clause).profile === profile);
    // A profile an interrupted run did not judge in full (which rejudge reads from its checks) has no verdict either.
    const code = couldNotHappen || mine.some(wasNotReached) ? 2 : exitCodeOf(mine, strict);
    return { profile, catalogue: CATALOGUES[profile].file, revision: CATALOGUES[profile].revision, verdict: verdictOfExit(code), summary: summarize(mine) };
  });
}

/**
 * The run's exit code: 2 where it was interrupted or the operator stopped it, else its checks' (exitCodeOf);
 * a run that passed but could not leave the device as it found it fails (docs/design.md "Leaving the device as found").
 */
export function runExitCode(checks: readonly CheckResult[], o: { strict: boolean; interrupted: boolean; residue: readonly string[] }): 0 | 1 | 2 {
  const code = o.interrupted ? 2 : exitCodeOf(checks, o.strict);
  return code === 0 && o.residue.length ? 1 : code;
}
