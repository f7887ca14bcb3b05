// What a soak keeps of its requests: per interval and endpoint, latency percentiles, errors by kind and
// the connections opened; and the reboots it saw. Memory is bounded by the interval, not the duration:
// the current interval's latencies are kept raw until it closes, every closed one as a few numbers.
// Pure: times are milliseconds from the soak's start, handed in by the caller.

import {
  type Absence,
  type EndpointInterval,
  type ErrorCounts,
  type ErrorKind,
  type Reboot,
  type SoakFacts,
  type SoakInterval,
  endpointsOf,
  noErrors,
  summed,
  tenthsOfSecond as tenths,
} from '../report/soak-facts.js';
import { FreshnessTracker } from './freshness.js';
import { StreamTracker } from './streams.js';

export interface Sample {
  at: number;
  endpoint: string;
  ms: number;
  error: ErrorKind | null;
  /** uptime_s, where the answer told it. */
  uptimeS?: number;
  /** The body of an answered measurement, for its freshness (not kept). */
  reading?: unknown;
}

/** How far an uptime may fall behind the time that passed before it counts as a restart. */
export const UPTIME_SLACK_S = 2;
/** A run of failures with no answer between them shorter than this is not an absence. */
export const ABSENCE_MS = 2_000;

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface Open {
  requests: number;
  latencies: number[];
  errors: ErrorCounts;
}

export class SoakRecord {
  readonly closed: SoakInterval[] = [];
  readonly reboots: Reboot[] = [];
  readonly absences: Absence[] = [];
  readonly freshness = new FreshnessTracker();
  readonly streams = new StreamTracker();
  private open = new Map<string, Open>();
  private connections = 0;
  private from = 0;
  private lastUptime: { at: number; s: number } | null = null;
  private lastAnswer = 0;
  private failingSince: number | null = null;
  /** Whether the device tells its uptime: absences are then not counted as reboots. */
  private uptimeTold = false;

  constructor(
    readonly intervalMs: number,
    private readonly endpoints: readonly string[],
  ) {}

  add(s: Sample): void {
    this.roll(s.at);
    const o = this.open.get(s.endpoint) ?? { requests: 0, latencies: [], errors: noErrors() };
    this.open.set(s.endpoint, o);
    o.requests += 1;
    if (s.error) {
      o.errors[s.error] += 1;
      // Refused, reset or no answer: the device may be away. A bad answer is an answer.
      if (s.error !== 'bad answer') {
        this.failingSince ??= s.at;
        return;
      }
    } else o.latencies.push(s.ms);
    this.answered(s.at);
    if (s.uptimeS !== undefined) this.uptime(s.at, s.uptimeS);
    // A reading belongs to the time its answer came: a request that waited long must not date it back.
    if (s.reading !== undefined && !s.error) this.freshness.add(s.endpoint, s.at + s.ms, s.reading);
  }

  connection(at: number): void {
    this.roll(at);
    this.connections += 1;
  }

  /** Closes every interval that ended by `at` (the caller's clock: also with no request at all). */
  roll(at: number): void {
    while (at >= this.from + this.intervalMs) this.close(this.from + this.intervalMs);
  }

  /** The last, partial interval closed at `at`, for the reports; an absence still under way counted to it. */
  finish(at: number): void {
    this.roll(at);
    if (at > this.from) this.close(at);
    if (this.failingSince !== null && at - this.lastAnswer >= ABSENCE_MS)
      this.absences.push({ from: this.lastAnswer / 1000, awayS: tenths(at - this.lastAnswer), ongoing: true });
  }

  /** SOAK-04's and SOAK-05's evidence as the facts keep it: what told the data's age, the streams of `clients` WebSocket integrations. */
  seen(clients: number): Required<Pick<SoakFacts, 'freshness' | 'streams'>> {
    return {
      freshness: { signals: this.freshness.signals, longest: this.freshness.longest },
      streams: { clients, opened: this.streams.opened, messages: this.streams.messages, longest: this.streams.longest },
    };
  }

  /** Every request and error so far, of the closed intervals and the open one. */
  soFar(): { requests: number; errors: ErrorCounts } {
    return summed([...endpointsOf(this.closed), ...this.open.values()]);
  }

  private answered(at: number): void {
    if (this.failingSince !== null && at - this.lastAnswer >= ABSENCE_MS) {
      this.absences.push({ from: this.lastAnswer / 1000, awayS: tenths(at - this.lastAnswer), ongoing: false });
      if (!this.uptimeTold) this.reboots.push({ at: at / 1000, how: 'absence', awayS: tenths(at - this.lastAnswer) });
    }
    this.failingSince = null;
    this.lastAnswer = at;
  }

  private uptime(at: number, s: number): void {
    this.uptimeTold = true;
    const last = this.lastUptime;
    // A restart: the uptime is behind what it should read by now (two seconds allowed for rounding and latency).
    if (last && s < last.s + (at - last.at) / 1000 - UPTIME_SLACK_S) this.reboots.push({ at: Math.max(0, Math.round(at / 100 - s * 10) / 10), how: 'uptime' });
    this.lastUptime = { at, s };
  }

  private close(to: number): void {
    const endpoints: Record<string, EndpointInterval> = {};
    for (const name of this.endpoints) {
      const o = this.open.get(name) ?? { requests: 0, latencies: [], errors: noErrors() };
      const sorted = o.latencies.sort((a, b) => a - b);
      const round = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
      endpoints[name] = {
        requests: o.requests,
        p50: round(percentile(sorted, 50)),
        p90: round(percentile(sorted, 90)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted.length ? sorted[sorted.length - 1]! : null),
        errors: o.errors,
      };
    }
    this.closed.push({
      from: this.from / 1000,
      to: to / 1000,
      endpoints,
      connections: this.connections,
      staleS: this.freshness.closeInterval(),
      stallS: this.streams.closeInterval(to),
    });
    this.open = new Map();
    this.connections = 0;
    this.from = to;
  }
}
