// The scenario's plan: which phases it plays, and how long it takes at the least.
import { expect, test } from 'vitest';
import { PHASES } from '../spec/client-clause-types.js';
import { QUICK_PLAN, type ScenarioPlan, playedPhases, scenarioSeconds } from './scenario.js';

test.for([
  ['every phase where none are named', undefined, [...PHASES], 4 + 6 + 6 + 12 + 5 + 5 + 15 + 2 * 3],
  [
    "pairing first, whether named or not, then the named ones in the scenario's order",
    ['wrong-identity', 'steady'],
    ['pairing', 'steady', 'wrong-identity'],
    4 + 6 + 5 + 3,
  ],
  ["the revoked phase's press counted where it is played", ['revoked'], ['pairing', 'revoked'], 4 + 15 + 2 * 3],
] as const)('%s', ([, phases, played, seconds]) => {
  const plan: ScenarioPlan = { ...QUICK_PLAN, ...(phases ? { phases } : {}) };
  expect(playedPhases(plan)).toEqual(played);
  expect(scenarioSeconds(plan)).toBe(seconds);
});
