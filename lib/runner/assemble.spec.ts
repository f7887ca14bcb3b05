import { describe, expect, test } from 'vitest';
import { notReachedBy } from '../report/results.js';
import { assemble, fileOfArea } from './assemble.js';

describe('assembling results', () => {
  test('lists every catalogue clause; one without a test is skipped with its plan reason, else an error of the suites', () => {
    const checks = assemble([], { 'SOCK-04': 'the state endpoint exists only on the energy socket' }, '9.9.9', ['spec']);
    expect(checks.find((c) => c.clause === 'SOCK-04')?.message).toBe('the state endpoint exists only on the energy socket');
    expect(checks.find((c) => c.clause === 'CLOUD-01')).toMatchObject({
      status: 'error',
      message: 'the check itself failed: no check of energy-conform 9.9.9 judged it',
    });
  });

  test("a suite file that did not load: its area's clauses planned to run are errors naming it; planned skips stay skips", () => {
    const unloaded = [{ file: 'socket-orders.test.js', message: 'Cannot find module x' }];
    const checks = assemble([], { 'SOCK-16': 'this check is for kinds other than the energy socket' }, '9.9.9', ['spec'], [], unloaded);
    expect(checks.find((c) => c.clause === 'SOCK-04')).toMatchObject({
      status: 'error',
      message: 'the check itself failed: suites/socket-orders.test.js did not load: Cannot find module x',
    });
    expect(checks.find((c) => c.clause === 'SOCK-16')).toMatchObject({ status: 'skip', message: 'this check is for kinds other than the energy socket' });
    expect(checks.find((c) => c.clause === 'CLOUD-01')).toMatchObject({
      status: 'error',
      message: 'the check itself failed: no check of energy-conform 9.9.9 judged it',
    });
  });

  test.for([
    ['socket.test.js', 'socket', true],
    ['socket-orders.test.ts', 'socket', true],
    ['users-slow.test.js', 'users', true],
    ['vendor-system-reboot.test.js', 'vendor-system', true],
    ['vendor-system.test.js', 'vendor-system', true],
    ['vendor-system.test.js', 'vendor-measurement', false],
    ['socketx.test.js', 'socket', false],
    ['info.test.js', 'socket', false],
  ] as const)('%s holds checks of %s: %s', ([file, area, holds]) => {
    expect(fileOfArea(file, area)).toBe(holds);
  });

  test("a test that recorded nothing is its title's clause's, with its state", () => {
    const skipped = { title: 'KIND-02 [SHOULD] the advertisement names the device', state: 'skipped' as const, message: 'no mDNS', durationMs: 0, records: [] };
    const checks = assemble([skipped], {}, '9.9.9', ['spec']);
    expect(checks.find((c) => c.clause === 'KIND-02')).toMatchObject({ status: 'skip', message: 'no mDNS' });
    expect(checks.find((c) => c.clause === 'KIND-01')).toMatchObject({
      status: 'error',
      message: 'the check itself failed: no check of energy-conform 9.9.9 judged it',
    });
  });

  test("a runner check joins the clause's outcome, the worst one winning", () => {
    const tests = [
      {
        title: 'PAIR-03 [MUST] …',
        state: 'passed' as const,
        message: '',
        durationMs: 1,
        records: [{ clause: 'PAIR-03' as const, status: 'pass' as const, message: '', exchanges: [] }],
      },
    ];
    const checks = assemble(tests, {}, '9.9.9', ['spec'], [{ clause: 'PAIR-03', status: 'fail', message: 'pairing refused', exchanges: [] }]);
    expect(checks.find((c) => c.clause === 'PAIR-03')).toMatchObject({ status: 'fail', message: 'pairing refused\n(1 of 2 cases fail)' });
  });

  test('rows of a table: one entry per clause, the worst row winning, the outcomes a row judged for other clauses included', () => {
    const row = (n: number, status: 'pass' | 'fail', echo: 'pass' | 'fail') => ({
      title: `SOCK-04 [MUST] row ${n}`,
      state: 'passed' as const,
      message: '',
      durationMs: 2,
      records: [
        { clause: 'SOCK-04' as const, status, message: status === 'fail' ? `SOCK-04 [MUST] row ${n}: expected on` : '', exchanges: [] },
        { clause: 'SOCK-03' as const, status: echo, message: echo === 'fail' ? `SOCK-04 [MUST] row ${n}: expected the echo` : '', exchanges: [] },
      ],
    });
    const tests = [row(1, 'pass', 'pass'), ...Array.from({ length: 25 }, (_, i) => row(i + 2, 'fail', i === 0 ? 'fail' : 'pass'))];
    const checks = assemble(tests, {}, '9.9.9', ['spec']);
    const sock04 = checks.find((c) => c.clause === 'SOCK-04')!;
    expect(sock04).toMatchObject({ status: 'fail', durationMs: 52 });
    expect(sock04.message.split('\n')).toHaveLength(22);
    expect(sock04.message).toMatch(/^SOCK-04 \[MUST\] row 2: expected on\n/);
    expect(sock04.message).toMatch(/… and 5 more messages\n\(25 of 26 cases fail\)$/);
    expect(checks.find((c) => c.clause === 'SOCK-03')).toMatchObject({
      status: 'fail',
      message: 'SOCK-04 [MUST] row 2: expected the echo\n(1 of 26 cases fail)',
    });
  });

  test('results list every case of a clause with its own title and status, its message without the title it repeats', () => {
    const t = (title: string, status: 'pass' | 'fail', message = '') => ({
      title,
      state: 'passed' as const,
      message: '',
      durationMs: 1,
      records: [{ clause: 'AUTH-02' as const, status, message, exchanges: [] }],
    });
    const checks = assemble(
      [
        t('AUTH-02 [MUST] GET /api — an unknown token', 'pass'),
        t('AUTH-02 [MUST] GET /api/user — an unknown token', 'fail', 'AUTH-02 [MUST] GET /api/user — an unknown token: expected 401'),
      ],
      {},
      '9.9.9',
      ['spec'],
    );
    expect(checks.find((c) => c.clause === 'AUTH-02')?.rows).toEqual([
      { title: 'AUTH-02 [MUST] GET /api — an unknown token', status: 'pass', message: '' },
      { title: 'AUTH-02 [MUST] GET /api/user — an unknown token', status: 'fail', message: 'expected 401' },
    ]);
    expect(checks.find((c) => c.clause === 'AUTH-01')?.rows).toBeUndefined();
  });
  test("a file of the clause's area that the worker did not run to its end: what ran of it passed, and it is an error, never a pass", () => {
    const passed = {
      title: 'SOCK-04 [MUST] row 1',
      state: 'passed' as const,
      message: '',
      durationMs: 1,
      records: [{ clause: 'SOCK-04' as const, status: 'pass' as const, message: '', exchanges: [] }],
    };
    const failed = { ...passed, records: [{ clause: 'SOCK-05' as const, status: 'fail' as const, message: 'expected on', exchanges: [] }] };
    const cut = [{ file: 'socket.test.js', message: 'Worker exited unexpectedly', fate: 'did not run, or not to its end' as const }];
    const checks = assemble([passed, failed], {}, '9.9.9', ['spec'], [], cut);
    expect(checks.find((c) => c.clause === 'SOCK-04')).toMatchObject({
      status: 'error',
      message:
        'the check itself failed: suites/socket.test.js did not run, or not to its end: Worker exited unexpectedly (of the clause, 1 case ran first: pass)',
    });
    expect(checks.find((c) => c.clause === 'SOCK-05')).toMatchObject({ status: 'fail', message: 'expected on' });
    expect(assemble([passed], {}, '9.9.9', ['spec']).find((c) => c.clause === 'SOCK-04')).toMatchObject({ status: 'pass' });
  });

  describe('an interrupted run', () => {
    const NOT_REACHED = notReachedBy('SIGINT');
    const ran = (title: string, status: 'pass' | 'fail') => ({
      title,
      state: 'passed' as const,
      message: '',
      durationMs: 1,
      records: [{ clause: 'AUTH-02' as const, status, message: status === 'fail' ? 'expected 401' : '', exchanges: [] }],
    });
    const pending = (title: string) => ({ title, state: 'pending' as const, message: '', durationMs: 0, records: [] });
    const auth02 = (tests: Parameters<typeof assemble>[0], notReached?: string) =>
      assemble(tests, {}, '9.9.9', ['spec'], [], [], notReached).find((c) => c.clause === 'AUTH-02');

    test.for([
      {
        what: 'a check never begun is a skip saying so, not an error without a word',
        tests: [pending('AUTH-02 [MUST] GET /api — an unknown token')],
        want: { status: 'skip', message: NOT_REACHED },
      },
      {
        what: 'cases passed before the rest were reached: not run in full, never a pass',
        tests: [ran('AUTH-02 [MUST] a', 'pass'), ran('AUTH-02 [MUST] b', 'pass'), pending('AUTH-02 [MUST] c')],
        want: { status: 'skip', message: `${NOT_REACHED}: 1 of its 3 cases were not reached (the 2 before them passed)` },
      },
      {
        what: 'a case that failed before the interruption is still a failure',
        tests: [ran('AUTH-02 [MUST] a', 'fail'), pending('AUTH-02 [MUST] b')],
        want: { status: 'fail' },
      },
    ])('$what', ({ tests, want }) => {
      expect(auth02(tests, NOT_REACHED)).toMatchObject(want);
    });

    test('a clause with no case at all says the run was interrupted; outside an interrupted run it is an error, never a skip', () => {
      expect(auth02([], NOT_REACHED)).toMatchObject({ status: 'skip', message: NOT_REACHED });
      expect(auth02([pending('AUTH-02 [MUST] GET /api — an unknown token')])).toMatchObject({ status: 'error', message: '' });
      expect(auth02([])).toMatchObject({ status: 'error', message: 'the check itself failed: no check of energy-conform 9.9.9 judged it' });
    });
  });
});
