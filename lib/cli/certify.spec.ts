// `energy-conform certify-client` as a certifier runs it: the integration as a command after `--`, short
// phases, the reports; a token sent to the v1 port and a wrong identity accepted, each shown with the
// exchange (redacted); Ctrl-C ends the scenario promptly, with the reports.
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HistoryStore } from '../history/store.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BIN, type CliResult } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';
import { REFERENCE_INTEGRATION } from '../testing/client-faults.js';

const QUICK_PHASES = ['pairing=4', 'steady=6', 'newer=6', 'reboot=12', 'foreign-ca=5', 'wrong-identity=5', 'revoked=15'];

let dir: string;
const runs: Record<string, Promise<CliResult>> = {};
const certify = (name: string, fault?: string, env: NodeJS.ProcessEnv = {}, extra: string[] = []) =>
  sharedCli(
    [
      'certify-client',
      '--name',
      'reference',
      '--integration-version',
      fault ?? '1.0',
      '--quick',
      '--reports',
      path.join(dir, name),
      ...extra,
      '--',
      ...REFERENCE_INTEGRATION,
    ],
    { env: { ...env, ...(fault ? { EC_CLIENT_FAULT: fault } : {}) }, timeoutMs: 180_000 },
  );
const history = () => path.join(dir, 'certified.db');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-certify-cli-'));
  runs.clean = certify('clean', undefined, { ENERGY_CONFORM_HISTORY: history() });
  runs.v1 = certify('v1', 'token-to-v1');
  await promisify(execFile)('openssl', ['genpkey', '-algorithm', 'ed25519', '-out', path.join(dir, 'lab.pem')]);
  // Each release's scenario shortened where the integration only has to show it keeps working (44 s, not 59 s, a release):
  // what is shown here is that each release is played and reported apart; the quick plan's phases are the clean run's.
  const shorter = ['steady=3', 'newer=3', 'foreign-ca=3', 'wrong-identity=3', 'revoked=10'].flatMap((p) => ['--phase', p]);
  runs.releases = certify('releases', undefined, {}, ['--api-versions', '2.0.0,2.3.0', ...shorter]);
  runs.identity = certify('identity', 'no-identity-check', {}, ['--sign', path.join(dir, 'lab.pem'), '--valid-days', '7']);
});
afterAll(async () => {
  await Promise.allSettled(Object.values(runs));
  await rm(dir, { recursive: true, force: true });
});

