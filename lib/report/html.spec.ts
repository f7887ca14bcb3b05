import { describe, expect, test } from 'vitest';
import { clause, clauses } from '../spec/catalogue.js';
import { clauseTitle } from '../spec/clause-types.js';
import { reportHtml } from './html.js';
import { type CheckResult, type RunResults, summarize } from './results.js';

const HOSTILE = '<script>alert("x")</script>';

function results(): RunResults {
  const checks: CheckResult[] = clauses.map((c) => ({ clause: c.id, level: c.level, title: clauseTitle(c), area: c.area,
    status: 'skip', message: 'not selected (--suite info)', durationMs: 0, exchanges: [] }));
  const set = (id: string, over: Partial<CheckResult>) => Object.assign(checks.find((c) => c.clause === id)!, over);
  set('INFO-01', { status: 'fail', message: `expected strings; observed ${HOSTILE}`, expected: 'strings', observed: HOSTILE, exchanges: [{
    side: 'v2', method: 'GET', url: 'https://127.0.0.1:4443/api', requestHeaders: { authorization: 'Bearer [REDACTED]' }, status: 200,
    responseHeaders: { 'content-type': 'application/json' }, responseBody: `{"product_name":"${HOSTILE}"}`, startedAt: '2026-11-21T00:00:00.000Z', durationMs: 3 }] });
  set('VER-09', { status: 'observation', message: '', observed: { answer: '200', 'X-Api-Version': '2.0.0' } });
  set('INFO-02', { status: 'pass', message: '' });
  return { tool: { name: 'energy-conform', version: '0.1.0' },
    target: { host: '127.0.0.1', kind: 'p1dongle', product_type: 'HWE-P1', serial: '5c2fafaabbcc', firmware_version: '6.00', api_version: '2.0.0',
      certificate_sha256: 'AB:CD' },
    started: '2026-11-21T00:00:00.000Z', finished: '2026-11-21T00:00:01.000Z', durationMs: 1000, verdict: 'fail', summary: summarize(checks),
    presses: { count: 1, asked: 1, backend: 'press-hook' }, requests: 3, socket: null, residue: [], notes: [], connections: 2, checks, strict: false, options: { suites: ['info'] } };
}

describe('report.html', () => {
  const html = reportHtml(results());

  test('escapes everything the device sent: no markup of its own gets in', () => {
    expect(html).not.toContain('<script');
    expect(html).toContain('&#60;script&#62;');
  });

  test('shows the verdict and identity first, then the failure, the device, every clause, the observations collapsed, and the coverage', () => {
    const order = ['FAIL', 'HWE-P1', 'INFO-01 [MUST]', 'Device and run', 'AB:CD', 'Every clause, by area', 'Observations', 'VER-09 [OBSERVE]',
      'Coverage of the catalogue'].map((s) => html.indexOf(s));
    expect(html).toMatch(/<details class="observation"><summary>VER-09 \[OBSERVE\][^<]*<\/summary><pre>/);
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain(`3 of ${clauses.length} clauses of the catalogue ran`);
  });

  test('a failure of one row of a table keeps the line that names its row, and no single expected/observed table', () => {
    const withRows = results();
    Object.assign(withRows.checks.find((c) => c.clause === 'AUTH-03')!, { status: 'fail', expected: '401 {"error":"user:unauthorized"}', observed: '200',
      message: 'AUTH-03 [MUST] GET /api/measurement — the valid token with one digit added: expected 401; observed 200\n(1 of 2 cases fail)',
      rows: [{ title: 'AUTH-03 [MUST] GET /api — the valid token with one digit added', status: 'pass', message: '' },
        { title: 'AUTH-03 [MUST] GET /api/measurement — the valid token with one digit added', status: 'fail', message: 'expected 401; observed 200' }] });
    const html = reportHtml(withRows);
    const section = html.slice(html.indexOf('id="AUTH-03"'));
    const problem = section.slice(0, section.indexOf('</div>'));
    expect(problem).toContain('AUTH-03 [MUST] GET /api/measurement — the valid token with one digit added: expected 401; observed 200');
    expect(problem).not.toContain('<th>expected</th>');
    const single = html.slice(html.indexOf('id="INFO-01"'));
    expect(single.slice(0, single.indexOf('</div>'))).toContain('<th>expected</th>');
  });

  test('skips carry their reasons, and every clause of the catalogue is listed', () => {
    expect(html).toContain('not selected (--suite info)');
    for (const c of clauses) expect(html).toContain(`>${c.id}<`);
    expect(html).toContain(clause('SOCK-08').statement.slice(0, 20));
  });
});
