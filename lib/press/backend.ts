// A button press, requested through one of two backends. Either way the press is confirmed by the
// device itself (POST /api/user answering 200), never by the backend. The press hook if one is given, else the
// operator at the terminal.
import { KINDS, type KindId } from '../spec/kinds.js';
import type { OperatorIo } from '../operator/operator-io.js';
import { runPressHook } from './hook.js';

export interface PressRequest {
  kind: KindId | undefined;
  /** Press n of `of` planned for this run. */
  n: number;
  of: number;
  timeoutS: number;
  why: string;
  /** Aborted when the wait for the press ends early (Ctrl-C, the run's deadline): a running hook is stopped. */
  signal?: AbortSignal;
}

/** How the wait for a press ended: the device saw it, no press came in time, or the run stopped waiting (interrupted, or an error). */
export type PressOutcome = 'seen' | 'timeout' | 'interrupted';

export interface PressBackend {
  name: 'press-hook' | 'console';
  /** Asks for the press; returns a function that ends what the backend shows. */
  request(p: PressRequest): Promise<(outcome: PressOutcome) => void>;
}

export function hookBackend(command: string, io: OperatorIo): PressBackend {
  return {
    name: 'press-hook',
    async request(p) {
      io.say(`press ${p.n} of ${p.of} (${p.why}): running the press hook`);
      await runPressHook(command, p.timeoutS * 1000, p.signal);
      return () => undefined;
    },
  };
}

export function consoleBackend(io: OperatorIo): PressBackend {
  return {
    name: 'console',
    async request(p) {
      const hint = p.kind
        ? KINDS[p.kind].pressHint
        : "the device's button: short press — about half a second (the kWh meter: 1 to 3 seconds); holding it for 2 s or more can start Wi-Fi pairing";
      io.say(`press ${p.n} of ${p.of} (${p.why}): press ${hint}`);
      const deadline = Date.now() + p.timeoutS * 1000;
      const tick = () => io.status(`waiting for the press ${p.n} of ${p.of}: ${Math.max(0, Math.ceil((deadline - Date.now()) / 1000))} s left`);
      tick();
      const timer = setInterval(tick, 1000);
      return (outcome) => {
        clearInterval(timer);
        io.status('');
        io.say(
          outcome === 'seen'
            ? `press ${p.n} of ${p.of} seen`
            : outcome === 'timeout'
              ? `no press was seen within ${p.timeoutS} s`
              : `press ${p.n} of ${p.of} not given: the run stopped waiting for it`,
        );
      };
    },
  };
}

/** The press hook if one is given, else the terminal; none without a terminal (never prompt then). */
export function pressBackendFor(cfg: { pressHook?: string | undefined }, io: OperatorIo): PressBackend | undefined {
  if (cfg.pressHook) return hookBackend(cfg.pressHook, io);
  return io.interactive ? consoleBackend(io) : undefined;
}
