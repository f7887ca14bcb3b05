// `explore`: random sequences of the specification's requests, drawn by fast-check from the model
// (lib/judge/device/explore-model.ts), run against the device; each answer and the state read back are judged by
// the model. A disagreement is shrunk by fast-check to the shortest sequence that still shows it. The same
// seed draws the same sequences, so `--seed N` replays a run exactly on a device that behaves the same.
import fc from 'fast-check';
import type { DeviceClient } from '../client/device-client.js';
import type { Exchange } from '../client/exchange-log.js';
import type { SocketState } from '../spec/socket-model.js';
import { type ModelState, type Slot, type Step, SLOTS, canTake, describeStep, initialModel } from '../judge/device/explore-model.js';
import { judgeStepRan } from '../judge/device/explore-judge.js';
import { type Budget, type Spent, overBudget, spentOn } from './budget.js';
import { DeviceSide, type Observed, type Press, PressNotSeen } from './device-side.js';
import { stepArbitrary } from './steps.js';
import { stepClause } from '../judge/device/explore-clauses.js';

export interface ExploreInput {
  device: DeviceClient;
  /** The run's token: v2 steps need it. */
  token: string | null;
  /** The version the device serves (SuiteContext.servedVersion): the versioning and user steps need it. */
  served: string | null;
  /** The socket state the run found, where the kind has one: socket steps start from it. */
  socket: SocketState | null;
  /** The cloud setting the run found, where the device serves /api/v1/system: cloud steps put it as it is. */
  cloud: boolean | null;
  /** --allow-cloud-toggle, confirmed: steps also switch the cloud setting (each sequence starts from the one found). */
  cloudToggle: boolean;
  /** Whether the kind creates users (its user/token support is "Supported"). */
  users: boolean;
  /** A button press (the press hook, or a person asked): creation steps need it. It may return what ends its prompt. */
  press: Press | null;
  /** Seconds a creation step waits for the device to see its press. */
  pressTimeoutS: number;
  /** The press is a hook's: when it returns, the device has been pressed (the window's steps need that). */
  pressByHook: boolean;
  /** Presses of this run that opened a creation window before the exploration (pairing, the users suite). */
  windowsBefore: number;
  /** --slow: steps that wait out the creation window's 30 s. */
  slow: boolean;
  /** How a step waits (the tests' emulator has a clock of its own). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  runTag: string;
  seed: number;
  budget: Budget;
  signal?: AbortSignal;
  /** Every token the device issues is told here at once (the run's redactor). */
  secret: (token: string) => void;
}

export interface ExploreFinding {
  clause: string;
  expected: string;
  observed: string;
  /** The shrunk sequence, in words; the last step is the one the device disagreed on. */
  sequence: string[];
  /** The exchanges of that sequence: the disagreeing step's first (`evidence` of them), then the steps before it in order. */
  exchanges: Exchange[];
  evidence: number;
}

export interface ExploreResult {
  seed: number;
  budget: Budget;
  /** Sequences drawn and run (shrinking's included), steps taken, and what they cost. */
  spent: Spent;
  /** Which budget ended the exploration early, if one did; `interrupted` for Ctrl-C; `broken` where the device stopped answering. */
  stoppedBy: keyof Budget | 'interrupted' | 'broken' | null;
  /** Why the device could not be explored further (a request that got no answer, a press not seen). */
  broken: string | null;
  /**
   * Whose the stop was: the operator's where the first press of the run opened nothing (the hook, the wiring),
   * else the device's, under the clause the step was held to.
   */
  brokenBy: { by: 'operator' } | { by: 'device'; clause: string } | null;
  /** The steps the explorer could draw on this device, and why others were left out. */
  drawn: string[];
  left: string[];
  /** "Not shown" outcomes adopted from what the device did, per clause that records them. */
  adopted: Record<string, number>;
  /** Steps that agreed with the model, per clause they were held to. */
  held: Record<string, number>;
  finding: ExploreFinding | null;
}

const PRESSING: readonly Step['kind'][] = ['create', 'late'];

class Disagreed extends Error {
  constructor(readonly finding: ExploreFinding) {
    super(`${finding.clause}: expected ${finding.expected}; observed ${finding.observed}`);
  }
}

