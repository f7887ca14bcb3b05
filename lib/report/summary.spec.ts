import { expect, test } from 'vitest';
import { clauses } from '../spec/catalogue.js';
import { clauseTitle } from '../spec/clause-types.js';
import { type CheckResult, type RunResults, summarize } from './results.js';
import { summaryText } from './summary.js';

const checks: CheckResult[] = clauses.map((c) => ({
  clause: c.id,
  level: c.level,
  title: clauseTitle(c),
  area: c.area,
  status: c.id === 'INFO-03' ? 'fail' : c.area === 'info' ? 'pass' : 'skip',
  message: c.id === 'INFO-03' ? 'expected 2.0.0' : '',
  durationMs: 0,
  exchanges: [],
}));
const r: RunResults = {
  tool: { name: 'energy-conform', version: '0.1.0' },
  target: {
    host: '127.0.0.1',
    kind: 'p1dongle',
    product_type: 'HWE-P1',
    serial: '5c2fafaabbcc',
    firmware_version: '6.00',
    api_version: '2.0',
    certificate_sha256: null,
  },
  started: '',
  finished: '',
  durationMs: 1000,
  verdict: 'fail',
  summary: summarize(checks),
  presses: { count: 1, asked: 1, backend: null },
  requests: 7,
  socket: null,
  residue: [],
  notes: [],
  connections: 2,
  checks,
  strict: false,
  options: {},
};

test('grouped by area, with the failures under their area; plain unless colours are asked for', () => {
  const plain = summaryText(r, 'out');
  expect(plain).toMatch(/ {2}info +5 pass, 1 fail[^\n]*\n {4}FAIL INFO-03 \[MUST\][^\n]*\n {6}expected 2\.0\.0\n/);
  expect(plain).toMatch(/verdict: FAIL — 5 pass, 1 fail/);
  expect(plain).not.toContain('\x1b[');
  const coloured = summaryText(r, 'out', { color: true });
  expect(coloured).toContain('\x1b[31mFAIL\x1b[0m INFO-03');
  expect(coloured).toContain('verdict: \x1b[31mFAIL\x1b[0m');
});

test('--quiet: only the verdict and where the reports are', () => {
  expect(summaryText(r, 'out', { quiet: true }).split('\n')).toEqual([
    expect.stringMatching(/^verdict: FAIL — /),
    expect.stringMatching(/^reports: out\/report\.html, /),
  ]);
});

test('what the run could not put back, or could not read to put back, is in the summary, quiet or not', () => {
  const residue = ['the socket state could not be read before the suites (SOCK-01), so it could not be put back'];
  for (const quiet of [false, true]) {
    const lines = summaryText({ ...r, residue }, 'out', { quiet }).split('\n');
    expect(lines.slice(-3, -1)).toEqual([`not left as found: ${residue[0]}`, expect.stringMatching(/^verdict: FAIL/)]);
  }
  expect(summaryText(r, 'out')).not.toContain('not left as found');
});

test.for([
  ['a device it knows', r.target, 'p1dongle HWE-P1 serial 5c2fafaabbcc firmware 6.00 API 2.0 at 127.0.0.1'],
  [
    'a device without firmware or API version',
    { ...r.target, firmware_version: null, api_version: null },
    'p1dongle HWE-P1 serial 5c2fafaabbcc at 127.0.0.1 (firmware, API version unknown)',
  ],
  [
    'a target it could not identify',
    { ...r.target, kind: 'unknown', product_type: null, serial: null, firmware_version: null, api_version: null },
    'an unidentified target at 127.0.0.1 (kind, product type, serial, firmware, API version unknown)',
  ],
] as const)('the header of %s says what is known, and once what is not', ([, target, text]) => {
  expect(summaryText({ ...r, target }, 'out').split('\n')[0]).toBe(`energy-conform 0.1.0: ${text}`);
});

test("the areas' counts stand in one column, also beside the vendor profile's longer area names", () => {
  const vendor = checks.map((c) => (c.area === 'kind' ? { ...c, area: 'vendor-measurement' as const, status: 'pass' as const } : c));
  const rows = summaryText({ ...r, checks: vendor }, 'out')
    .split('\n')
    .filter((l) => /^ {2}\S+ +\d+ pass/.test(l));
  expect(rows.map((l) => l.trim().split(/ +/)[0])).toEqual(['info', 'vendor-measurement']);
  expect(new Set(rows.map((l) => l.search(/\d+ pass/))).size).toBe(1);
});

test('checks of an area with one outcome for one reason are said once, under their clauses; two alike or a failure with its exchanges each on its own', () => {
  const why = 'the check itself failed: suites/info.test.js did not run, or not to its end: the worker exited';
  const errored = checks.map((c) =>
    c.area !== 'info'
      ? c
      : c.clause === 'INFO-05' || c.clause === 'INFO-06'
        ? { ...c, status: 'warn' as const, message: 'same words' }
        : { ...c, status: 'error' as const, message: why },
  );
  const text = summaryText({ ...r, checks: errored, summary: summarize(errored) }, 'out');
  expect(text).toContain(`    ERROR INFO-01, INFO-02, INFO-03, INFO-04 (4 checks, one reason)\n      ${why}\n`);
  expect(text.split(why)).toHaveLength(2);
  expect(text).toMatch(/ {4}WARN INFO-05 \[SHOULD\][^\n]*\n {6}same words\n {4}WARN INFO-06 \[SHOULD\][^\n]*\n {6}same words/);
});
