// The clause → judge table: every MUST, SHOULD and MANUAL clause of both catalogues is judged by the table's pure
// judge (a clause added without one is named here, in STILL_IN_THEIR_SUITE, until it has one: the list is empty and
// stays so). A clause of the table is judged by no other code: every command's mention of it goes through the table.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { clausesOf } from '../../spec/catalogue.js';
import {
  ANSWER_JUDGES,
  CERTIFICATE_JUDGES,
  CONVERSATION_JUDGES,
  EVERY_ANSWER_JUDGES,
  OCCASION_JUDGES,
  READING_JUDGES,
  isAnswerClause,
  isOccasionClause,
  isTableClause,
} from './table.js';
import { SPOT_CLAUSES } from '../../soak/spot.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

const STILL_IN_THEIR_SUITE: Record<string, string[]> = {};

describe('the clause → judge table', () => {
  const judged = clausesOf(['spec', 'vendor']).filter((c) => c.level !== 'OBSERVE');

  test("every MUST, SHOULD and MANUAL clause is the table's", () => {
    const rest: Record<string, string[]> = {};
    for (const c of judged) if (!isTableClause(c.id)) (rest[c.area] ??= []).push(c.id);
    expect(rest).toEqual(STILL_IN_THEIR_SUITE);
    for (const id of [ANSWER_JUDGES, EVERY_ANSWER_JUDGES, OCCASION_JUDGES, CERTIFICATE_JUDGES, CONVERSATION_JUDGES, READING_JUDGES].flatMap(Object.keys))
      expect(judged.map((c) => c.id)).toContain(id);
  });

  test('the soak spot-checks clauses of the table only', () => {
    for (const { clause } of SPOT_CLAUSES) expect(isAnswerClause(clause)).toBe(true);
  });
});

/**
 * Where the commands' code names a clause of the table, and how: a table clause is judged through
 * answerClauseTest(s) / everyAnswerClauseTest / judgeAnswer / askFor / judgeOn / judgeCertificate / judgeHeard (the suites), `judged(…)`, `judgedOn(…)`
 * and `disagreementOf(…)` (the explorer's model) or the soak's typed spot list; any other mention
 * (an answer clause's clauseTest('MEAS-01', …), also('SOCK-01', …), fail(m, 'VER-02', …)) is a second judgment.
 */
