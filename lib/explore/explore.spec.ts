// The explorer against the emulator: a clean device of every kind shows no disagreement; each fault only a
// sequence shows is found, shrunk to a handful of steps, under its clause, and the same seed replays it.
// One seed each here; the long sweeps (100 seeds a kind, 10 a fault) are `npm run explore-sweep`'s.
import { describe, expect, test } from 'vitest';
import { FAULTS } from '../emulator/faults.js';
import { KIND_IDS } from '../spec/kinds.js';
import { exploreEmulated } from '../testing/explore-device.js';
import { DEFAULT_BUDGET } from './budget.js';

const SEQUENCE_FAULTS = FAULTS.filter((f) => f.sequence);

describe.concurrent('a clean emulator', () => {
  test.for(KIND_IDS.map((k) => [k] as const))('%s: no disagreement, within the budget', async ([kind]) => {
    const { result } = await exploreEmulated(kind, [], 1);
    expect(result.finding, JSON.stringify(result.finding, null, 1)).toBeNull();
    expect(result.broken).toBeNull();
    expect(result.stoppedBy).toBeNull();
    expect(result.spent.requests).toBeLessThanOrEqual(DEFAULT_BUDGET.requests);
    expect(result.spent.presses).toBeLessThanOrEqual(DEFAULT_BUDGET.presses);
    expect(result.spent.steps).toBeGreaterThan(0);
  });
});

describe.concurrent('a fault only a sequence shows', () => {
  test.for(SEQUENCE_FAULTS.map((f) => [f.name, f] as const))('%s: found under its clause, shrunk, replayed by its seed', async ([name, fault]) => {
    const first = await exploreEmulated(fault.kind ?? 'p1dongle', [name], 7);
    const finding = first.result.finding;
    expect(finding?.clause, JSON.stringify(first.result, null, 1)).toBe(fault.clause);
    expect(finding!.sequence.length).toBeLessThanOrEqual(5);
    const again = await exploreEmulated(fault.kind ?? 'p1dongle', [name], 7);
    expect(again.result.finding?.sequence).toEqual(finding!.sequence);
    expect(again.result.spent).toEqual({ ...first.result.spent, seconds: again.result.spent.seconds });
  });
});
