// certify-client's scenario: the phases of client-clauses.md, in order, played on an emulated device while
// the recorder writes down what the integration does. Each phase lasts its length; the pairing phase and
// the revoked one press the button after `pressAfterS` (or wait for a press on the control port), and the
// reboot phase takes the device away for `awayS` seconds, `awayAfterS` into it.
import type { Emulator } from '../emulator/emulator.js';
import type { TrafficRecorder } from '../emulator/recorder.js';
import { PHASES, type Phase } from '../spec/client-clause-types.js';

export interface ScenarioPlan {
  /** Seconds each phase lasts (pairing and revoked: from the press). */
  lengths: Record<Phase, number>;
  /**
   * Seconds into the pairing and revoked phases the judge presses the button (in the pairing phase, counted from the
   * integration's first request, waited for up to `firstRequestS`); null: someone presses it on the control port.
   */
  pressAfterS: number | null;
  /** How long the pairing phase waits for the integration's first request before its press is counted from the start. */
  firstRequestS: number;
  awayAfterS: number;
  awayS: number;
  /** How long to wait for someone's press before the phase goes on without one. */
  pressTimeoutS: number;
  /** The phases played, in the scenario's order, the pairing phase always among them; all of them where not given. */
  phases?: readonly Phase[];
}

/** The phases `plan` plays, in order. */
export const playedPhases = (plan: ScenarioPlan): Phase[] => PHASES.filter((p) => !plan.phases || p === 'pairing' || plan.phases.includes(p));

/** Long enough for an integration that polls every few seconds to show what it does in each phase. */
export const DEFAULT_PLAN: ScenarioPlan = {
  lengths: { pairing: 15, steady: 30, newer: 30, reboot: 40, 'foreign-ca': 15, 'wrong-identity': 15, revoked: 30 },
  pressAfterS: 3,
  firstRequestS: 30,
  awayAfterS: 2,
  awayS: 10,
  pressTimeoutS: 120,
};

/**
 * `--quick`: about a minute, for an integration's own CI: each phase still long enough for an integration that
 * polls every second, the press 3 s after its first request, the device away
 * 5 s (two retries of one that waits 2 s), and 30 s after its return.
 */
export const QUICK_PLAN: ScenarioPlan = {
  ...DEFAULT_PLAN,
  pressAfterS: 3,
  awayAfterS: 2,
  awayS: 5,
  lengths: { pairing: 4, steady: 6, newer: 6, reboot: 12, 'foreign-ca': 5, 'wrong-identity': 5, revoked: 15 },
};

/** The newer MINOR version the `newer` phase reports. */
export const NEWER_VERSION = '2.9.0';

/** `pairing=20 steady=60`: phase lengths over the defaults; an unknown phase or a length that is no positive number is an error. */
export function parseLengths(items: readonly string[], base: Record<Phase, number> = DEFAULT_PLAN.lengths): Record<Phase, number> {
  const out = { ...base };
  for (const item of items) {
    const m = /^([a-z-]+)=(\d+(?:\.\d+)?)$/.exec(item);
    if (!m || !(PHASES as readonly string[]).includes(m[1]!) || !(Number(m[2]) > 0)) {
      throw new Error(`--phase takes <phase>=<seconds> with a phase of ${PHASES.join(', ')}, not "${item}"`);
    }
    out[m[1] as Phase] = Number(m[2]);
  }
  return out;
}

/** Seconds the whole scenario takes at the least (a press that comes late lengthens the pairing phase). */
export function scenarioSeconds(p: ScenarioPlan): number {
  const played = playedPhases(p);
  return played.reduce((s, ph) => s + p.lengths[ph], 0) + (played.includes('revoked') ? 2 : 1) * (p.pressAfterS ?? 0);
}

export interface ScenarioHooks {
  signal?: AbortSignal;
  /** A line for the operator: the phase that begins, and what the device does in it. */
  say(text: string): void;
  /** Resolves when the integration has ended: the scenario stops there. */
  ended?: Promise<unknown>;
}

const SAYS: Record<Phase, string> = {
  pairing: 'POST /api/user is refused until the button is pressed',
  steady: 'the device serves as usual',
  newer: `the device reports API ${NEWER_VERSION} and answers with fields not seen before`,
  reboot: 'the device goes away (every request cut off) and comes back with the same users',
  'foreign-ca': 'the HTTPS port presents a certificate from a CA the integration was not given',
  'wrong-identity': 'the HTTPS port presents a certificate naming another device',
  revoked: 'every token is revoked; a new pairing is served after a press',
};

/** Plays the phases; resolves when the last has run, the integration has ended, or the signal aborts. Returns the phase it stopped in. */
export async function playScenario(emu: Emulator, recorder: TrafficRecorder, plan: ScenarioPlan, hooks: ScenarioHooks): Promise<{ stoppedIn: Phase | null }> {
  let stop = false;
  let wake: () => void = () => {};
  const halt = () => {
    stop = true;
    wake();
  };
  hooks.signal?.addEventListener('abort', halt, { once: true });
  void hooks.ended?.then(halt);
  const sleep = (s: number) =>
    new Promise<void>((resolve) => {
      if (stop) return resolve();
      const timer = setTimeout(resolve, s * 1000);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const press = emu.state.press.bind(emu.state);
  let pressed: () => void = () => {};
  emu.state.press = () => {
    press();
    recorder.pressed();
    pressed();
  };
  /**
   * The judge presses after pressAfterS (in the pairing phase, after the integration's first request: one that starts
   * slowly has asked first), or someone presses on the control port (waited for up to pressTimeoutS).
   */
  const buttonPress = async (phase: Phase) => {
    if (plan.pressAfterS !== null) {
      if (phase === 'pairing') {
        await Promise.race([recorder.firstRequest, sleep(plan.firstRequestS)]);
        // The wait's timer, where the request came first.
        wake();
      }
      await sleep(plan.pressAfterS);
      if (!stop) emu.state.press();
      return;
    }
    const came = new Promise<void>((resolve) => (pressed = resolve));
    await Promise.race([came, sleep(plan.pressTimeoutS)]);
  };
  try {
    for (const phase of playedPhases(plan)) {
      if (stop) return { stoppedIn: recorder.phase };
      if (phase !== 'pairing') recorder.beginPhase(phase);
      hooks.say(`phase ${phase} (${plan.lengths[phase]} s): ${SAYS[phase]}`);
      if (phase === 'pairing' || phase === 'revoked') {
        if (phase === 'revoked') {
          await emu.present('valid');
          emu.state.users.clear();
        }
        await buttonPress(phase);
        await sleep(plan.lengths[phase]);
      } else if (phase === 'newer') {
        emu.events.newerVersion = NEWER_VERSION;
        await sleep(plan.lengths[phase]);
        emu.events.newerVersion = null;
      } else if (phase === 'reboot') {
        await sleep(plan.awayAfterS);
        const from = recorder.at();
        emu.events.away = true;
        emu.dropConnections();
        await sleep(plan.awayS);
        emu.events.away = false;
        emu.state.booted();
        recorder.away(from, recorder.at());
        await sleep(Math.max(0, plan.lengths.reboot - plan.awayAfterS - plan.awayS));
      } else if (phase === 'foreign-ca' || phase === 'wrong-identity') {
        await emu.present(phase);
        await sleep(plan.lengths[phase]);
      } else {
        await sleep(plan.lengths[phase]);
      }
    }
    return { stoppedIn: stop ? recorder.phase : null };
  } finally {
    emu.events.away = false;
    emu.events.newerVersion = null;
    emu.state.press = press;
    hooks.signal?.removeEventListener('abort', halt);
  }
}
