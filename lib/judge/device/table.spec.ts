// The clause → judge table: every MUST and SHOULD clause of both catalogues is either judged by the table's
// pure judge or named below as still judged inside its suite's check (that list only shrinks: moving a
// clause to the table means taking it out of the list). A clause of the table is judged by no other code:
// every command's mention of it goes through the table.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { clausesOf } from '../../spec/catalogue.js';
import { ANSWER_JUDGES, EVERY_ANSWER_JUDGES, isAnswerClause, isJudgedClause } from './table.js';
import { SPOT_CLAUSES } from '../../soak/spot.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

const STILL_IN_THEIR_SUITE: Record<string, string[]> = {
  versioning: ['VER-04', 'VER-05', 'VER-06', 'VER-08', 'VER-10'],
  auth: ['AUTH-02', 'AUTH-03', 'AUTH-04', 'AUTH-05', 'AUTH-06', 'AUTH-08', 'AUTH-09'],
  users: ['PAIR-01', 'PAIR-02', 'PAIR-03', 'PAIR-04', 'PAIR-05', 'PAIR-06', 'PAIR-07', 'PAIR-08', 'PAIR-09', 'PAIR-10', 'PAIR-11', 'PAIR-12',
    'NAME-01', 'NAME-02', 'NAME-03', 'NAME-04', 'NAME-05', 'NAME-06', 'NAME-07', 'NAME-08',
    'LIST-01', 'LIST-02', 'LIST-03', 'LIST-04', 'LIST-05', 'DEL-01', 'DEL-02', 'DEL-03', 'DEL-04', 'DEL-05'],
  socket: ['SOCK-02', 'SOCK-03', 'SOCK-04', 'SOCK-05', 'SOCK-06', 'SOCK-07', 'SOCK-08', 'SOCK-09', 'SOCK-10', 'SOCK-11', 'SOCK-12', 'SOCK-15', 'SOCK-16', 'SOCK-17'],
  cloud: ['CLOUD-02', 'CLOUD-03', 'CLOUD-04', 'CLOUD-06', 'CLOUD-07'],
  tls: ['TLS-01', 'TLS-02', 'TLS-03'],
  kind: ['KIND-01', 'KIND-02'],
  'vendor-system': ['V-SYS-01', 'V-SYS-02', 'V-SYS-03', 'V-SYS-04', 'V-SYS-05', 'V-SYS-06', 'V-SYS-07', 'V-SYS-09', 'V-SYS-10', 'V-SYS-11', 'V-SYS-12', 'V-SYS-13'],
  'vendor-telegram': ['V-TEL-01', 'V-TEL-02', 'V-TEL-03', 'V-TEL-05'],
  'vendor-batteries': ['V-BAT-01', 'V-BAT-02', 'V-BAT-03', 'V-BAT-04', 'V-BAT-05', 'V-BAT-06', 'V-BAT-07', 'V-BAT-08', 'V-BAT-09', 'V-BAT-11'],
  'vendor-websocket': ['V-WS-01', 'V-WS-02', 'V-WS-03', 'V-WS-04', 'V-WS-05', 'V-WS-06', 'V-WS-07', 'V-WS-08', 'V-WS-09', 'V-WS-10', 'V-WS-11', 'V-WS-12', 'V-WS-13', 'V-WS-14'],
  'vendor-measurement': ['V-MEAS-01', 'V-MEAS-02', 'V-MEAS-03'],
};

describe('the clause → judge table', () => {
  const judged = clausesOf(['spec', 'vendor']).filter((c) => c.level !== 'OBSERVE');

  test('every MUST and SHOULD clause is the table\'s or still its suite\'s, never both, never neither', () => {
    const rest: Record<string, string[]> = {};
    for (const c of judged) if (!isJudgedClause(c.id)) (rest[c.area] ??= []).push(c.id);
    expect(rest).toEqual(STILL_IN_THEIR_SUITE);
    for (const id of [...Object.keys(ANSWER_JUDGES), ...Object.keys(EVERY_ANSWER_JUDGES)]) expect(judged.map((c) => c.id)).toContain(id);
  });

  test('the soak spot-checks clauses of the table only', () => {
    for (const { clause } of SPOT_CLAUSES) expect(isAnswerClause(clause)).toBe(true);
  });
});

/**
 * Where the commands' code names a clause of the table, and how: a table clause is judged through
 * answerClauseTest / everyAnswerClauseTest / judgeAnswer / askFor (the suites), `judged(…)` and `disagreementOf(…)` (the explorer's model) or the soak's
 * typed spot list; any other mention (clauseTest('MEAS-01', …), also('SOCK-01', …), fail(m, 'VER-02', …))
 * is a second judgment.
 */
const JUDGING_CODE = [
  ...readdirSync(path.join(ROOT, 'suites'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => `suites/${f}`),
  ...['lib/soak', 'lib/explore'].flatMap((d) => readdirSync(path.join(ROOT, d)).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts')).map((f) => `${d}/${f}`)),
  'lib/judge/device/explore-model.ts',
];
const THROUGH_THE_TABLE = /(answerClauseTest|everyAnswerClauseTest|judgeAnswer|askFor|disagreementOf)\(\s*$|judged\([^()]*,\s*$/;
/**
 * Naming a table clause without judging it: the soak's typed spot list, and in the suites a row's clause and title
 * (`clause: 'VER-01'`, `rowTitle('VER-01', …)`, `endpointRows('VER-01', …)`), whose check then judges through the table.
 */
const ROW_NAMING = /(clause: ('[A-Z0-9-]+' \| )?|rowTitle\(|endpointRows\()$/;
const namingOnly = (file: string, before: string) => (file === 'lib/soak/spot.ts' ? /\{ clause: $/.test(before) : file.startsWith('suites/') && ROW_NAMING.test(before));

test.for(JUDGING_CODE)('%s names a clause of the table only to judge it through the table', (file) => {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const wrong: string[] = [];
  for (const m of text.matchAll(/'([A-Z]+(?:-[A-Z]+)?-\d\d)'/g)) {
    if (!isJudgedClause(m[1]!)) continue;
    const before = text.slice(text.lastIndexOf('\n', m.index) + 1, m.index);
    if (!THROUGH_THE_TABLE.test(before) && !namingOnly(file, before)) wrong.push(`${m[1]} at «${before.trim()}»`);
  }
  expect(wrong).toEqual([]);
});
