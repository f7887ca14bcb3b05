// The soak's verdict against its stated thresholds (each a flag with a documented default): errors within
// a budget, no reboot beyond the allowed, every interval's p99 latency under a bound, data that advances, push
// streams that do not stall. Pure.
import {
  ERROR_KINDS,
  type ErrorCounts,
  type Reboot,
  type SoakFacts,
  type SoakInterval,
  type Thresholds,
  endpointsOf,
  errorCount,
  summed,
} from '../report/soak-facts.js';

export type { Thresholds };

/** SOAK-05's bound: the measurement topic pushes about every second (every telegram, on a P1 meter). */
export const DEFAULT_MAX_STALL_S = 30;
export const DEFAULT_THRESHOLDS: Thresholds = { maxErrorPercent: 0.1, maxReboots: 0, maxP99Ms: 1000, maxStallS: DEFAULT_MAX_STALL_S };

/** The soak's thresholds as checks of its reports: errors, reboots, latency, freshness, stalls. */
export type ThresholdId = 'SOAK-01' | 'SOAK-02' | 'SOAK-03' | 'SOAK-04' | 'SOAK-05';

/** What SOAK-04 and SOAK-05 read beside the intervals; where the kind tells no age, why (freshness.ts STALE_DEFAULTS). */
export interface SoakSeen {
  freshness?: SoakFacts['freshness'];
  streams?: SoakFacts['streams'];
  staleWhy?: string;
  /** Why no WebSocket integration ran, where none did. */
  noStreamsWhy?: string;
}

export interface ThresholdOutcome {
  id: ThresholdId;
  statement: string;
  /** null: not judged (nothing to judge it on), `seen` says why. */
  held: boolean | null;
  /** What was seen, in words: the figure against the bound, and where it first broke. */
  seen: string;
}

/** `01:02:05`: seconds from the soak's start as a clock reads. */
export const soakClock = (s: number) =>
  `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
export const errorsText = (e: ErrorCounts) =>
  ERROR_KINDS.filter((k) => e[k] > 0)
    .map((k) => `${e[k]} ${k}`)
    .join(', ') || 'none';

export function judgeSoak(intervals: readonly SoakInterval[], reboots: readonly Reboot[], t: Thresholds, seen: SoakSeen = {}): ThresholdOutcome[] {
  const { requests, errors } = summed(endpointsOf(intervals));
  const count = errorCount(errors);
  const percent = requests ? (100 * count) / requests : 0;
  const firstError = intervals.find((i) => Object.values(i.endpoints).some((e) => errorCount(e.errors) > 0));
  const slow = intervals.flatMap((i) =>
    Object.entries(i.endpoints)
      .filter(([, e]) => e.p99 !== null && e.p99 > t.maxP99Ms)
      .map(([name, e]) => ({ i, name, p99: e.p99! })),
  );
  const worst = intervals.flatMap((i) => Object.values(i.endpoints).map((e) => e.p99 ?? 0)).reduce((a, b) => Math.max(a, b), 0);
  return [
    {
      id: 'SOAK-01',
      statement: `Errors stay within ${t.maxErrorPercent}% of the requests (--max-error-percent)`,
      held: percent <= t.maxErrorPercent,
      seen: `${count} errors in ${requests} requests (${percent.toFixed(3)}%): ${errorsText(errors)}${firstError ? `; the first in ${soakClock(firstError.from)}–${soakClock(firstError.to)}` : ''}`,
    },
    {
      id: 'SOAK-02',
      statement: `The device reboots at most ${t.maxReboots} times (--max-reboots)`,
      held: reboots.length <= t.maxReboots,
      seen: reboots.length
        ? `${reboots.length} reboot${reboots.length === 1 ? '' : 's'}: ${reboots.map((r) => `at ${soakClock(r.at)} (${r.how === 'uptime' ? 'uptime_s restarted' : `no answer for ${r.awayS} s`})`).join(', ')}`
        : 'no reboot',
    },
    {
      id: 'SOAK-03',
      statement: `Every endpoint's p99 latency stays under ${t.maxP99Ms} ms in every interval (--max-p99)`,
      held: slow.length === 0,
      seen: slow.length
        ? `${slow.length} interval${slow.length === 1 ? '' : 's'} over the bound, the first ${slow[0]!.name} at ${soakClock(slow[0]!.i.from)}–${soakClock(slow[0]!.i.to)}: p99 ${slow[0]!.p99} ms`
        : `the highest p99 of any interval ${worst} ms`,
    },
    freshnessOutcome(t, seen),
    stallOutcome(t, seen),
  ];
}

function freshnessOutcome(t: Thresholds, seen: SoakSeen): ThresholdOutcome {
  const bound = t.maxStaleS ?? null;
  const statement = `A measurement's own timestamp, or its values, advance within ${bound ?? '--max-stale'} s while the device answers (--max-stale)`;
  const signals = Object.entries(seen.freshness?.signals ?? {});
  if (bound === null) return { id: 'SOAK-04', statement, held: null, seen: `not judged: ${seen.staleWhy ?? 'no --max-stale for this kind'}` };
  if (!signals.length)
    return {
      id: 'SOAK-04',
      statement,
      held: null,
      seen: 'not judged: no answered measurement carried a timestamp or a voltage or frequency that moves by itself',
    };
  const by = signals.map(([e, s]) => `${e} by its ${s === 'timestamp' ? 'timestamp' : 'voltages and frequency'}`).join(', ');
  const longest = seen.freshness?.longest ?? null;
  if (longest && longest.staleS > bound) {
    return {
      id: 'SOAK-04',
      statement,
      held: false,
      seen: `${longest.endpoint} answered the same reading for ${longest.staleS} s, from ${soakClock(longest.fromS)} to ${soakClock(longest.toS)} (judged ${by})`,
    };
  }
  return { id: 'SOAK-04', statement, held: true, seen: `the longest standstill ${longest?.staleS ?? 0} s (judged ${by})` };
}

function stallOutcome(t: Thresholds, seen: SoakSeen): ThresholdOutcome {
  const bound = t.maxStallS ?? DEFAULT_MAX_STALL_S;
  const statement = `No WebSocket stays open without a message longer than ${bound} s (--max-stall)`;
  const s = seen.streams;
  if (!s?.clients) return { id: 'SOAK-05', statement, held: null, seen: `not judged: ${seen.noStreamsWhy ?? 'no WebSocket integration ran (--ws-clients 0)'}` };
  if (!s.opened) return { id: 'SOAK-05', statement, held: null, seen: `not judged: no WebSocket integration could open its socket (${s.clients} tried)` };
  const l = s.longest;
  if (l && l.stallS > bound) {
    return {
      id: 'SOAK-05',
      statement,
      held: false,
      seen:
        `WebSocket integration ${l.client + 1} heard nothing for ${l.stallS} s on an open socket, from ${soakClock(l.fromS)}` +
        ` ${l.ongoing ? 'to the end of the soak, still open' : `to ${soakClock(l.toS)}`}; ${s.messages} messages in all, ${s.opened} socket${s.opened === 1 ? '' : 's'} opened`,
    };
  }
  return {
    id: 'SOAK-05',
    statement,
    held: true,
    seen: `the longest silence ${l?.stallS ?? 0} s; ${s.messages} messages, ${s.opened} socket${s.opened === 1 ? '' : 's'} opened`,
  };
}
