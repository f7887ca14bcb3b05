import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { clauses } from '../spec/catalogue.js';
import { AREAS } from '../spec/clause-types.js';
import { PACKAGE_ROOT } from './package-root.js';
import { JUDGED_ALSO_IN, suiteAreas } from './suite-areas.js';

const SPEC_AREAS = [...new Set(clauses.filter((c) => c.profile === 'spec').map((c) => c.area))];

describe('the areas a run loads', () => {
  test.for([
    ['--suite as given, with or without --clause', { suites: ['tls', 'users'], clauses: ['VER-04'] }, ['tls', 'users']],
    ['a clause alone: its area', { clauses: ['INFO-01'] }, ['info']],
    ['clauses of two areas: both', { clauses: ['LIST-03', 'AUTH-03'] }, ['auth', 'users']],
    ['a clause judged in another area too: that area as well', { clauses: ['VER-01'] }, ['versioning', 'users']],
    ['a state its own requests alone change: the areas whose checks write elsewhere as well', { clauses: ['SOCK-18'] }, ['socket', 'users', 'cloud']],
    ['no selection: every area of the profile', {}, SPEC_AREAS],
    ['a clause of no catalogue chosen: every area, as before (the run says what it cannot judge)', { clauses: ['V-TEL-03'] }, SPEC_AREAS],
  ] as const)('%s', ([, o, areas]) => {
    expect(suiteAreas({ profiles: ['spec'], ...o })).toEqual(areas);
  });

  test("the vendor profile: V-TEL-03 alone loads its area and the reboot's", () => {
    expect(suiteAreas({ profiles: ['vendor'], clauses: ['V-TEL-03'] })).toEqual(['vendor-telegram', 'vendor-system']);
  });
});

/** The clause IDs a suite file names, and those of the modules of its own it imports (suites/<area>/). */
function named(file: string, seen = new Set<string>()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  const own = [...source.matchAll(/from '(\.\/[^']+)\.js'/g)].map((m) => path.resolve(path.dirname(file), `${m[1]}.ts`));
  return [...[...source.matchAll(/'((?:[A-Z]+-)+\d\d)'/g)].map((m) => m[1]!), ...own.flatMap((f) => named(f, seen))];
}

test('JUDGED_ALSO_IN is what the suites name: every clause a suite file names of another area, and nothing more', () => {
  const areaOf = new Map<string, string>(clauses.map((c) => [c.id, c.area]));
  const suites = path.join(PACKAGE_ROOT, 'suites');
  const across: Record<string, string[]> = {};
  for (const file of readdirSync(suites).filter((f) => f.endsWith('.test.ts'))) {
    // As openSuites loads them: <area>.test.ts and <area>-*.test.ts, the longest area that fits.
    const area = AREAS.filter((a) => file === `${a}.test.ts` || file.startsWith(`${a}-`)).sort((a, b) => b.length - a.length)[0]!;
    for (const id of new Set(named(path.join(suites, file)))) {
      if (areaOf.has(id) && areaOf.get(id) !== area) (across[id] ??= []).push(area);
    }
  }
  expect(Object.keys(across).length).toBeGreaterThan(0);
  expect(across).toEqual(Object.fromEntries(Object.entries(JUDGED_ALSO_IN).map(([id, areas]) => [id, [...areas]])));
});
