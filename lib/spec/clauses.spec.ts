import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { clauses } from './catalogue.js';
import { AREAS, GATES, parseGate } from './clause-types.js';

const SHARED = path.resolve(import.meta.dirname, '..', '..', '..', 'shared', 'spec', 'clauses.md');

describe('the clause catalogue', () => {
  test.skipIf(!existsSync(SHARED))('equals spec/clauses.md row for row', () => {
    const rows = readFileSync(SHARED, 'utf8').split('\n')
      .map((l) => /^\| ([A-Z]+-\d\d) \| (MUST|SHOULD|OBSERVE|MANUAL) \| ([^|]*) \| (.*) \| ([^|]*) \|$/.exec(l))
      .filter((m) => m !== null)
      .map((m) => ({ id: m[1], level: m[2], gate: m[3]!.trim(), statement: m[4]!.trim(), where: m[5]!.trim() }));
    expect(rows.length).toBeGreaterThan(80);
    expect(clauses.map(({ id, level, gate, statement, where }) => ({ id, level, gate, statement, where }))).toEqual(rows);
  });

  test('has unique IDs, every area and every gate parses', () => {
    expect(new Set(clauses.map((c) => c.id)).size).toBe(clauses.length);
    expect(new Set(clauses.map((c) => c.area))).toEqual(new Set(AREAS));
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
});
