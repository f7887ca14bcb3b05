// The evidence is the exchange the failure is about: for a socket-row fault and an endpoint-row fault,
// the first exchange shown on the failure card (report.html), in junit.xml and in the terminal is the
// request the message speaks of, not a setup read; a row judged for another clause carries that clause's title.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator } from '../emulator/emulator.js';
import type { KindId } from '../spec/kinds.js';
import { targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-evidence-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

interface Check {
  clause: string;
  status: string;
  message: string;
  evidence?: number;
  rows?: { title: string }[];
  exchanges: { method: string; url: string; requestBody?: string; status?: number }[];
}

const CASES = [
  // The row's PUT with an out-of-range brightness is refused and switches the socket off: the setup read is not the evidence.
  {
    fault: 'refused-brightness-switches-off',
    kind: 'energysocket',
    suite: 'socket',
    clause: 'SOCK-12',
    first: /^PUT http:\/\/127\.0\.0\.1:\d+\/api\/v1\/state \{"brightness":(-1|256|1000)\} → 400/,
  },
  {
    fault: 'token-extra-digit-accepted-on-measurement',
    kind: 'p1dongle',
    suite: 'auth',
    clause: 'AUTH-03',
    first: /^GET https:\/\/127\.0\.0\.1:\d+\/api\/measurement \[authorization: Bearer \[REDACTED\]0?\] → 200/,
  },
] as const;

test.for(CASES)('$fault: the first exchange shown for $clause is the one its message is about', async ({ fault, kind, suite, clause, first }) => {
  const emu = await startEmulator({ kind: kind as KindId, faults: [fault] });
  try {
    const out = path.join(dir, fault);
    const res = await sharedCli(['run', ...targetArgs(emu.ready, path.join(dir, `${fault}.json`)), '--suite', suite, '--reports', out]);
    expect(res.code, res.stdout + res.stderr).toBe(1);
    const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as { checks: Check[] };
    const check = results.checks.find((c) => c.clause === clause)!;
    expect(check.status).toBe('fail');
    expect(check.evidence).toBeGreaterThanOrEqual(1);
    // The message's own first exchange line is the first exchange of the record.
    const said = /\nexchange: (.*)/.exec(check.message)?.[1] ?? '';
    expect(said).toMatch(first);
    const [ex] = check.exchanges;
    expect(said.startsWith(`${ex!.method} ${ex!.url}`)).toBe(true);

    // The terminal: the first exchange line under the failure.
    const block = res.stdout.slice(res.stdout.indexOf(`FAIL ${clause} `));
    expect(/\n\s+exchange: (.*)/.exec(block)?.[1]).toBe(said);

    // junit.xml: the first exchange of the failure's text.
    const junit = await readFile(path.join(out, 'junit.xml'), 'utf8');
    const testcase = new RegExp(`<testcase[^>]*name="${clause} [^"]*"[^>]*>[\\s\\S]*?</testcase>`).exec(junit)?.[0] ?? '';
    const cdata = /<!\[CDATA\[([\s\S]*?)\]\]>/.exec(testcase)?.[1] ?? '';
    expect(/(?:exchange: |\n {2})((?:GET|PUT|POST|DELETE) .*)/.exec(cdata)?.[1]).toBe(said);
    expect(cdata).toMatch(/the exchanges judged:\n {2}(GET|PUT)/);

    // report.html: the first exchange on the failure card is that request.
    const html = await readFile(path.join(out, 'report.html'), 'utf8');
    const card = new RegExp(`<div class="problem fail" id="${clause}">[\\s\\S]*?</div>`).exec(html)?.[0] ?? '';
    const firstRequest = /<pre>((?:GET|PUT|POST|DELETE) [^\n]*)/.exec(card)?.[1] ?? '';
    expect(firstRequest).toBe(`${ex!.method} ${ex!.url}`);
    if (ex!.requestBody) expect(card).toContain(ex!.requestBody.replaceAll('"', '&#34;'));
    if (clause === 'SOCK-12') {
      // SOCK-17's cases of the SOCK-12 rows are titled by SOCK-17, with its level.
      const sock17 = results.checks.find((c) => c.clause === 'SOCK-17')!;
      expect(sock17.rows!.length).toBeGreaterThan(0);
      expect(sock17.rows!.filter((r) => !r.title.startsWith('SOCK-17 [SHOULD] '))).toEqual([]);
    }
  } finally {
    await emu.close();
  }
});
