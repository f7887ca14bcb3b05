// `run --claims`, end to end against the emulator: a P1 dongle that claims only v1 is held to v1 (nothing is asked of
// its v2, no press is needed, every v2 clause skipped saying why), an endpoint claimed IF-IMPLEMENTED that answers 404
// is taken as not served, every report names the file and its hash, and a file that is wrong is refused before
// anything is sent.
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import type { RunResults } from '../report/results.js';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { clauses } from '../spec/catalogue.js';
import { parseGate } from '../spec/clause-types.js';
import { targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';

const EXAMPLE = path.join(PACKAGE_ROOT, 'examples', 'claims', 'p1-dongle-v1.yaml');
let dir: string;
let emu: Emulator;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-claims-'));
  emu = await startEmulator({ kind: 'p1dongle' });
});
afterAll(async () => {
  await emu.close();
  await rm(dir, { recursive: true, force: true });
});

async function run(name: string, extra: string[]) {
  const out = path.join(dir, name);
  const res = await sharedCli(['run', ...targetArgs(emu.ready, path.join(dir, `${name}.tokens.json`)), '--reports', out, ...extra]);
  const read = (f: string) => readFile(path.join(out, f), 'utf8');
  return { res, read, results: res.code === 2 && !res.stdout ? null : (JSON.parse(await read('results.json')) as RunResults) };
}

test('a P1 dongle claiming v1 only: nothing asked of v2, no press, each v2 clause skipped as not claimed; the file and its hash in every report', async () => {
  const before = emu.requests.length;
  const { res, results, read } = await run('v1-only', ['--claims', EXAMPLE]);
  expect(res.code, res.stdout + res.stderr).toBe(0);
  const r = results!;
  expect(emu.requests.slice(before).filter((q) => q.server === 'v2')).toEqual([]);
  expect(r.presses.count).toBe(0);
  const v2Gated: string[] = clauses.filter((c) => c.profile === 'spec' && parseGate(c.gate).all.includes('v2')).map((c) => c.id);
  const ran = r.checks.filter((c) => v2Gated.includes(c.clause) && c.status !== 'skip');
  expect(ran.map((c) => c.clause)).toEqual([]);
  expect(r.checks.find((c) => c.clause === 'VER-01')!.message).toContain('not claimed: ');
  expect(r.checks.filter((c) => c.status === 'pass').map((c) => c.clause)).toEqual(expect.arrayContaining(['CLOUD-01', 'SOCK-16', 'ERR-02']));
  const sha256 = createHash('sha256')
    .update(await readFile(EXAMPLE))
    .digest('hex');
  expect(r.claims).toMatchObject({ file: EXAMPLE, sha256, kind: 'p1dongle', api: ['v1'] });
  expect(r.claims!.fields.map((f) => [f.field, f.seen])).toEqual([
    ['total_power_import_kwh', true],
    ['active_power_w', true],
    ['wifi_ssid', true],
    ['total_gas_m3', true],
  ]);
  expect(res.stdout).toMatch(
    new RegExp(`^claims ${EXAMPLE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(sha256 ${sha256.slice(0, 12)}…\\): Example ESP32 P1 dongle`, 'm'),
  );
  expect(res.stderr).toContain('not judged: v1 GET /api/v1/data field total_power_import_kwh');
  const html = await read('report.html');
  expect(html).toContain('<h2>Claims</h2>');
  expect(html).toMatch(/<code>GET \/api\/v1\/system<\/code><\/td><td>IF-IMPLEMENTED<\/td><td>served \(asked before the suites\): held to its clauses as MUST</);
  expect(await read('junit.xml')).toMatch(/<property name="claims" value="claims [^"]*sha256 [0-9a-f]{12}/);
  expect(await read('summary.md')).toContain(`sha256 ${sha256.slice(0, 12)}`);
});

test('an endpoint claimed IF-IMPLEMENTED that answers 404 is not served: its clauses are skipped saying so, and the clause for a device without it runs', async () => {
  const file = path.join(dir, 'state.yaml');
  await writeFile(
    file,
    (await readFile(EXAMPLE, 'utf8')).replace('endpoints:\n', 'endpoints:\n  - { api: v1, endpoint: GET /api/v1/state, level: IF-IMPLEMENTED }\n'),
  );
  const { res, results } = await run('state', ['--claims', file, '--suite', 'socket']);
  expect(res.code, res.stdout + res.stderr).toBe(0);
  expect(results!.claims!.endpoints[0]).toEqual({
    api: 'v1',
    endpoint: 'GET /api/v1/state',
    level: 'IF-IMPLEMENTED',
    served: false,
    why: 'GET /api/v1/state answered 404',
  });
  expect(results!.checks.find((c) => c.clause === 'SOCK-01')!.message).toBe(
    `claimed IF-IMPLEMENTED in ${file}, and not served: GET /api/v1/state (GET /api/v1/state answered 404)`,
  );
  expect(results!.checks.find((c) => c.clause === 'SOCK-16')!.status).toBe('pass');
});

test.for([
  [
    'malformed',
    'claims: 1\ndevice: x\nkind: p1meter\napi: [v1]\nendpoints: []\n',
    /is not a claims file \(schemas\/claims\.schema\.json\): kind: .*; endpoints: /,
  ],
  [
    'inconsistent',
    'claims: 1\ndevice: x\nkind: p1dongle\napi: [v1]\nendpoints:\n  - { api: v2, endpoint: GET /api, level: MUST }\n',
    /is not consistent: endpoints\.0: v2 GET \/api is of the v2 API, which "api" does not claim; api claims v1, but no endpoint claims v1 GET \/api/,
  ],
] as const)('a %s claims file is refused with the reason, exit 2, before anything is sent', async ([name, text, reason]) => {
  const file = path.join(dir, `${name}.yaml`);
  await writeFile(file, text);
  const before = emu.requests.length;
  const { res } = await run(name, ['--claims', file]);
  expect(res.code).toBe(2);
  expect(res.stderr).toMatch(reason);
  expect(emu.requests.length).toBe(before);
});

test("a --kind that differs from the claims' kind is the operator's to settle", async () => {
  const res = await sharedCli([
    'run',
    ...targetArgs(emu.ready, path.join(dir, 'kind.tokens.json')).map((a) => (a === 'p1dongle' ? 'energymeter' : a)),
    '--claims',
    EXAMPLE,
  ]);
  expect(res.code).toBe(2);
  expect(res.stderr).toContain(`--kind energymeter was given, and ${EXAMPLE} claims a p1dongle: give one of them`);
});