describe('certify-client -- <the reference integration>', () => {
  test("prints the device's ready line with the scenario, runs it, passes, and writes the five reports", { timeout: 180_000 }, async () => {
    const res = await runs.clean!;
    expect(res.code, res.stdout + res.stderr).toBe(0);
    const ready = JSON.parse(res.stdout.split('\n')[0]!) as {
      kind: string;
      httpsPort: number;
      identity: string;
      scenario: { phases: { phase: string; seconds: number }[] };
    };
    expect(ready.kind).toBe('p1dongle');
    expect(ready.identity).toMatch(/^appliance\/p1dongle\/[0-9a-f]{12}$/);
    expect(ready.scenario.phases.map((p) => `${p.phase}=${p.seconds}`)).toEqual(QUICK_PHASES);
    expect(res.stderr).toMatch(/phase newer \(6 s\): the device reports API 2\.9\.0/);
    expect(res.stdout).toMatch(/^energy-conform \S+: the integration reference 1\.0, served an emulated p1dongle serial [0-9a-f]{12} at 127\.0\.0\.1$/m);
    expect(res.stdout).toMatch(/^verdict: PASS/m);
    for (const f of ['report.html', 'junit.xml', 'results.json', 'exchanges.har', 'summary.md', 'integration.log'])
      expect(existsSync(path.join(dir, 'clean', f)), f).toBe(true);
    const html = await readFile(path.join(dir, 'clean', 'report.html'), 'utf8');
    expect(html).toContain("The integration's requests, by phase");
    // The certification summary: what a certifier files, tied to results.json by its hash.
    const hash = createHash('sha256')
      .update(await readFile(path.join(dir, 'clean', 'results.json')))
      .digest('hex');
    const filed = await readFile(path.join(dir, 'clean', 'certification.md'), 'utf8');
    expect(res.stdout).toContain(`certification: ${path.join(dir, 'clean', 'certification.md')} (results.json SHA-256 ${hash})`);
    for (const line of [
      '# Certification summary: reference 1.0',
      '| Integration | reference, version 1.0 |',
      '| Catalogue | spec/client-clauses.md, revision 2 (35 clauses) |',
      `| results.json SHA-256 | \`${hash}\` |`,
      '| CL-PAIR-01 | MUST | pass |',
    ])
      expect(filed).toContain(line);
    // The phases as they ran, each at least its length: a busy machine's timers and a certificate made for a phase
    // stretch them by a second or two; the lengths asked for are the options'.
    const ran =
      /\| Scenario \| pairing (\d+) s, steady (\d+) s, newer (\d+) s, reboot (\d+) s, foreign-ca (\d+) s, wrong-identity (\d+) s, revoked (\d+) s;/.exec(filed);
    expect(ran, filed).not.toBeNull();
    const asked = QUICK_PHASES.map((p) => Number(p.split('=')[1]));
    expect(
      ran!
        .slice(2)
        .map(Number)
        .every((s, i) => s >= asked[i + 1]! && s <= asked[i + 1]! + 8),
      ran![0],
    ).toBe(true);
    expect(filed).toContain('"phases":{"pairing":4,"steady":6,"newer":6,"reboot":12,"foreign-ca":5,"wrong-identity":5,"revoked":15}');
    expect(filed).toMatch(/\| Verdict \| \*\*PASS\*\*: MUST \d+ passed, 0 failed; SHOULD \d+ passed, 0 warned;/);
    expect(html).toMatch(/<td>newer<\/td><td>6 s, \d+ req\.<\/td>/);
    // ENERGY_CONFORM_HISTORY: the certification is in the lab's history, under the integration's name.
    expect(res.stderr).toContain(`history: 1 run added to ${history()}`);
    const store = await HistoryStore.open(history());
    expect(store.entries().map((e) => [e.command, e.serial, e.firmware, e.subject, e.verdict, e.catalogues])).toEqual([
      ['certify-client', 'integration reference', '1.0', 'reference 1.0', 'pass', 'spec/client-clauses.md, revision 2'],
    ]);
    store.close();
  });

  test('a token sent to the v1 port fails CL-AUTH-01, exit 1, the exchange shown first with the token redacted', { timeout: 180_000 }, async () => {
    const res = await runs.v1!;
    expect(res.code, res.stdout + res.stderr).toBe(1);
    expect(res.stdout).toMatch(
      /FAIL CL-AUTH-01 \[MUST\][^\n]*\n\s+GET \/api on the HTTP \(v1\) port, [\d.]+ s into the scenario \(\w+\) carried an Authorization header/,
    );
    const html = await readFile(path.join(dir, 'v1', 'report.html'), 'utf8');
    const problem = html.slice(html.indexOf('id="CL-AUTH-01"'));
    const first = problem.slice(0, problem.indexOf('</pre>'));
    expect(first).toMatch(/<pre>GET http:\/\/127\.0\.0\.1:\d+\/api\n/);
    expect(first).toContain('authorization: Bearer [REDACTED]');
    expect(await readFile(path.join(dir, 'v1', 'summary.md'), 'utf8')).toMatch(/### fail \(1\)\n\n- \*\*CL-AUTH-01 \[MUST\]/);
  });

  test('a wrong identity accepted warns under CL-TLS-02, with the request sent over it, token redacted', { timeout: 180_000 }, async () => {
    const res = await runs.identity!;
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toMatch(
      /WARN CL-TLS-02 \[SHOULD\][^\n]*\n\s+GET \/api\/measurement on the HTTPS \(v2\) port, [\d.]+ s into the scenario \(wrong-identity\) went over a connection where the device presented a certificate that names another device/,
    );
    const results = JSON.parse(await readFile(path.join(dir, 'identity', 'results.json'), 'utf8')) as {
      checks: { clause: string; exchanges: { requestHeaders: Record<string, string> }[] }[];
    };
    const tls02 = results.checks.find((c) => c.clause === 'CL-TLS-02')!;
    expect(tls02.exchanges[0]!.requestHeaders.authorization).toBe('Bearer [REDACTED]');
  });

  test('--sign: the reports signed once written, the warning among what it vouches for, the integration, kind and release named', {
    timeout: 180_000,
  }, async () => {
    const res = await runs.identity!;
    expect(res.stderr).toMatch(/signed: \S+certification\.dsse\.json: WARNED, 8 reports vouched for, valid until \d{4}-/);
    const envelope = JSON.parse(await readFile(path.join(dir, 'identity', 'certification.dsse.json'), 'utf8')) as { payload: string };
    const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString()) as {
      predicate: { warnedTests: string[]; configuration: { name: string; annotations: Record<string, unknown> }[] };
    };
    expect(statement.predicate.warnedTests).toContain('CL-TLS-02');
    expect(statement.predicate.configuration.find((c) => c.name === 'integration')!.annotations).toMatchObject({
      name: 'reference',
      version: 'no-identity-check',
      kind: 'p1dongle',
      release: '2.2.0',
    });
  });
});

