import { describe, expect, test } from 'vitest';
import { clause, clauses } from '../spec/catalogue.js';
import { clauseTitle } from '../spec/clause-types.js';
import { BODY_HEAD, esc, splitBody } from './html-exchange.js';
import { ROW_MESSAGE } from './html-clauses.js';
import { reportHtml } from './html.js';
import { type CheckResult, type RunResults, summarize } from './results.js';

const HOSTILE = '<script>alert("x")</script>';
/** An observation as long as PAIR-13's list of refusals. */
const LONG = Array.from({ length: 40 }, (_, i) => `refusal ${i}`);

function results(): RunResults {
  const checks: CheckResult[] = clauses.map((c) => ({
    clause: c.id,
    level: c.level,
    title: clauseTitle(c),
    area: c.area,
    status: 'skip',
    message: 'not selected (--suite info)',
    durationMs: 0,
    exchanges: [],
  }));
  const set = (id: string, over: Partial<CheckResult>) => Object.assign(checks.find((c) => c.clause === id)!, over);
  set('INFO-01', {
    status: 'fail',
    message: `expected strings; observed ${HOSTILE}`,
    expected: 'strings',
    observed: HOSTILE,
    exchanges: [
      {
        side: 'v2',
        method: 'GET',
        url: 'https://127.0.0.1:4443/api',
        requestHeaders: { authorization: 'Bearer [REDACTED]' },
        status: 200,
        responseHeaders: { 'content-type': 'application/json' },
        responseBody: `{"product_name":"${HOSTILE}"}`,
        startedAt: '2026-11-21T00:00:00.000Z',
        durationMs: 3,
      },
    ],
  });
  set('VER-09', { status: 'observation', message: '', observed: { answer: '200', 'X-Api-Version': '2.0.0' } });
  set('INFO-02', { status: 'pass', message: '' });
  set('INFO-04', { status: 'deviation', message: 'expected a; observed b', deviation: 'capability "x" is In development for p1dongle' });
  set('INFO-06', { status: 'warn', message: 'expected c; observed d' });
  return {
    tool: { name: 'energy-conform', version: '0.1.0' },
    target: {
      host: '127.0.0.1',
      kind: 'p1dongle',
      product_type: 'HWE-P1',
      serial: '5c2fafaabbcc',
      firmware_version: '6.00',
      api_version: '2.0.0',
      certificate_sha256: 'AB:CD',
    },
    started: '2026-11-21T00:00:00.000Z',
    finished: '2026-11-21T00:00:01.000Z',
    durationMs: 1000,
    verdict: 'fail',
    summary: summarize(checks),
    presses: { count: 1, asked: 1, backend: 'press-hook' },
    requests: 3,
    socket: null,
    residue: [],
    notes: [],
    connections: 2,
    checks,
    strict: false,
    options: { suites: ['info'], clauses: null },
  };
}

