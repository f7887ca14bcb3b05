// What an exploration may cost a real device, and what it did cost.

export interface Budget {
  /** Sequences drawn (shrinking's come on top, within the other limits). */
  sequences: number;
  /** Steps at most in one sequence. */
  steps: number;
  requests: number;
  /** Times the relay may switch (power_on changes), steering included. */
  switches: number;
  /** Button presses (only with a press hook). */
  presses: number;
  seconds: number;
}

export type Spent = Budget;

export const DEFAULT_BUDGET: Budget = { sequences: 100, steps: 16, requests: 6000, switches: 600, presses: 200, seconds: 600 };

/** What one step or one reset cost. */
export type Cost = Pick<Budget, 'requests' | 'switches' | 'presses' | 'steps'>;

export function spentOn(spent: Spent, c: Cost): void {
  spent.requests += c.requests;
  spent.switches += c.switches;
  spent.presses += c.presses;
  spent.steps += c.steps;
}

/** The first limit reached, if any (sequences are fast-check's to count). */
export function overBudget(spent: Spent, budget: Budget, startedMs: number, nowMs = Date.now()): keyof Budget | null {
  if (spent.requests >= budget.requests) return 'requests';
  if (spent.switches >= budget.switches) return 'switches';
  if (nowMs - startedMs >= budget.seconds * 1000) return 'seconds';
  return null;
}

/** The budget in words, as the terminal and the reports print it. */
export const describeBudget = (b: Budget) =>
  `${b.sequences} sequences of up to ${b.steps} steps, at most ${b.requests} requests, ${b.switches} relay switches, ${b.presses} presses, ${b.seconds} s`;
