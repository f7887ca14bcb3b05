import { describe, expect, test } from 'vitest';
import { clause } from './catalogue.js';
import { START_STATES, brightnessEdgeRows, matrixRequests, matrixRows, outOfRangeRows, permutationRows, wrongTypeRows } from './socket-matrix.js';
import { isConsistent, socketOutcome, type SocketState } from './socket-model.js';

const OFF: SocketState = { power_on: false, switch_lock: false, brightness: 100 };
const ON: SocketState = { power_on: true, switch_lock: false, brightness: 100 };
const LOCKED: SocketState = { power_on: true, switch_lock: true, brightness: 100 };

// The specification's table, row by row, written out by hand.
describe("the socket model follows the specification's table", () => {
  test.for([
    ['row 1: off, power_on true → on', OFF, { power_on: true }, { clause: 'SOCK-04', kind: 'state', state: ON }],
    ['row 2: on and unlocked, power_on false → off', ON, { power_on: false }, { clause: 'SOCK-05', kind: 'state', state: OFF }],
    ['row 3: unlocked and off, switch_lock true → locked and on', OFF, { switch_lock: true }, { clause: 'SOCK-06', kind: 'state', state: LOCKED }],
    ['row 3: unlocked and on, switch_lock true → locked and on', ON, { switch_lock: true }, { clause: 'SOCK-06', kind: 'state', state: LOCKED }],
    ['row 4: locked, switch_lock false → unlocked, still on', LOCKED, { switch_lock: false }, { clause: 'SOCK-07', kind: 'state', state: ON }],
    [
      'row 5: locked, power_on false with switch_lock false → off',
      LOCKED,
      { switch_lock: false, power_on: false },
      { clause: 'SOCK-08', kind: 'state', state: OFF },
    ],
    ['row 6: brightness stored', LOCKED, { brightness: 0 }, { clause: 'SOCK-09', kind: 'state', state: { ...LOCKED, brightness: 0 } }],
    ['row 7: power_on false with switch_lock true → unchanged', ON, { power_on: false, switch_lock: true }, { clause: 'SOCK-10', kind: 'unchanged' }],
    [
      'rows 7 and 6 together: power and lock unchanged, the brightness open',
      OFF,
      { power_on: false, switch_lock: true, brightness: 5 },
      { clause: 'SOCK-10', kind: 'unchanged', brightnessOpen: true },
    ],
  ] as const)('%s', ([, from, put, expected]) => {
    expect(socketOutcome(from, put)).toEqual(expected);
  });

  test('locked, power_on false alone is not specified (SOCK-13)', () => {
    expect(socketOutcome(LOCKED, { power_on: false })).toMatchObject({ clause: 'SOCK-13', kind: 'not-specified' });
    expect(socketOutcome(LOCKED, { power_on: false, brightness: 0 })).toMatchObject({ clause: 'SOCK-13', kind: 'not-specified' });
  });

  test('every outcome it gives is a consistent state holding the brightness sent', () => {
    for (const from of START_STATES) {
      for (const put of matrixRequests()) {
        const o = socketOutcome(from, put);
        if (o.kind !== 'state') continue;
        expect(isConsistent(o.state)).toBe(true);
        expect(o.state.brightness).toBe(put.brightness ?? from.brightness);
        if (put.switch_lock !== undefined) expect(o.state.switch_lock).toBe(put.switch_lock);
        if (put.power_on !== undefined) expect(o.state.power_on).toBe(put.power_on);
      }
    }
  });
});

describe('the socket matrix', () => {
  test('has every start state × every request of the three fields (3 × 36 rows)', () => {
    expect(matrixRows()).toHaveLength(108);
    expect(new Set(matrixRows().map((r) => r.title)).size).toBe(108);
  });

  test('covers every transition clause, and names its rows plainly', () => {
    const clauses = new Set(matrixRows().map((r) => r.clause));
    expect([...clauses].sort()).toEqual(['SOCK-04', 'SOCK-05', 'SOCK-06', 'SOCK-07', 'SOCK-08', 'SOCK-09', 'SOCK-10', 'SOCK-13', 'SOCK-14']);
    expect(matrixRows().map((r) => r.title)).toContain('SOCK-08 [MUST] locked on → PUT {power_on:false, switch_lock:false} → off, unlocked');
  });

  test('permutation rows change only the field order, never the expected outcome', () => {
    const rows = permutationRows();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.clause).toBe('SOCK-11');
      expect(Object.keys(row.put)).not.toEqual(['power_on', 'switch_lock', 'brightness'].filter((k) => k in row.put));
      expect(row.outcome).toEqual({ ...socketOutcome(row.from, row.put), clause: row.outcome.clause });
    }
  });

  test('the edge, out-of-range and wrong-type rows belong to their clauses', () => {
    expect(brightnessEdgeRows().map((r) => r.clause)).toEqual(['SOCK-09', 'SOCK-09']);
    expect(outOfRangeRows().map((r) => [r.clause, r.outcome.kind])).toEqual([
      ['SOCK-12', 'in-range'],
      ['SOCK-12', 'in-range'],
      ['SOCK-12', 'in-range'],
    ]);
    expect(wrongTypeRows().every((r) => r.clause === 'SOCK-15' && r.title.endsWith('→ a valid state'))).toBe(true);
    for (const r of [...matrixRows(), ...permutationRows()]) expect(r.title.startsWith(`${r.clause} [${clause(r.clause).level}] `)).toBe(true);
  });
});