const JUDGING_CODE = [
  ...readdirSync(path.join(ROOT, 'suites'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `suites/${f}`),
  ...['lib/soak', 'lib/explore', 'lib/meeting', 'lib/runner', 'lib/press', 'lib/certify'].flatMap((d) =>
    readdirSync(path.join(ROOT, d), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
      .map((f) => `${d}/${f}`),
  ),
  'lib/judge/device/explore-model.ts',
  'lib/judge/device/explore-judge.ts',
];
const THROUGH_THE_TABLE =
  /(answerClauseTest|everyAnswerClauseTest|judgeAnswer|askFor|disagreementOf)\(\s*$|(answerClauseTests|judgeOn|judgedOn|noteOn|expectRow|judgeCertificate|judgeHeard|judgeReadings)\([^()]*$|judged\([^()]*,\s*$/;
/**
 * Naming a table clause without judging it: the soak's typed spot list; in the suites a row's clause and title
 * (`clause: 'VER-01'`, `rowTitle('VER-01', …)`, `endpointRows('VER-01', …)`, the users' `named('NAME-01', …)`), whose check then judges through the
 * table, the check of an occasion clause (`clauseTest('PAIR-03', …)`), which arranges the occasion, and the clauses a
 * check judges besides its own (`also('SOCK-02', …)`, `ROW_ALSO`), through the table too, and the conversation a listening
 * WebSocket check starts ahead of it (`early('V-WS-03', …)`, suites/vendor/listeners.ts), which its check judges through the table; in the
 * explorer, which clause a step is about (NAMING).
 */
const ROW_NAMING = /(clause: ('[A-Z0-9-]+' \| )*|skips\[|rowTitle\(|endpointRows\(|named\(|also\(|also: \[.*|ROW_ALSO = \[.*|= early\()$/;
const NAMING: Record<string, RegExp> = {
  'lib/soak/spot.ts': /\{ clause: $/,
  // Which clause a poll is about (the occasion).
  'lib/judge/device/explore-model.ts': /^(export function pollClause\(|\s+return m\.afterCreation && sent === 1 \?)/,
  // The clause under which a step the device cut short is reported as an error (not a judgment).
  'lib/explore/explorer.ts': /brokenBy = .*\?\? $/,
};
/**
 * The runner's own checks (lib/runner/checks) and the meeting's reads: the outcome of a judgment made through the table recorded under its clause
 * (`runnerCheck(context, 'DEL-05', …)`, a skip `{ clause: 'DEL-05', status: 'skip' }`), a selection looked up (`skips['CLOUD-07']`),
 * the clause of a read (`clause: 'SOCK-01'`, judged by the `judge` beside it), a table keyed by clause (`'VER-01': [...]`).
 */
const RUNNER_NAMING = /(runnerCheck\(context,|skips\[|clause:( 'V-SYS-01' \|)?|vendorPart\('[^']*',|const ID =|new Set\(\[|\{ clause:)\s*$|^\s*$/;
function namingOnly(file: string, before: string): boolean {
  // A comparison with a clause routes (which clause a row or an outcome is): it judges nothing.
  if (/(===|!==) $/.test(before)) return true;
  if (NAMING[file]) return NAMING[file].test(before);
  if (file.startsWith('lib/meeting/') || file.startsWith('lib/runner/')) return RUNNER_NAMING.test(before);
  return file.startsWith('suites/') && (ROW_NAMING.test(before) || before === 'clauseTest(');
}

/** Source text with each call's arguments back on the line of its call, where the formatter broke them onto their own lines. */
const compact = (text: string) => text.replace(/\(\s*\n\s*/g, '(');

test.for(JUDGING_CODE)('%s names a clause of the table only to judge it through the table', (file) => {
  const text = compact(readFileSync(path.join(ROOT, file), 'utf8'));
  const wrong: string[] = [];
  for (const m of text.matchAll(/'([A-Z]+(?:-[A-Z]+)?-\d\d)'/g)) {
    if (!isTableClause(m[1]!)) continue;
    const before = text.slice(text.lastIndexOf('\n', m.index) + 1, m.index);
    if (!THROUGH_THE_TABLE.test(before) && !namingOnly(file, before)) wrong.push(`${m[1]} at «${before.trim()}»`);
  }
  expect(wrong).toEqual([]);
});

/** A suite's top-level statements: a check and its rows, each up to the next. */
const statements = (text: string) => text.split(/\n(?=[a-zA-Z])/);

// A check of a table clause written by hand (the occasion it arranges, a telegram awaited) holds the device to the
// table's judge, and to nothing else.
test.for(JUDGING_CODE.filter((f) => f.startsWith('suites/')))('%s: a check of a table clause judges only through the table', (file) => {
  const wrong = statements(compact(readFileSync(path.join(ROOT, file), 'utf8'))).flatMap((st) => {
    const named = [
      ...st.matchAll(/clauseTest\('([A-Z]+(?:-[A-Z]+)?-\d\d)'/g),
      ...[...st.matchAll(/clause: '([A-Z]+(?:-[A-Z]+)?-\d\d)'/g)].filter((m) => isOccasionClause(m[1]!)),
    ]
      .map((m) => m[1]!)
      .filter(isTableClause);
    if (named.length === 0 || !/^clause(Test|Rows)\(/.test(st)) return [];
    const other = st.match(/\bexpect\(/);
    return other || !/\b(judgeOn|judgeAnswer|expectRow|judgeCertificate|judgeHeard|judgeReadings)\(/.test(st)
      ? [`${named.join(', ')}: ${other ? other[0] : 'not judged through the table'}`]
      : [];
  });
  expect(wrong).toEqual([]);
});

// A clause of one answer needs no line in its suite (docs/adding-a-clause.md): the suite of every area that has such
// clauses checks them all with answerClauseTests('<area>'), naming only those it checks itself.
test('every area with clauses of one answer has a suite that checks them all (answerClauseTests)', () => {
  const suites = readdirSync(path.join(ROOT, 'suites'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => compact(readFileSync(path.join(ROOT, 'suites', f), 'utf8')))
    .join('\n');
  const areas = [
    ...new Set(
      clausesOf(['spec', 'vendor'])
        .filter((c) => isAnswerClause(c.id))
        .map((c) => c.area),
    ),
  ];
  expect(areas.filter((area) => !suites.includes(`answerClauseTests('${area}'`))).toEqual([]);
});
