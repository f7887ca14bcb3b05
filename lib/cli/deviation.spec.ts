// A MUST violated under a capability the specification marks "In development" for the kind is a
// deviation: named as such, with its reason, in the terminal, results.json, junit.xml and report.html,
// counted apart from warnings, and failing the run only with --strict.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import { targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';

let dir: string;
let emu: Emulator;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-deviation-'));
  emu = await startEmulator({ kind: 'energysocket', faults: ['token-prefix-accepted'] });
});
afterAll(async () => {
  await emu.close();
  await rm(dir, { recursive: true, force: true });
});

const REASON =
  'the Energy socket\'s user/token capability is "In development" ' +
  '(specification, "What the service does", kind table, row "Energy socket"; clauses.md Levels)';
const STRICT = 'with --strict a deviation fails the run (exit 1); without it, it does not';

interface Check {
  clause: string;
  status: string;
  message: string;
  deviation?: string;
}

test.for([
  [[], 0],
  [['--strict'], 1],
] as const)('a socket that accepts its token with a digit cut off: AUTH-03 is a deviation everywhere, with its reason (%j, exit %i)', async ([extra, code]) => {
  const out = path.join(dir, `run-${extra.length}`);
  const res = await sharedCli(['run', ...targetArgs(emu.ready, path.join(dir, `t-${extra.length}.json`)), '--suite', 'auth', '--reports', out, ...extra]);
  expect(res.code, res.stdout + res.stderr).toBe(code);

  // The terminal: its own word, the reason under it, and one line on what --strict does.
  expect(res.stdout).toMatch(/\n {4}DEVIATION AUTH-03 \[MUST\] /);
  expect(res.stdout).toContain(`      why a deviation: ${REASON}`);
  expect(res.stdout).toContain(`\ndeviations: 1 MUST clause violated under an "In development" capability; ${STRICT}`);
  expect(res.stdout).toMatch(/verdict: \w+ — \d+ pass, 0 fail, 1 deviation, 0 warn/);

  const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as { summary: Record<string, number>; checks: Check[] };
  expect(results.checks.find((c) => c.clause === 'AUTH-03')).toMatchObject({
    status: 'deviation',
    deviation: REASON,
    message: expect.stringMatching(/one digit cut off/),
  });
  // Counted apart from SHOULD warnings.
  expect(results.summary).toMatchObject({ deviation: 1, warn: 0, fail: 0 });

  const junit = await readFile(path.join(out, 'junit.xml'), 'utf8');
  const testcase = /<testcase[^>]*name="AUTH-03 [^"]*"[^>]*>[\s\S]*?<\/testcase>/.exec(junit)?.[0] ?? '';
  expect(testcase).toContain(`why a deviation: ${REASON}; ${STRICT}`);
  if (code === 1) expect(testcase).toMatch(/<failure message="deviation: [^"]*" type="Deviation">/);
  else expect(testcase).toMatch(/<system-out><!\[CDATA\[deviation: /);

  const html = await readFile(path.join(out, 'report.html'), 'utf8');
  expect(html).toMatch(/<span class="status s-deviation">deviation<\/span> AUTH-03 \[MUST\]/);
  expect(html).toContain(`<b>Why a deviation:</b> ${REASON.replaceAll('"', '&#34;').replaceAll("'", '&#39;')}; ${STRICT}.`);
});
