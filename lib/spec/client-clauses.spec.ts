import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { CLIENT_AREAS, PHASES, parsePhases } from './client-clause-types.js';
import { clientClause, clientClauses } from './client-clauses.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The project's own copy of the client catalogue: what lib/spec transcribes. */
const OWN = path.join(ROOT, 'spec', 'client-clauses.md');

const AREA_OF: Record<string, string> = {
  AUTH: 'auth',
  PAIR: 'pair',
  TLS: 'tls',
  VER: 'versioning',
  LOAD: 'load',
  LIFE: 'life',
  BODY: 'body',
  SOCK: 'socket',
  CLOUD: 'cloud',
  WS: 'websocket',
  SYS: 'system',
  BAT: 'batteries',
};

function rowsOf(file: string) {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => /^\| (CL-[A-Z]+-\d\d) \| (MUST|SHOULD|OBSERVE) \| ([^|]*) \| (.*) \| ([^|]*) \|$/.exec(l))
    .filter((m) => m !== null)
    .map((m) => ({ id: m[1], level: m[2], phases: m[3]!.trim(), statement: m[4]!.trim(), where: m[5]!.trim() }));
}

describe('the client clause catalogue', () => {
  test('the data made from spec/client-clauses.md holds its 35 rows, as a second reading of the Markdown finds them', () => {
    const rows = rowsOf(OWN);
    expect(rows).toHaveLength(35);
    expect(clientClauses.map(({ id, level, phases, statement, where }) => ({ id, level, phases, statement, where }))).toEqual(rows);
  });

  test('its heading names revision 2, the one reports name', () => {
    expect(readFileSync(OWN, 'utf8')).toMatch(/^# Client clause catalogue \(revision 2\)/);
  });

  test('has unique IDs, twelve areas, each ID in its area, and every phase cell parses', () => {
    expect(new Set(clientClauses.map((c) => c.id)).size).toBe(clientClauses.length);
    expect(new Set(clientClauses.map((c) => c.area))).toEqual(new Set(CLIENT_AREAS));
    for (const c of clientClauses) {
      expect(c.area, c.id).toBe(AREA_OF[c.id.split('-')[1]!]);
      expect(parsePhases(c.phases).length, c.id).toBeGreaterThan(0);
    }
  });

  test("the phases: the catalogue's table, in order; `all` is every one; an unknown phase is an error", () => {
    const table = [...readFileSync(OWN, 'utf8').matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]);
    expect(table).toEqual([...PHASES]);
    expect(parsePhases('all')).toEqual([...PHASES]);
    expect(parsePhases('wrong-identity, foreign-ca')).toEqual(['wrong-identity', 'foreign-ca']);
    expect(() => parsePhases('steady, later')).toThrow(/unknown phase "later"/);
  });

  // `npm test` runs tsc first: where a misspelt ID compiled, the `@ts-expect-error` below would be unused, and fail it.
  test('a misspelt client clause ID does not compile', () => {
    // @ts-expect-error CL-AUTH-09 is not in the catalogue
    expect(() => clientClause('CL-AUTH-09')).toThrow(/no clause CL-AUTH-09 in the client catalogue/);
    expect(clientClause('CL-TLS-03').level).toBe('MUST');
  });
});
