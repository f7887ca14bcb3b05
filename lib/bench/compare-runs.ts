// `BENCH_REPEAT=N npm run bench`: what differs between N runs of the same target. An outcome is a
// clause's status, and the status of each of its rows by title; the order of rows, the number of
// requests and the messages (which carry timings) are not outcomes.
import { type OutcomeChecks, outcomesOf } from '../report/outcomes.js';

/** What the comparison reads of a run's results.json; `checks: null` for a run that wrote none. */
export interface ComparedRun {
  verdict: string;
  checks: OutcomeChecks | null;
}

/** An outcome that is not the same in every run: each outcome seen, with the number of runs that had it. */
export interface DifferingOutcome {
  key: string;
  label: string;
  seen: Record<string, number>;
}

export interface RunsComparison {
  /** Runs whose verdict is not the first run's. */
  verdictsDiffer: number;
  verdicts: Record<string, number>;
  /** Outcomes not the same in every run that wrote results: a run that wrote none differs in its verdict only. */
  outcomes: DifferingOutcome[];
}

const ABSENT = 'absent';

const tally = (values: readonly string[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
};

export function compareRuns(runs: readonly ComparedRun[]): RunsComparison {
  const labels = new Map<string, string>();
  const perRun = runs.flatMap((r) => (r.checks ? [outcomesOf(r.checks, labels)] : []));
  const outcomes = [...labels]
    .map(([key, label]) => ({ key, label, seen: tally(perRun.map((o) => o.get(key) ?? ABSENT)) }))
    .filter((o) => Object.keys(o.seen).length > 1);
  const first = runs[0]?.verdict;
  return { verdictsDiffer: runs.filter((r) => r.verdict !== first).length, verdicts: tally(runs.map((r) => r.verdict)), outcomes };
}

/** `pass ×19, error ×1`: the most frequent first. */
export function seenText(seen: Record<string, number>): string {
  return Object.entries(seen)
    .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
    .map(([s, n]) => `${s} ×${n}`)
    .join(', ');
}
