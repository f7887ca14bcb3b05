import { describe, expect, test } from 'vitest';
import { clauses } from '../spec/catalogue.js';
import { clauseTitle } from '../spec/clause-types.js';
import { junitXml } from './junit.js';
import { junitSchemaErrors } from './junit-validate.js';
import { type CheckResult, type RunResults, type Status, STATUSES, resultsJson, summarize } from './results.js';

const exchange = {
  side: 'v2' as const,
  method: 'GET',
  url: 'https://127.0.0.1:1/api',
  requestHeaders: { authorization: 'Bearer [REDACTED]' },
  status: 401,
  responseHeaders: { 'content-type': 'application/json' },
  responseBody: '{"error":"user:unauthorized"}',
  startedAt: '2026-11-21T00:00:00.000Z',
  durationMs: 3,
};

function results(strict = false): RunResults {
  const checks: CheckResult[] = clauses.map((c, i) => {
    const status: Status = STATUSES[i % STATUSES.length]!;
    return {
      clause: c.id,
      level: c.level,
      title: clauseTitle(c),
      area: c.area,
      status,
      durationMs: 1.5,
      message: status === 'skip' ? 'the state endpoint exists only on the energy socket' : `${status} <&> "quoted"`,
      expected: status === 'fail' ? '401 {"error":"user:unauthorized"}' : undefined,
      observed: { status: 200 },
      exchanges: status === 'pass' ? [] : [exchange],
    };
  });
  return {
    tool: { name: 'energy-conform', version: '0.1.0' },
    target: {
      host: '127.0.0.1',
      kind: 'p1dongle',
      product_type: 'HWE-P1',
      serial: '5c2fafaabbcc',
      firmware_version: '6.00',
      api_version: '2.0.0',
      certificate_sha256: 'AA:BB',
    },
    started: '2026-11-21T00:00:00.000Z',
    finished: '2026-11-21T00:00:01.000Z',
    durationMs: 1000,
    verdict: 'fail',
    summary: summarize(checks),
    profiles: [
      { profile: 'spec', catalogue: 'spec/clauses.md', revision: 2, verdict: 'fail', summary: summarize(checks.filter((c) => !c.clause.startsWith('V-'))) },
      {
        profile: 'vendor',
        catalogue: 'spec/vendor-clauses.md',
        revision: 1,
        verdict: 'fail',
        summary: summarize(checks.filter((c) => c.clause.startsWith('V-'))),
      },
    ],
    presses: { count: 1, asked: 1, backend: 'press-hook' },
    requests: 9,
    socket: null,
    residue: [],
    notes: [],
    connections: 2,
    checks,
    strict,
    options: {},
  };
}

describe('junit.xml', () => {
  test.for([false, true])('validates against junit-10.xsd with every outcome (strict %s)', async (strict) => {
    expect(await junitSchemaErrors(junitXml(results(strict)))).toEqual([]);
  });

  test('has one testsuite per area with the device identity, one testcase per clause', () => {
    const xml = junitXml(results());
    // Both profiles: the specification's 10 areas and the vendor profile's 6, each area a suite of its own.
    expect(xml.match(/<testsuite /g)).toHaveLength(16);
    expect(xml).toContain('<property name="profile" value="vendor (spec/vendor-clauses.md, revision 1): fail"/>');
    expect(xml.match(/<testcase /g)).toHaveLength(clauses.length);
    expect(xml).toContain('<property name="serial" value="5c2fafaabbcc"/>');
    expect(xml).toContain(`name="${clauseTitle(clauses[0]!).replace(/"/g, '&quot;')}"`);
    expect(xml).toContain('<skipped message="the state endpoint exists only on the energy socket"/>');
    expect(xml).toContain('<failure message="fail &lt;&amp;> &quot;quoted&quot;" type="ClauseViolation"><![CDATA[fail');
    expect(xml).toContain('GET https://127.0.0.1:1/api [authorization: Bearer [REDACTED]] → 401 (application/json) {"error":"user:unauthorized"}');
  });

  test('shows warnings as passing testcases, and as failures under --strict', () => {
    const count = (xml: string) => (xml.match(/type="Deviation"/g) ?? []).length;
    expect(count(junitXml(results(false)))).toBe(0);
    expect(count(junitXml(results(true)))).toBe(results().checks.filter((c) => c.status === 'warn').length);
  });
});

describe('results.json', () => {
  test('holds every key docs/design.md names, in its order, then only the documented additions; and every clause', () => {
    const doc = JSON.parse(resultsJson(results()));
    const design = ['tool', 'target', 'started', 'finished', 'durationMs', 'verdict', 'summary', 'presses', 'requests'];
    expect(Object.keys(doc).filter((k) => design.includes(k))).toEqual(design);
    expect(Object.keys(doc).filter((k) => !design.includes(k))).toEqual([
      'profiles',
      'connections',
      'socket',
      'residue',
      'notes',
      'checks',
      'strict',
      'options',
    ]);
    expect(Object.keys(doc.target)).toEqual(['host', 'kind', 'product_type', 'serial', 'firmware_version', 'api_version', 'certificate_sha256']);
    expect(Object.keys(doc.summary).sort()).toEqual(['deviation', 'error', 'fail', 'observation', 'pass', 'skip', 'warn']);
    expect(doc.checks.map((c: { clause: string }) => c.clause)).toEqual(clauses.map((c) => c.id));
    // docs/design.md's six keys first; then what `energy-conform report` needs to render the page again.
    for (const c of doc.checks) {
      expect(Object.keys(c).slice(0, 6)).toEqual(['clause', 'level', 'title', 'status', 'message', 'durationMs']);
      expect(
        Object.keys(c)
          .slice(6)
          .every((k) => ['deviation', 'area', 'expected', 'observed', 'rows', 'evidence', 'exchanges'].includes(k)),
      ).toBe(true);
    }
  });
});