describe('report.html', () => {
  const html = reportHtml(results());

  test('a row of the clause table shows the head of a long message; the observation below holds it whole', () => {
    const r = results();
    Object.assign(r.checks.find((c) => c.clause === 'PAIR-13')!, {
      status: 'observation',
      message: JSON.stringify({ refusals: LONG }),
      observed: { refusals: LONG },
    });
    const html = reportHtml(r);
    const rowOf = html.slice(html.indexOf('<tr data-status="observation"><td>PAIR-13'));
    const shown = /<div class="muted">([^<]*)<\/div>/.exec(rowOf.slice(0, rowOf.indexOf('</tr>')))![1]!;
    expect(shown).toBe(`${esc(JSON.stringify({ refusals: LONG }).slice(0, ROW_MESSAGE))}…`);
    expect(html).toContain(esc(JSON.stringify({ refusals: LONG }, null, 2)));
  });

  test('escapes everything the device sent: no markup of its own gets in', () => {
    expect(html).not.toContain('<script');
    expect(html).toContain('&#60;script&#62;');
  });

  test('reads in order: the verdict and identity, the failures, the deviations and warnings, every clause, the observations collapsed, the device, the coverage', () => {
    const order = [
      'FAIL',
      'HWE-P1',
      '<h2>Failures (1)',
      'INFO-01 [MUST]',
      '<h2>Deviations and warnings (2)',
      'INFO-04 [MUST]',
      'Why a deviation',
      'INFO-06 [SHOULD]',
      '<h2>Every clause',
      'Observations',
      'VER-09 [OBSERVE]',
      'Device and run',
      'AB:CD',
      'Coverage of the catalogue',
    ].map((s) => html.indexOf(s));
    expect(html).toMatch(/<details class="observation"><summary>VER-09 \[OBSERVE\][^<]*<\/summary><pre>/);
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(html).toContain(`5 of ${clauses.length} clauses of the catalogue ran`);
  });

  test('a failure of one row of a table keeps the line that names its row, and no single expected/observed table', () => {
    const withRows = results();
    Object.assign(withRows.checks.find((c) => c.clause === 'AUTH-03')!, {
      status: 'fail',
      expected: '401 {"error":"user:unauthorized"}',
      observed: '200',
      message: 'AUTH-03 [MUST] GET /api/measurement — the valid token with one digit added: expected 401; observed 200\n(1 of 2 cases fail)',
      rows: [
        { title: 'AUTH-03 [MUST] GET /api — the valid token with one digit added', status: 'pass', message: '' },
        { title: 'AUTH-03 [MUST] GET /api/measurement — the valid token with one digit added', status: 'fail', message: 'expected 401; observed 200' },
      ],
    });
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

describe('report.html: the clause table', () => {
  const html = reportHtml(results());

  test('offers a filter for each outcome present, "not passed", and each area that has clauses, every row tagged to match', () => {
    for (const [id, label] of [
      ['fs-all', `all (${clauses.length})`],
      ['fs-problems', 'not passed (3)'],
      ['fs-fail', 'fail (1)'],
      ['fs-warn', 'warn (1)'],
      ['fs-skip', `skip (${clauses.length - 5})`],
      ['fa-info', 'info ('],
    ] as const) {
      expect(html).toMatch(new RegExp(`<input type="radio" name="f[sa]" id="${id}"[^>]*><label for="${id}">${label.replace(/[()]/g, '\\$&')}`));
    }
    expect(html).not.toContain('id="fs-error"');
    expect(html.match(/<tr data-status="/g)).toHaveLength(clauses.length);
    expect(html).toContain('<tr data-status="fail"><td><a href="#INFO-01">INFO-01</a>');
    expect(html).toContain('body:has(#fs-fail:checked) .clauses tr[data-status]:not([data-status="fail"])');
    expect(html).toContain('body:has(#fa-socket:checked) .clauses tbody:not([data-area="socket"]){display:none}');
  });

  test('shows options and device facts as tables, lists as lists', () => {
    expect(html).toContain('<tr><th>suites</th><td>info</td></tr>');
    expect(html).toContain('<tr><th>strict</th><td>false</td></tr>');
    expect(html).toContain('<tr><th>clauses</th><td>not given</td></tr>');
    expect(html).toContain('<tr><th>Serial</th><td>5c2fafaabbcc</td></tr>');
    expect(html).toContain('<tr><th>Left as found</th><td>yes</td></tr>');
  });
});

describe('report.html: a long body', () => {
  test.for([
    ['a short body is whole', 'x'.repeat(BODY_HEAD * 1.5), BODY_HEAD * 1.5],
    ['a long body is cut at its last line end within the head', `${'a'.repeat(300)}\n${'b'.repeat(900)}`, 301],
    ['a long body of one line is cut at the head', 'c'.repeat(5000), BODY_HEAD],
    ['a line end early in the head does not cut the head short', `${'d'.repeat(10)}\n${'e'.repeat(5000)}`, BODY_HEAD],
  ] as const)('%s', ([, body, at]) => {
    const [head, rest] = splitBody(body);
    expect(head.length).toBe(at);
    expect(head + rest).toBe(body);
  });

  test('shows its head in a failure and the rest under a disclosure naming how much is there', () => {
    const withBody = results();
    const body = JSON.stringify({ readings: Array.from({ length: 200 }, (_, i) => ({ i, power_w: i * 3 })) }, null, 1);
    withBody.checks.find((c) => c.clause === 'INFO-01')!.exchanges[0]!.responseBody = body;
    const page = reportHtml(withBody);
    const [head, rest] = splitBody(body);
    expect(page).toContain(
      `${esc(head)}…</pre><details class="body"><summary>the rest of this body (${rest.length.toLocaleString('en')} more characters)</summary>`,
    );
  });
});
