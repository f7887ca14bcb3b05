import { describe, expect, test } from 'vitest';
import { type ComparedResults, compareHtml, compareMarkdown, compareResults, compareText } from './compare.js';
import type { CheckResult } from './results.js';

type Check = Pick<CheckResult, 'clause' | 'title' | 'status' | 'rows'>;
const target = {
  host: '127.0.0.1',
  kind: 'p1dongle',
  product_type: 'HWE-P1',
  serial: '5c2fafaabbcc',
  firmware_version: '6.00',
  api_version: '2.0',
  certificate_sha256: null,
};
const runOf = (checks: Check[], firmware = '6.00'): ComparedResults => ({
  verdict: checks.some((c) => c.status === 'fail') ? 'fail' : 'pass',
  target: { ...target, firmware_version: firmware },
  started: '2026-11-24T00:00:00Z',
  checks: checks as CheckResult[],
});
const check = (clause: string, status: string, rows?: [string, string][]): Check => ({
  clause,
  title: `${clause} [MUST] title`,
  status: status as Check['status'],
  ...(rows ? { rows: rows.map(([title, s]) => ({ title, status: s as Check['status'], message: '' })) } : {}),
});

describe('compareResults', () => {
  test.for([
    ['pass → fail: newly failing, a regression', 'pass', 'fail', 'newly failing', true],
    ['pass → error: newly failing, a regression', 'pass', 'error', 'newly failing', true],
    ['skip → fail: newly failing, not a regression (it did not pass)', 'skip', 'fail', 'newly failing', false],
    ['fail → pass: fixed', 'fail', 'pass', 'fixed', false],
    ['pass → skip: changed', 'pass', 'skip', 'changed', false],
    ['warn → pass: changed', 'warn', 'pass', 'changed', false],
  ] as const)('%s', ([, before, after, kind, regressed]) => {
    const c = compareResults(runOf([check('INFO-01', before)]), runOf([check('INFO-01', after)]));
    expect(c.changes).toEqual([{ kind, label: 'INFO-01 [MUST] title', before, after }]);
    expect(c.regressed).toBe(regressed);
  });

  test('rows are compared by title; new failures come first, then changes, then fixes; unchanged outcomes are not listed', () => {
    const before = runOf([
      check('AUTH-01', 'pass', [
        ['GET /api', 'pass'],
        ['GET /api/user', 'pass'],
      ]),
      check('INFO-01', 'fail'),
      check('VER-01', 'pass'),
    ]);
    const after = runOf(
      [
        check('INFO-01', 'pass'),
        check('VER-01', 'skip'),
        check('AUTH-01', 'fail', [
          ['GET /api', 'pass'],
          ['GET /api/user', 'fail'],
        ]),
        check('TLS-01', 'pass'),
      ],
      '6.01',
    );
    expect(compareResults(before, after).changes.map((x) => [x.kind, x.label, x.before, x.after])).toEqual([
      ['newly failing', 'AUTH-01 [MUST] title', 'pass', 'fail'],
      ['newly failing', 'AUTH-01 › GET /api/user', 'pass', 'fail'],
      ['changed', 'VER-01 [MUST] title', 'pass', 'skip'],
      ['changed', 'TLS-01 [MUST] title', 'absent', 'pass'],
      ['fixed', 'INFO-01 [MUST] title', 'fail', 'pass'],
    ]);
  });

  test('two identical runs: nothing changed, no regression', () => {
    const r = runOf([check('INFO-01', 'pass', [['a', 'pass']])]);
    expect(compareResults(r, r)).toEqual({ changes: [], regressed: false });
  });
});

describe('the three forms', () => {
  const before = runOf([check('INFO-01', 'pass')]);
  const after = runOf([check('INFO-01', 'fail')], '6.01');
  const c = compareResults(before, after);

  test('text: both runs, then the groups, then whether it regressed', () => {
    expect(compareText(before, after, c)).toBe(
      [
        'before: p1dongle HWE-P1 serial 5c2fafaabbcc firmware 6.00 API 2.0 at 127.0.0.1, 2026-11-24T00:00:00Z: PASS',
        'after:  p1dongle HWE-P1 serial 5c2fafaabbcc firmware 6.01 API 2.0 at 127.0.0.1, 2026-11-24T00:00:00Z: FAIL',
        'newly failing (1):',
        '  INFO-01 [MUST] title: pass → fail',
        'regressed: something that passed before fails now',
        '',
      ].join('\n'),
    );
  });

  test('Markdown: a table per group, pipes escaped', () => {
    const md = compareMarkdown(
      before,
      runOf([{ ...check('INFO-01', 'fail'), title: 'a | b' }]),
      compareResults(before, runOf([{ ...check('INFO-01', 'fail'), title: 'a | b' }])),
    );
    expect(md).toContain('### newly failing (1)\n\n| clause or row | before | after |\n| --- | --- | --- |\n| a \\| b | pass | fail |');
    expect(md).toContain('**regressed**');
  });

  test('HTML: escaped, one table per group', () => {
    const html = compareHtml(
      before,
      runOf([{ ...check('INFO-01', 'fail'), title: '<b>x</b>' }]),
      compareResults(before, runOf([{ ...check('INFO-01', 'fail'), title: '<b>x</b>' }])),
    );
    expect(html).toContain('<h2>newly failing (1)</h2>');
    expect(html).toContain('&#60;b&#62;x&#60;/b&#62;');
    expect(html).not.toContain('<b>x</b>');
  });
});
