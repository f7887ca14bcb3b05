import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Fault } from '../emulator/fault-types.js';
import { clauseTest } from '../harness/clause-test.js';
import { clause, clauses, clausesOf } from './catalogue.js';
import { AREAS, CATALOGUES, GATES, parseGate } from './clause-types.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The project's own copy of the catalogue: what lib/spec transcribes. */
const OWN = path.join(ROOT, 'spec', 'clauses.md');

function rowsOf(file: string) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => /^\| ([A-Z]+-\d\d) \| (MUST|SHOULD|OBSERVE|MANUAL) \| ([^|]*) \| (.*) \| ([^|]*) \|$/.exec(l))
    .filter((m) => m !== null)
    .map((m) => ({ id: m[1], level: m[2], gate: m[3]!.trim(), statement: m[4]!.trim(), where: m[5]!.trim() }));
}

describe('the clause catalogue', () => {
  test('the data made from spec/clauses.md holds its rows, as a second reading of the Markdown finds them', () => {
    const rows = rowsOf(OWN);
    expect(rows.length).toBeGreaterThan(80);
    expect(clausesOf(['spec']).map(({ id, level, gate, statement, where }) => ({ id, level, gate, statement, where }))).toEqual(rows);
  });

  test('its revision is the one reports name', () => {
    expect(readFileSync(OWN, 'utf8')).toMatch(new RegExp(`^Revision ${CATALOGUES.spec.revision} `, 'm'));
  });

  test('has unique IDs, every area and every gate parses', () => {
    expect(new Set(clauses.map((c) => c.id)).size).toBe(clauses.length);
    expect(new Set(clauses.map((c) => c.area))).toEqual(new Set(AREAS));
    // An area belongs to one profile: `--suite` never mixes them.
    for (const area of AREAS) expect(new Set(clauses.filter((c) => c.area === area).map((c) => c.profile)).size).toBe(1);
    for (const c of clauses) {
      const g = parseGate(c.gate);
      for (const gate of [...g.all, ...g.any, ...g.none]) expect(GATES).toContain(gate);
    }
  });

  test('parses the three gate forms', () => {
    expect(parseGate('v2, users, press')).toEqual({ all: ['v2', 'users', 'press'], any: [], none: [] });
    expect(parseGate('state or system')).toEqual({ all: [], any: ['state', 'system'], none: [] });
    expect(parseGate('not state')).toEqual({ all: [], any: [], none: ['state'] });
    expect(parseGate('—')).toEqual({ all: [], any: [], none: [] });
    expect(() => parseGate('v3')).toThrow(/unknown gate/);
  });

  // `npm test` runs tsc first: where a misspelt ID compiled, each `@ts-expect-error` below would be unused, and fail it.
  test('a misspelt clause ID does not compile, in a lookup, a check or a fault', () => {
    // @ts-expect-error VER-99 is not in the catalogue
    expect(() => clause('VER-99')).toThrow(/no clause VER-99 in the catalogue/);
    const neverCalled = () => {
      // @ts-expect-error a lowercase ID is not one
      clauseTest('ver-04', async () => undefined);
    };
    // @ts-expect-error AUTH-10 is not in the catalogue
    const fault: Fault = { name: 'x', clause: 'AUTH-10', says: 'x' };
    expect([typeof neverCalled, fault.name]).toEqual(['function', 'x']);
  });
});
