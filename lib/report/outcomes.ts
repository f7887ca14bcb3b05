// A run's outcomes as a map: a clause's status, and the status of each of its rows by title. What
// `compare` (two runs) and `BENCH_REPEAT` (many runs of one target) set side by side.
import type { CheckResult } from './results.js';

export type OutcomeChecks = readonly Pick<CheckResult, 'clause' | 'title' | 'status' | 'rows'>[];

/**
 * key -> status. Rows of one clause may share a title (SOCK-02 judges the state after every step, and
 * steps repeat): such a key's outcome is their statuses, sorted, joined by '+'. `labels` gets each key's label.
 */
export function outcomesOf(checks: OutcomeChecks, labels: Map<string, string>): Map<string, string> {
  const statuses = new Map<string, string[]>();
  const add = (key: string, label: string, status: string) => {
    if (!labels.has(key)) labels.set(key, label);
    statuses.set(key, [...(statuses.get(key) ?? []), status]);
  };
  for (const c of checks) {
    add(c.clause, c.title, c.status);
    for (const row of c.rows ?? []) {
      const key = `${c.clause} › ${row.title}`;
      add(key, key, row.status);
    }
  }
  return new Map([...statuses].map(([key, s]) => [key, s.sort().join('+')]));
}
