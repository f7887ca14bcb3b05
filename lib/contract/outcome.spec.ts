import { describe, expect, test } from 'vitest';
import { type Ending, type Weight, outcomeOf, alsoOutcomeOf, weightOf, messageOf, reasonNotToRun } from './outcome.js';

const MUST: Weight = { level: 'MUST', soft: false };
const SHOULD: Weight = { level: 'SHOULD', soft: true };
const WHY = 'the Energy socket\'s user/token capability is "In development"';
const DEVIATION: Weight = { level: 'MUST', soft: true, deviation: WHY };
const OBSERVE: Weight = { level: 'OBSERVE', soft: false };
const NOT_SELECTED: Weight = { ...MUST, notSelected: 'not selected (--clause SOCK-03)' };

const completed: Ending = { kind: 'completed', observed: { status: 404 } };
const violated: Ending = { kind: 'violated', message: 'expected 401; observed 200', expected: '401', observed: '200' };
const lost: Ending = { kind: 'broken', message: 'GET /api: the connection was reset', by: 'device' };
const mistaken: Ending = { kind: 'broken', message: 'x is undefined', by: 'suite' };

describe('the outcome of the clause a check is for (docs/design.md "Result model")', () => {
  test.for([
    ['a MUST that held passes', MUST, completed, { status: 'pass', message: '', observed: { status: 404 }, fails: false }],
    [
      'a MUST violated fails, and the test with it',
      MUST,
      violated,
      { status: 'fail', message: 'expected 401; observed 200', expected: '401', observed: '200', fails: true },
    ],
    ['a SHOULD violated warns', SHOULD, violated, { status: 'warn', expected: '401', observed: '200', fails: false }],
    [
      'a MUST under "In development" violated is a deviation, with its reason; the test does not fail',
      DEVIATION,
      violated,
      { status: 'deviation', message: 'expected 401; observed 200', expected: '401', deviation: WHY, fails: false },
    ],
    ['a MUST under "In development" that held passes', DEVIATION, completed, { status: 'pass', fails: false }],
    ['an OBSERVE clause records what it saw', OBSERVE, completed, { status: 'observation', observed: { status: 404 }, fails: false }],
    [
      'an OBSERVE clause "violated" is the check\'s own mistake',
      OBSERVE,
      violated,
      { status: 'error', message: 'the check itself failed: expected 401; observed 200', fails: false },
    ],
    ["a device lost mid-check is an error, in the device's words", MUST, lost, { status: 'error', message: 'GET /api: the connection was reset', fails: true }],
    ['a fault of the check is an error that says so', SHOULD, mistaken, { status: 'error', message: 'the check itself failed: x is undefined', fails: true }],
    [
      'a clause not selected is skipped, however its check went',
      NOT_SELECTED,
      violated,
      { status: 'skip', message: 'not selected (--clause SOCK-03)', fails: false },
    ],
    ['… and when it held', NOT_SELECTED, completed, { status: 'skip', fails: false }],
    ['… but a check that could not run is an error all the same', NOT_SELECTED, lost, { status: 'error', fails: true }],
  ] as const)('%s', ([, c, e, want]) => {
    expect(outcomeOf(c, e)).toMatchObject(want);
  });
});

describe('the outcome of a clause a check also judges on its exchanges', () => {
  test.for([
    ['held: a pass', MUST, completed, { status: 'pass', fails: false }],
    ['held, an OBSERVE clause: what it saw', OBSERVE, completed, { status: 'observation', observed: { status: 404 } }],
    ['violated: a failure', MUST, violated, { status: 'fail', expected: '401', fails: true }],
    ['violated, a SHOULD: a warning', SHOULD, violated, { status: 'warn', fails: false }],
    ['violated under "In development": a deviation, with its reason', DEVIATION, violated, { status: 'deviation', deviation: WHY, fails: false }],
  ] as const)('%s', ([, c, e, want]) => {
    expect(alsoOutcomeOf(c, e)).toMatchObject(want);
  });

  test.for([
    ['the check broke', MUST, lost],
    ['an OBSERVE clause "violated"', OBSERVE, violated],
  ] as const)('none where %s: the check itself ends with it', ([, c, e]) => {
    expect(alsoOutcomeOf(c, e)).toBeNull();
  });
});

describe('whether a check runs at all', () => {
  test.for([
    ['a condition it needs is not met', { condition: 'no token', planned: undefined, unselected: false, alsoSelected: 2 }, 'no token'],
    ['its clause is not selected and nothing it also judges is', { planned: 'not selected', unselected: true, alsoSelected: 0 }, 'not selected'],
    ['its clause is not selected but one it also judges is: it runs', { planned: 'not selected', unselected: true, alsoSelected: 1 }, undefined],
    ['all is well: it runs', { unselected: false, alsoSelected: 0 }, undefined],
    [
      "its clause's gate is not met (V-SYS-11 without --allow-reboot), though one it also judges is selected: it does not run",
      { planned: 'it reboots the device: run with --allow-reboot', unselected: false, alsoSelected: 1 },
      'it reboots the device: run with --allow-reboot',
    ],
    // Told by the plan, not by the reason's words: a gate's reason that begins as a selection's would is still a gate's.
    [
      "its clause's gate is not met, its reason worded as a selection's: it does not run",
      { planned: 'not selected by the kind table', unselected: false, alsoSelected: 1 },
      'not selected by the kind table',
    ],
    [
      'its clause is not reached by an exploration alone, but one it also judges is selected: it runs',
      { planned: 'not reached by the exploration', unselected: true, alsoSelected: 1 },
      undefined,
    ],
  ] as const)('%s', ([, o, want]) => {
    expect(reasonNotToRun(o)).toBe(want);
  });
});

describe("a record's message", () => {
  test.for([
    ["a row's message names the row", 'SOCK-04 [MUST] row 1', { status: 'fail', message: 'expected on' }, 'SOCK-04 [MUST] row 1: expected on'],
    ['an observation with nothing to say says what it saw', undefined, { status: 'observation', message: '', observed: { a: 1 } }, '{"a":1}'],
    ['a skip keeps its reason alone', 'SOCK-04 [MUST] row 1', { status: 'skip', message: 'not selected' }, 'not selected'],
    ['a pass says nothing', 'SOCK-04 [MUST] row 1', { status: 'pass', message: '' }, ''],
  ] as const)('%s', ([, row, v, want]) => {
    expect(messageOf(row, v)).toBe(want);
  });
});

test.for([
  ['a SHOULD is soft', 'INFO-05', {}, { level: 'SHOULD', soft: true }],
  ['a MUST is not', 'PAIR-03', {}, { level: 'MUST', soft: false }],
  ['a MUST under "In development" is, with its reason', 'PAIR-03', { 'PAIR-03': WHY }, { level: 'MUST', soft: true, deviation: WHY }],
  ['a SHOULD stays a SHOULD whatever the capability', 'INFO-05', { 'INFO-05': WHY }, { level: 'SHOULD', soft: true }],
] as const)('weightOf: %s', ([, id, deviations, want]) => {
  expect(weightOf(id, deviations)).toEqual(want);
});
