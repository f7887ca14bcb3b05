// The soak's verdict against its stated thresholds (each a flag with a documented default): errors within
// a budget, no reboot beyond the allowed, every interval's p99 latency under a bound. Pure.
import { ERROR_KINDS, type ErrorCounts, type Reboot, type SoakInterval, type Thresholds, endpointsOf, errorCount, summed } from '../report/soak-facts.js';

export type { Thresholds };

export const DEFAULT_THRESHOLDS: Thresholds = { maxErrorPercent: 0.1, maxReboots: 0, maxP99Ms: 1000 };

/** The soak's thresholds as checks of its reports: errors, reboots, latency. */
export type ThresholdId = 'SOAK-01' | 'SOAK-02' | 'SOAK-03';

export interface ThresholdOutcome {
  id: ThresholdId;
  statement: string;
  held: boolean;
  /** What was seen, in words: the figure against the bound, and where it first broke. */
  seen: string;
}

/** `01:02:05`: seconds from the soak's start as a clock reads. */
export const soakClock = (s: number) => `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
export const errorsText = (e: ErrorCounts) => ERROR_KINDS.filter((k) => e[k] > 0).map((k) => `${e[k]} ${k}`).join(', ') || 'none';

export function judgeSoak(intervals: readonly SoakInterval[], reboots: readonly Reboot[], t: Thresholds): ThresholdOutcome[] {
  const { requests, errors } = summed(endpointsOf(intervals));
  const count = errorCount(errors);
  const percent = requests ? (100 * count) / requests : 0;
  const firstError = intervals.find((i) => Object.values(i.endpoints).some((e) => errorCount(e.errors) > 0));
  const slow = intervals.flatMap((i) => Object.entries(i.endpoints).filter(([, e]) => e.p99 !== null && e.p99 > t.maxP99Ms).map(([name, e]) => ({ i, name, p99: e.p99! })));
  const worst = intervals.flatMap((i) => Object.values(i.endpoints).map((e) => e.p99 ?? 0)).reduce((a, b) => Math.max(a, b), 0);
  return [
    { id: 'SOAK-01', statement: `Errors stay within ${t.maxErrorPercent}% of the requests (--max-error-percent)`, held: percent <= t.maxErrorPercent,
      seen: `${count} errors in ${requests} requests (${percent.toFixed(3)}%): ${errorsText(errors)}${firstError ? `; the first in ${soakClock(firstError.from)}–${soakClock(firstError.to)}` : ''}` },
    { id: 'SOAK-02', statement: `The device reboots at most ${t.maxReboots} times (--max-reboots)`, held: reboots.length <= t.maxReboots,
      seen: reboots.length ? `${reboots.length} reboot${reboots.length === 1 ? '' : 's'}: ${reboots.map((r) => `at ${soakClock(r.at)} (${r.how === 'uptime' ? 'uptime_s restarted' : `no answer for ${r.awayS} s`})`).join(', ')}` : 'no reboot' },
    { id: 'SOAK-03', statement: `Every endpoint's p99 latency stays under ${t.maxP99Ms} ms in every interval (--max-p99)`, held: slow.length === 0,
      seen: slow.length ? `${slow.length} interval${slow.length === 1 ? '' : 's'} over the bound, the first ${slow[0]!.name} at ${soakClock(slow[0]!.i.from)}–${soakClock(slow[0]!.i.to)}: p99 ${slow[0]!.p99} ms`
        : `the highest p99 of any interval ${worst} ms` },
  ];
}