test('--api-versions: the scenario played on each release, each in its folder, its reports and contract naming the release; releases.md says each works', {
  timeout: 240_000,
}, async () => {
  const res = await runs.releases!;
  expect(res.code, res.stdout + res.stderr).toBe(0);
  expect(res.stderr).toMatch(/certify-client: an emulated p1dongle serving API 2\.0\.0 for reference/);
  expect(res.stdout).toMatch(/^per release of the v2 API:\n {2}2\.0\.0: WORKS\n {2}2\.3\.0 \(closed beta\): WORKS\nreleases: \S+releases\.md$/m);
  for (const v of ['2.0.0', '2.3.0']) {
    const results = JSON.parse(await readFile(path.join(dir, 'releases', v, 'results.json'), 'utf8')) as {
      target: { api_version: string; firmware_version: string };
    };
    const contract = JSON.parse(await readFile(path.join(dir, 'releases', v, 'contract.json'), 'utf8')) as { device: { api_version: string } };
    expect([results.target.api_version, contract.device.api_version]).toEqual([v, v]);
    expect(await readFile(path.join(dir, 'releases', v, 'certification.md'), 'utf8')).toMatch(
      new RegExp(`^\\| Device served \\| an emulated p1dongle .*, API ${v.replaceAll('.', '\\.')} \\|$`, 'm'),
    );
  }
  const md = await readFile(path.join(dir, 'releases', 'releases.md'), 'utf8');
  expect(md).toContain('| 2.0.0 | works | — | [2.0.0/](2.0.0/certification.md) |');
  expect(md).toContain('| 2.3.0 (closed beta) | works | — | [2.3.0/](2.3.0/certification.md) |');
});

test("--api-versions with a release the vendor does not document: the operator's mistake, exit 2, naming those it does", async () => {
  const res = await sharedCli(['certify-client', '--quick', '--api-versions', '2.4.0', '--reports', path.join(dir, 'none')]);
  expect(res.code).toBe(2);
  expect(res.stderr).toMatch(/--api-versions: 2\.4\.0 is no release the vendor documents \(2\.0\.0, 2\.0\.1, 2\.1\.0, 2\.2\.0, 2\.3\.0, or all\)/);
  expect(existsSync(path.join(dir, 'none'))).toBe(false);
});

test('Ctrl-C ends the scenario at once: what the integration did so far is judged and reported, exit 2', { timeout: 60_000 }, async () => {
  const out = path.join(dir, 'interrupted');
  const child = spawn(process.execPath, [BIN, 'certify-client', '--quick', '--reports', out, '--', ...REFERENCE_INTEGRATION], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  while (!stderr.includes('phase steady')) await new Promise((r) => setTimeout(r, 100));
  const sent = Date.now();
  child.kill('SIGINT');
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  expect(Date.now() - sent).toBeLessThan(10_000);
  expect(code, stdout + stderr).toBe(2);
  expect(stdout).toMatch(/note: interrupted in the steady phase: the phases after it were not played/);
  const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as { verdict: string; checks: { clause: string; status: string }[] };
  expect(results.verdict).toBe('error');
  expect(results.checks.find((c) => c.clause === 'CL-PAIR-01')!.status).toBe('pass');
});
