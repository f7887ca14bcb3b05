// A soak in the result model (results.json's `soak`): the series per interval and endpoint, the reboots seen,
// the thresholds it was judged against and what it cost. lib/soak writes it; the reports read it.

export const ERROR_KINDS = ['refused', 'reset', 'timeout', 'bad answer', 'other'] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];
export type ErrorCounts = Record<ErrorKind, number>;

export interface EndpointInterval {
  requests: number;
  /** Latency percentiles of the answered requests, in ms (null where none was answered). */
  p50: number | null;
  p90: number | null;
  p99: number | null;
  max: number | null;
  errors: ErrorCounts;
}

export interface SoakInterval {
  /** Seconds from the start. */
  from: number;
  to: number;
  endpoints: Record<string, EndpointInterval>;
  /** Connections the integrations opened in it. */
  connections: number;
  /** SOAK-04: the longest a measurement stood still while answered in it, in s (null: no reading told its age). */
  staleS?: number | null;
  /** SOAK-05: the longest an open WebSocket stayed silent in it, in s (null: none was open). */
  stallS?: number | null;
}

/** An absence: every request failing from `from` for `awayS` seconds, then one answered (or the soak over first). */
export interface Absence {
  from: number;
  awayS: number;
  ongoing: boolean;
}

export interface Reboot {
  /** Seconds from the start: when the device started again (by its uptime), or when it answered again after an absence. */
  at: number;
  /** `uptime`: GET /api/system's uptime_s went back; `absence`: every request failed, then one was answered. */
  how: 'uptime' | 'absence';
  /** For an absence: how long no request was answered, in s. */
  awayS?: number;
}

export interface Thresholds {
  /** Errors of every kind together, as a percentage of the requests. */
  maxErrorPercent: number;
  maxReboots: number;
  /** The p99 latency of each endpoint in each interval, in ms. */
  maxP99Ms: number;
  /** SOAK-04: how long a measurement may stand still while answered, in s; null where the kind tells no age (freshness.ts). */
  maxStaleS?: number | null;
  /** SOAK-05: how long an open WebSocket may stay silent, in s. */
  maxStallS?: number;
}

export interface SoakFacts {
  /** The duration asked for and the time it ran, in s. */
  askedS: number;
  ranS: number;
  stoppedBy: 'duration' | 'interrupted';
  clients: number;
  pollMs: number;
  intervalS: number;
  checkEveryS: number;
  /** Spot checks made (occasions, each of every chosen clause). */
  spotChecks: number;
  endpoints: string[];
  thresholds: Thresholds;
  intervals: SoakInterval[];
  reboots: Reboot[];
  totals: { requests: number; errors: ErrorCounts; connections: number };
  /** SOAK-04: what told each measurement's age, and the longest standstill. */
  freshness?: { signals: Record<string, 'timestamp' | 'values'>; longest: { endpoint: string; fromS: number; toS: number; staleS: number } | null };
  /** SOAK-05: the WebSocket integrations, the sockets they opened (reconnections included), the messages and the longest silence. */
  streams?: {
    clients: number;
    opened: number;
    messages: number;
    longest: { client: number; fromS: number; toS: number; stallS: number; ongoing: boolean } | null;
  };
  /** The device's absences as the polls saw them: each, the longest, and how many an hour. */
  availability?: { absences: Absence[]; longestS: number; perHour: number };
}

/** Milliseconds as the soak's facts write seconds: to a tenth. */
export const tenthsOfSecond = (ms: number): number => Math.round(ms / 100) / 10;

export const noErrors = (): ErrorCounts => ({ refused: 0, reset: 0, timeout: 0, 'bad answer': 0, other: 0 });

/** The errors of every kind together. */
export const errorCount = (e: ErrorCounts): number => ERROR_KINDS.reduce((n, k) => n + e[k], 0);

/** Every endpoint's figures of every interval. */
export const endpointsOf = (intervals: readonly SoakInterval[]): EndpointInterval[] => intervals.flatMap((i) => Object.values(i.endpoints));

/** The requests and the errors by kind of these figures together (an interval's endpoints, a soak's, an endpoint's intervals). */
export function summed(figures: Iterable<{ requests: number; errors: ErrorCounts }>): { requests: number; errors: ErrorCounts } {
  const out = { requests: 0, errors: noErrors() };
  for (const f of figures) {
    out.requests += f.requests;
    for (const k of ERROR_KINDS) out.errors[k] += f.errors[k];
  }
  return out;
}
