import { expect, test } from 'vitest';
import { clauses } from '../spec/catalogue.js';
import { clauseTitle } from '../spec/clause-types.js';
import { type CheckResult, type RunResults, summarize } from './results.js';
import { summaryMarkdown } from './summary-markdown.js';

const checks: CheckResult[] = clauses
  .filter((c) => c.area === 'info' || c.area === 'tls')
  .map((c) => ({
    clause: c.id,
    level: c.level,
    title: clauseTitle(c),
    area: c.area,
    status: c.id === 'INFO-03' ? 'fail' : c.id === 'TLS-03' ? 'warn' : 'pass',
    message: c.id === 'INFO-03' ? 'expected 2.0.0\nobserved 2 | 0' : c.id === 'TLS-03' ? 'expected a match' : '',
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
  durationMs: 1500,
  verdict: 'fail',
  summary: summarize(checks),
  presses: { count: 1, asked: 1, backend: 'press-hook' },
  requests: 7,
  socket: null,
  residue: ['the cloud setting could not be put back'],
  notes: [],
  connections: 2,
  checks,
  strict: false,
  options: {},
};

test('the verdict and the device, a row per area that ran and a total, then each problem with why, worst first', () => {
  const md = summaryMarkdown(r);
  const lines = md.split('\n');
  expect(lines.slice(0, 3)).toEqual(['## energy-conform 0.1.0: FAIL', '', 'p1dongle HWE-P1 serial 5c2fafaabbcc firmware 6.00 API 2.0 at 127.0.0.1']);
  expect(md).toContain('| area | pass | fail | deviation | warn | skipped | observed | error |');
  expect(md).toMatch(/\| info \| \d+ \| 1 \| 0 \| 0 \| 0 \| 0 \| 0 \|/);
  expect(md).toMatch(/\| tls \| \d+ \| 0 \| 0 \| 1 \|/);
  expect(md.indexOf('### fail (1)')).toBeLessThan(md.indexOf('### warn (1)'));
  expect(md).toContain('- **INFO-03 [MUST] ');
  expect(md).toContain('  expected 2.0.0\n  observed 2 \\| 0');
  expect(md).toContain('**Not left as found:** the cloud setting could not be put back');
  expect(md).not.toMatch(/### (error|deviation)/);
});
