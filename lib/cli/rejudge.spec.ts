// `energy-conform rejudge`: a run judged again from its results.json. The same version gives the same verdict
// (the self-test does so for every clean kind and every fault); an older record under a changed judge says what
// changed and exits as the new verdict does; a file that is no run's results is the operator's (exit 2).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator } from '../emulator/emulator.js';
import type { RunResults } from '../report/results.js';
import { targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';

let dir: string;
let results: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-rejudge-'));
  const emu = await startEmulator({ kind: 'p1dongle', certStyle: 'cn-only' });
  try {
    const res = await sharedCli([
      'run',
      ...targetArgs(emu.ready, path.join(dir, 'tokens.json')),
      '--suite',
      'info',
      'versioning',
      'measurement',
      'tls',
      '--reports',
      path.join(dir, 'clean'),
    ]);
    expect(res.code, res.stdout + res.stderr).toBe(0);
  } finally {
    await emu.close();
  }
  results = path.join(dir, 'clean', 'results.json');
}, 120_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe.concurrent('rejudge', () => {
  test('the run of this version: the same verdict, no outcome changed, exit 0', async () => {
    const res = await sharedCli(['rejudge', results]);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^verdict: PASS — /m);
    expect(res.stdout).toMatch(/^rejudged: \d+ clauses judged again from the recorded exchanges by this version's judges; the others as recorded$/m);
    expect(res.stdout).toMatch(/^no outcome changed: the recorded verdict was PASS, and is PASS$/m);
  });

  test('an older record whose judge required an object of GET /api/measurement: MEAS-01 fail → pass, FAIL → PASS, exit 0', async () => {
    const doc = JSON.parse(await readFile(results, 'utf8')) as RunResults;
    const meas = doc.checks.find((c) => c.clause === 'MEAS-01')!;
    meas.exchanges = meas.exchanges.map((e) => (e.url.endsWith('/api/measurement') ? { ...e, responseBody: '[{"power_w":125}]' } : e));
    Object.assign(meas, { status: 'fail', message: 'expected a JSON object; observed 200 [{"power_w":125}]' });
    Object.assign(doc, { verdict: 'fail', summary: { ...doc.summary, pass: doc.summary.pass - 1, fail: 1 } });
    const older = path.join(dir, 'older.json');
    await writeFile(older, JSON.stringify(doc));
    const res = await sharedCli(['rejudge', older]);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toMatch(/^changed against the recorded verdict \(FAIL → PASS\):\n {2}MEAS-01: fail → pass$/m);
  });

  test('the certificate the record holds is judged again: one that does not name the recorded serial fails TLS-02, exit 1', async () => {
    const doc = JSON.parse(await readFile(results, 'utf8')) as RunResults;
    expect(doc.target.certificate?.pem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    doc.target.serial = '5c2fafaa0000';
    const other = path.join(dir, 'other-serial.json');
    await writeFile(other, JSON.stringify(doc));
    const res = await sharedCli(['rejudge', other]);
    expect(res.code, res.stdout + res.stderr).toBe(1);
    expect(res.stdout).toMatch(/^ {2}TLS-02: pass → fail \(expected a certificate naming appliance\/p1dongle\/5c2fafaa0000 \(CN or SAN\)/m);
  });

  test("a recorded answer this version holds wrong: the change names the judge's words, exit 1", async () => {
    const doc = JSON.parse(await readFile(results, 'utf8')) as RunResults;
    const info = doc.checks.find((c) => c.clause === 'INFO-02')!;
    info.exchanges = info.exchanges.map((e) => ({ ...e, responseBody: e.responseBody?.replace(/"firmware_version":"[^"]*"/, '"firmware_version":"6.1"') }));
    const changed = path.join(dir, 'changed.json');
    await writeFile(changed, JSON.stringify(doc));
    const res = await sharedCli(['rejudge', changed]);
    expect(res.code, res.stdout + res.stderr).toBe(1);
    expect(res.stdout).toMatch(/^ {2}INFO-02: pass → fail \(expected firmware_version of the form x\.yy or x\.yyzz; observed "6\.1"\)$/m);
    expect(res.stdout).toMatch(/^verdict: FAIL — /m);
  });

  test("an occasion clause is judged again on the judgment its check kept: VER-04's answer with another error code fails it, exit 1", async () => {
    const doc = JSON.parse(await readFile(results, 'utf8')) as RunResults;
    const ver = doc.checks.find((c) => c.clause === 'VER-04')!;
    const kept = ver.judged?.find((j) => typeof j.answer === 'number' && !j.kept);
    expect(kept, 'VER-04 kept the judgment of its answer').toBeDefined();
    const at = kept!.answer as number;
    ver.exchanges[at] = { ...ver.exchanges[at]!, responseBody: '{"error":"request:unknown"}' };
    const changed = path.join(dir, 'occasion.json');
    await writeFile(changed, JSON.stringify(doc));
    const res = await sharedCli(['rejudge', changed]);
    expect(res.code, res.stdout + res.stderr).toBe(1);
    expect(res.stdout).toMatch(/^ {2}VER-04: pass → fail \(expected 400 \{"error":"request:api-version-not-supported"\} to X-Api-Version: 1; observed 400 /m);
  });

  test("a file that is no run's results.json: exit 2, said so", async () => {
    const junk = path.join(dir, 'junk.json');
    await writeFile(junk, '{"checks": 3}');
    const res = await sharedCli(['rejudge', junk]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/is not the results\.json of an energy-conform run of a device/);
    const missing = await sharedCli(['rejudge', path.join(dir, 'nowhere.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*nowhere\.json/);
  });
});
