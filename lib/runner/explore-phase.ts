// `explore` and `run --explore` within a run: after the suites (if any) and before the device is put back,
// the explorer walks the model on the run's device with the run's token; what it found becomes runner
// checks under the clauses of its steps (a disagreement fails its clause; a clause its steps held to passes),
// and results.json's `explored`.
import type { DeviceClient } from '../client/device-client.js';
import type { SuiteContext } from '../contract/run-context.js';
import type { Budget } from '../explore/budget.js';
import { explore } from '../explore/explorer.js';
import type { ExploredFacts } from '../report/results.js';
import { consoleBackend } from '../press/backend.js';
import { runPressHook } from '../press/hook.js';
import type { ClauseId } from '../spec/clause-types.js';
import { KINDS } from '../spec/kinds.js';
import type { Found } from '../meeting/device-found.js';
import type { RunnerCheck } from '../contract/run-context.js';
import type { Run } from './run-object.js';
import { runnerCheck } from './checks/check.js';

export interface ExploreOptions {
  seed: number;
  budget: Budget;
  /** `explore`: no suites, only the exploration. */
  only: boolean;
}

/** `windowsBefore`: presses of this run that opened a creation window before the exploration. */
export async function explorePhase(
  run: Run,
  device: DeviceClient,
  context: Readonly<SuiteContext>,
  found: Found,
  options: ExploreOptions,
  windowsBefore: number,
): Promise<{ explored: ExploredFacts; checks: RunnerCheck[]; operatorStop: string | null }> {
  const { cfg, io } = run;
  let n = 0;
  const hook = cfg.pressHook;
  // A person at the terminal is asked only for the presses --presses gives (0 by default without a hook).
  const person = !hook && io.interactive ? consoleBackend(io) : null;
  const press = hook
    ? async () => {
        n += 1;
        // The hook's presses: one status line, not a line each.
        io.status(`exploring: press ${n} (at most ${options.budget.presses}) by the press hook`);
        await runPressHook(hook, cfg.pressTimeoutS * 1000, run.signal);
        return undefined;
      }
    : person
      ? async () => {
          n += 1;
          return person.request({
            kind: context.kind,
            n,
            of: options.budget.presses,
            timeoutS: cfg.pressTimeoutS,
            why: 'a creation step of the exploration',
            signal: run.signal,
          });
        }
      : null;
  io.say(`exploring with seed ${options.seed} (replay with --seed ${options.seed})`);
  const result = await explore({
    device,
    token: context.usable.v2 ? context.token : null,
    served: context.servedVersion,
    socket: found.socket,
    cloud: found.cloudEnabled,
    cloudToggle: context.cloudToggle,
    users: KINDS[context.kind].userToken !== 'Not supported',
    press,
    pressTimeoutS: cfg.pressTimeoutS,
    pressByHook: hook !== undefined,
    windowsBefore,
    slow: cfg.slow,
    runTag: context.runTag,
    seed: options.seed,
    budget: options.budget,
    signal: run.signal,
    secret: (t) => run.redactor.add(t),
  });
  const { finding } = result;
  const checks: RunnerCheck[] = [];
  const seedNote = `explore, seed ${options.seed}`;
  if (finding) {
    const id = finding.clause as ClauseId;
    const steps = finding.sequence.map((s, i) => `${i + 1}. ${s}`).join('; ');
    checks.push({
      ...runnerCheck(
        context,
        id,
        {
          kind: 'violated',
          expected: finding.expected,
          observed: finding.observed,
          message: `${seedNote}: after ${finding.sequence.length} step${finding.sequence.length === 1 ? '' : 's'} (${steps}): expected ${finding.expected}; observed ${finding.observed}`,
        },
        finding.exchanges,
      ),
      evidence: finding.evidence,
    });
  }
  // A clause the exploration held passes where the run asked for it: on `explore`, every clause its steps reached.
  for (const [id, count] of Object.entries(result.held)) {
    if (id === finding?.clause || (!options.only && context.skips[id])) continue;
    checks.push(
      runnerCheck(
        context,
        id as ClauseId,
        { kind: 'completed', observed: { explored: `${count} step${count === 1 ? '' : 's'} agreed with the model (${seedNote})` } },
        [],
      ),
    );
  }
  io.status('');
  // Cut short by the device, the exploration cannot pass: the clause of the step it stopped on could not be judged.
  const { brokenBy } = result;
  if (brokenBy?.by === 'device' && result.broken) {
    checks.push(
      runnerCheck(
        context,
        brokenBy.clause as ClauseId,
        { kind: 'broken', by: 'device', message: `${seedNote}: the exploration stopped early, cut short by the device: ${result.broken}` },
        [],
      ),
    );
  }
  const operatorStop =
    brokenBy?.by === 'operator'
      ? `the exploration stopped early: ${result.broken}; no press of this run opened a creation window, so the press ` +
        `(${hook ? 'the press hook' : 'the person asked'}) is in question, not the device: check it and run again`
      : null;
  if (result.broken && !operatorStop) io.say(`the exploration stopped early, cut short by the device: ${result.broken}`);
  // results.json's `explored`: the finding without its exchanges (they are the failing check's).
  const { finding: _, brokenBy: __, ...rest } = result;
  return {
    explored: { ...rest, finding: finding && { clause: finding.clause, expected: finding.expected, observed: finding.observed, sequence: finding.sequence } },
    checks,
    operatorStop,
  };
}
