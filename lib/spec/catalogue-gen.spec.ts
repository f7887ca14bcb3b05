// One hand-written source per catalogue: each module of clause data is what `npm run catalogue` makes of its Markdown,
// and the Markdown's mistakes are said, not transcribed.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { CATALOGUE_SOURCES, catalogueModule, rowsOf } from './catalogue-gen.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

test.for(CATALOGUE_SOURCES.map((s) => [s.ts, s] as const))('%s is made from its Markdown (`npm run catalogue` writes it)', ([, source]) => {
  expect(read(source.ts)).toBe(catalogueModule(read(source.md), source));
  expect(rowsOf(read(source.md), source).length).toBeGreaterThan(30);
});

const SPEC = CATALOGUE_SOURCES[0]!;
test.for([
  ['a clause of an unknown prefix', '| ZAP-01 | MUST | v2 | x | y |', /ZAP-01 has a prefix of no area of this catalogue/],
  ['an ID written twice', '| INFO-01 | MUST | v2 | x | y |\n| INFO-01 | SHOULD | v2 | z | y |', /a clause ID is written twice/],
] as const)('%s is said, naming the file', ([, md, says]) => {
  expect(() => catalogueModule(md, SPEC)).toThrow(says);
});

test('a row as the Markdown writes it: its area from its prefix, its cells trimmed, a pipe inside the statement kept', () => {
  expect(rowsOf('| SOCK-02 | SHOULD | state |  PUT `{"a": 1}` answers a \\| b  | Resources |', SPEC)).toEqual([
    { id: 'SOCK-02', level: 'SHOULD', area: 'socket', gate: 'state', statement: 'PUT `{"a": 1}` answers a \\| b', where: 'Resources' },
  ]);
});
