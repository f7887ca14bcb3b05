import { describe, expect, test } from 'vitest';
import { assemble, fileOfArea } from './assemble.js';

describe('assembling results', () => {
  test('lists every catalogue clause; one without a test is skipped with its plan reason or as not implemented', () => {
    const checks = assemble([], { 'SOCK-04': 'the state endpoint exists only on the energy socket' }, '9.9.9', ['spec']);
    expect(checks.find((c) => c.clause === 'SOCK-04')?.message).toBe('the state endpoint exists only on the energy socket');
    expect(checks.find((c) => c.clause === 'CLOUD-01')?.message).toBe('not implemented yet in energy-conform 9.9.9');
  });

  test("a suite file that did not load: its area's clauses planned to run are errors naming it; planned skips stay skips", () => {
    const unloaded = [{ file: 'socket-orders.test.js', message: 'Cannot find module x' }];
    const checks = assemble([], { 'SOCK-16': 'this check is for kinds other than the energy socket' }, '9.9.9', ['spec'], [], unloaded);
    expect(checks.find((c) => c.clause === 'SOCK-04')).toMatchObject({
      status: 'error',
      message: 'the check itself failed: suites/socket-orders.test.js did not load: Cannot find module x',
    });
    expect(checks.find((c) => c.clause === 'SOCK-16')).toMatchObject({ status: 'skip', message: 'this check is for kinds other than the energy socket' });
    expect(checks.find((c) => c.clause === 'CLOUD-01')).toMatchObject({ status: 'skip', message: 'not implemented yet in energy-conform 9.9.9' });
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
    expect(checks.find((c) => c.clause === 'KIND-01')).toMatchObject({ status: 'skip', message: 'not implemented yet in energy-conform 9.9.9' });
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
});
