// SOAK-04's evidence: how long a measurement stood still while the device kept answering 200 (a meter that
// still accepts connections but delivers no changes). What tells a reading's age is, in order, the body's own
// `timestamp` (the v2 measurement has it), else the values that move on a live device whatever its load (the
// voltages and the frequency of the grid); a body with neither (a watermeter while no water flows, a socket that
// tells no voltage) cannot be told frozen from idle, and is not judged. Pure: times in ms from the soak's start.

import type { KindId } from '../spec/kinds.js';
import { tenthsOfSecond } from '../report/soak-facts.js';

export type FreshnessSignal = 'timestamp' | 'values';

/** Fields that move on a live device whatever its load: the grid's voltages and frequency, as v1 and v2 name them. */
const MOVING = /^(active_)?(voltage(_l[1-3])?_v|frequency_hz)$/;

/** What a body says of its age: the signal and a key that changes when the reading does; null where it says nothing. */
export function freshnessKey(body: unknown): { signal: FreshnessSignal; key: string } | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  if (typeof b.timestamp === 'string' || typeof b.timestamp === 'number') return { signal: 'timestamp', key: String(b.timestamp) };
  const moving = Object.keys(b)
    .filter((k) => MOVING.test(k) && typeof b[k] === 'number')
    .sort();
  return moving.length ? { signal: 'values', key: moving.map((k) => `${k}=${String(b[k])}`).join(',') } : null;
}

/**
 * --max-stale by kind, in s, and why; null: the kind's readings tell no age (not judged unless --max-stale is given,
 * and even then only where a body carries a signal).
 */
export const STALE_DEFAULTS: Record<KindId, { s: number | null; why: string }> = {
  p1dongle: { s: 30, why: 'a DSMR 4 meter sends a telegram every 10 s (DSMR 5 every second): three missed' },
  energysocket: { s: 30, why: 'measures every second; its voltage moves whatever the load' },
  energymeter: { s: 30, why: 'measures every second; its voltages move whatever the load' },
  battery: { s: 30, why: 'measures every second; its voltage moves whatever it charges' },
  watermeter: { s: null, why: 'its values stand still while no water flows, and it tells no timestamp' },
  display: { s: null, why: 'it serves no measurement' },
};

export interface Stale {
  endpoint: string;
  fromS: number;
  toS: number;
  staleS: number;
}

/** Per endpoint, the reading last seen and since when; the longest standstill so far, and the longest of the open interval. */
export class FreshnessTracker {
  readonly signals: Record<string, FreshnessSignal> = {};
  longest: Stale | null = null;
  /** The longest standstill seen in the interval under way (ms), null while no reading with a signal came. */
  intervalMs: number | null = null;
  private last = new Map<string, { key: string; since: number }>();

  /** An answered reading of `endpoint`, its answer come at `at`. */
  add(endpoint: string, at: number, body: unknown): void {
    const k = freshnessKey(body);
    if (!k) return;
    this.signals[endpoint] ??= k.signal;
    const last = this.last.get(endpoint);
    if (!last || last.key !== k.key) {
      // A reading answered late may carry the key before: it counts as a change too, never as a standstill.
      this.last.set(endpoint, { key: k.key, since: at });
      this.intervalMs ??= 0;
      return;
    }
    const stood = Math.max(0, at - last.since);
    this.intervalMs = Math.max(this.intervalMs ?? 0, stood);
    if (!this.longest || stood / 1000 > this.longest.staleS) {
      this.longest = { endpoint, fromS: last.since / 1000, toS: at / 1000, staleS: tenthsOfSecond(stood) };
    }
  }

  /** The interval's figure (s), and a new interval begun. */
  closeInterval(): number | null {
    const s = this.intervalMs === null ? null : tenthsOfSecond(this.intervalMs);
    this.intervalMs = null;
    return s;
  }
}
