// The specification's socket transition table ("States and transitions: Socket") as a pure
// function. The emulator implements the state machine on its own (lib/emulator/routes-v1.ts), so
// the two check each other.

import type { ClauseId } from './clause-types.js';

export interface SocketState {
  power_on: boolean;
  switch_lock: boolean;
  brightness: number;
}

/** A state PUT: any subset of the three fields. The model takes the fields as a set (SOCK-11). */
export interface SocketPut {
  power_on?: boolean;
  switch_lock?: boolean;
  brightness?: number;
}

export type SocketOutcome =
  | { clause: ClauseId; kind: 'state'; state: SocketState }
  /** `brightnessOpen`: the table does not settle the brightness (rows 6 and 7 both match the request). */
  | { clause: ClauseId; kind: 'unchanged'; brightnessOpen?: boolean }
  | { clause: ClauseId; kind: 'not-specified'; why: string }
  /** SOCK-12: power and lock unchanged, the brightness anywhere from 0 to 255 (clamping is conformant). */
  | { clause: ClauseId; kind: 'in-range' };

const to = (clause: ClauseId, state: SocketState): SocketOutcome => ({ clause, kind: 'state', state });

/**
 * A combined PUT's brightness is judged apart, under SOCK-09 (row 6), the row's own clause keeping to the power and the
 * lock: the fixed rows, the explorer and the table's judge all ask this.
 */
export const brightnessApart = (put: SocketPut, outcome: Pick<SocketOutcome, 'clause'>): boolean =>
  typeof put.brightness === 'number' && outcome.clause !== 'SOCK-09';

/**
 * What the specification says a PUT does to a valid state. A request that sets a field to the value
 * it already has is read as the row of that field (Endpoints: the PUT stores the fields it carries):
 * "on, PUT power_on true" is SOCK-04's, "unlocked, PUT switch_lock false" SOCK-07's.
 */
export function socketOutcome(from: SocketState, put: SocketPut): SocketOutcome {
  const { power_on: power, switch_lock: lock, brightness } = put;
  if (power === undefined && lock === undefined && brightness === undefined) {
    return { clause: 'SOCK-14', kind: 'not-specified', why: 'a PUT without any field is outside the transition table' };
  }
  // Row 7: the combination is not allowed. With a brightness, row 6 matches too: the power and the
  // lock stay as they are; whether the brightness is stored the specification does not settle.
  if (power === false && lock === true) {
    return brightness === undefined ? { clause: 'SOCK-10', kind: 'unchanged' } : { clause: 'SOCK-10', kind: 'unchanged', brightnessOpen: true };
  }
  const b = brightness ?? from.brightness;
  // Row 3 (with row 1 when power_on true comes along): locking turns the socket on.
  if (lock === true) return to('SOCK-06', { power_on: true, switch_lock: true, brightness: b });
  if (from.switch_lock) {
    // Row 5: off and unlock together turn a locked socket off.
    if (power === false && lock === false) return to('SOCK-08', { power_on: false, switch_lock: false, brightness: b });
    if (power === false) {
      return { clause: 'SOCK-13', kind: 'not-specified', why: 'the outcome of power_on false alone while locked is "not shown"' };
    }
    // Row 4: unlocking leaves the socket on.
    if (lock === false) return to('SOCK-07', { power_on: true, switch_lock: false, brightness: b });
    if (power === true) return to('SOCK-04', { ...from, brightness: b });
    return to('SOCK-09', { ...from, brightness: b });
  }
  // Rows 1 and 2: an unlocked socket switches as asked.
  if (power !== undefined) return to(power ? 'SOCK-04' : 'SOCK-05', { power_on: power, switch_lock: false, brightness: b });
  if (lock === false) return to('SOCK-07', { ...from, brightness: b });
  // Row 6.
  return to('SOCK-09', { ...from, brightness: b });
}

/** SOCK-02: power_on false together with switch_lock true is not allowed. */
export function isConsistent(s: SocketState): boolean {
  return !(s.power_on === false && s.switch_lock === true);
}

export function describeSocket(s: SocketState, withBrightness = true): string {
  const power = s.switch_lock ? 'locked on' : `${s.power_on ? 'on' : 'off'}, unlocked`;
  return withBrightness ? `${power}, brightness ${s.brightness}` : power;
}

/** `{power_on:false, switch_lock:false}`: the request as a reader writes it, in its field order. */
export function describePut(put: Record<string, unknown>): string {
  return `{${Object.entries(put)
    .map(([k, v]) => `${k}:${JSON.stringify(v)}`)
    .join(', ')}}`;
}