export async function explore(input: ExploreInput): Promise<ExploreResult> {
  const { device, budget } = input;
  const names = Object.fromEntries(SLOTS.map((s) => [s, `local/${input.runTag}-x${s}`])) as Record<Slot, string>;
  const latest = input.served === null ? null : Number(input.served.split('.')[0]);
  const { step, drawn, left } = stepArbitrary(input, latest);
  const side = new DeviceSide(device, input, names);
  const words = (s: Step) => describeStep(s, (x) => names[x]);
  const spent: Spent = { sequences: 0, steps: 0, requests: 0, switches: 0, presses: 0, seconds: 0 };
  const started = Date.now();
  const adopted: Record<string, number> = {};
  const held: Record<string, number> = {};
  let stoppedBy: ExploreResult['stoppedBy'] = null;
  let broken: string | null = null;
  let brokenBy: ExploreResult['brokenBy'] = null;
  // A press the device did not honour ends the exploration with its finding, unshrunk: shrinking would wait out
  // --press-timeout for every candidate on a device that may never honour a press again.
  let unhonoured: ExploreFinding | null = null;
  const out = () => {
    if (input.signal?.aborted) stoppedBy = 'interrupted';
    if (broken !== null) stoppedBy ??= 'broken';
    spent.seconds = Math.round((Date.now() - started) / 100) / 10;
    stoppedBy ??= overBudget(spent, budget, started);
    return stoppedBy !== null || unhonoured !== null;
  };

  type Holder = { state: ModelState; taken: Step[]; from: number };
  class StepCommand implements fc.AsyncCommand<Holder, DeviceSide, true> {
    constructor(readonly step: Step) {}
    check = async (h: Readonly<Holder>) => !out() && canTake(h.state, this.step) && (!PRESSING.includes(this.step.kind) || spent.presses < budget.presses);
    async run(h: Holder, real: DeviceSide) {
      h.taken.push(this.step);
      const stepFrom = device.log.records.length;
      let o: Observed;
      try {
        o = await real.take(this.step, h.state);
      } catch (err) {
        // Not a disagreement to shrink: the exploration ends here, and says why.
        broken = `${words(this.step)}: ${err instanceof Error ? err.message : String(err)}`;
        brokenBy = err instanceof PressNotSeen ? { by: 'operator' } : { by: 'device', clause: stepClause(h.state, this.step) ?? 'PAIR-03' };
        return;
      }
      spentOn(spent, o);
      const judged = judgeStepRan(h.state, this.step, o.observation);
      if (judged.adopted) adopted[judged.adopted.clause] = (adopted[judged.adopted.clause] ?? 0) + 1;
      if (judged.disagreement) {
        const d = judged.disagreement;
        // A change read back after a step of another area (SOCK-18, CLOUD-08) is shown by that read first.
        const [mine, readBacks] = [device.log.since(stepFrom), o.readBacks ?? 0];
        const shown = d.about === 'read' && readBacks ? [...mine.slice(-readBacks), ...mine.slice(0, -readBacks)] : mine;
        const finding = {
          clause: d.clause,
          expected: d.expected,
          observed: d.observed,
          sequence: h.taken.map(words),
          exchanges: [...shown, ...device.log.records.slice(h.from, stepFrom)],
          // A disagreement about the step's answer is shown by the step's own requests, not by what was read back after them.
          evidence: device.log.records.length - stepFrom - (d.about === 'answer' ? (o.readBacks ?? 0) : 0),
        };
        if (o.observation.ignoredPress) {
          unhonoured = finding;
          return;
        }
        throw new Disagreed(finding);
      }
      for (const c of judged.ran) held[c] = (held[c] ?? 0) + 1;
      h.state = judged.next;
    }
    toString = () => words(this.step);
  }

  let finding: ExploreFinding | null = null;
  if (step !== null) {
    const property = fc.asyncProperty(fc.commands([step.map((s) => new StepCommand(s))], { maxCommands: budget.steps, size: 'max' }), async (cmds) => {
      if (out()) return;
      spent.sequences += 1;
      let start: { socket: SocketState | null; cloud: boolean | null };
      try {
        start = await side.reset(spent);
      } catch (err) {
        broken = `putting the device back before a sequence: ${err instanceof Error ? err.message : String(err)}`;
        return;
      }
      const from = device.log.records.length;
      await fc.asyncModelRun(
        () => ({
          model: { state: { ...initialModel(start.socket, start.cloud, input.served ?? '', names), polls: side.refusedPolls }, taken: [], from },
          real: side,
        }),
        cmds,
      );
    });
    const details = await fc.check(property, { seed: input.seed, numRuns: budget.sequences, endOnFailure: false });
    if (details.failed && details.errorInstance instanceof Disagreed) finding = details.errorInstance.finding;
    else if (details.failed) throw details.errorInstance;
  }
  finding ??= unhonoured;
  if (broken === null) await side.reset(spent);
  out();
  return { seed: input.seed, budget, spent, stoppedBy, broken, brokenBy, drawn, left, adopted, held, finding };
}
