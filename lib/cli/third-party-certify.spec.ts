// A real integration, unmodified: the npm package homewizard-energy-api 1.5.0, driven as a socket binding
// would (examples/homewizard-energy-api/driver.mjs), through certify-client --quick: the README's own command,
// run as a reader runs it (lib/testing/doc-runner.ts). Its verdict, clause by clause as found, is the
// README's table ("Certifying an integration"): this test holds the two equal.
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { clientClauses } from '../spec/client-clauses.js';
import { shellBlocks } from '../testing/doc-blocks.js';
import { type BlockResult, docShell, runBlock } from '../testing/doc-runner.js';
import { contractSchema } from '../deploy/contract.js';
import { targetArgs } from '../testing/cli-process.js';
import { withEmulator } from '../testing/emulator-client.js';
import { sharedCli } from '../testing/shared-cli.js';

let tmp: string;
let dir: string;
let res: BlockResult;
const block = shellBlocks(readFileSync(path.join(PACKAGE_ROOT, 'README.md'), 'utf8'), 'README.md').find((b) => b.by === 'third-party-certify.spec.ts')!;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'ec-third-party-'));
  const shell = await docShell(tmp, { devices: {}, interfaces: {}, ca: '' });
  const cwd = await shell.workdir('reader');
  res = await runBlock(block, shell, cwd, 180_000);
  dir = path.join(cwd, /--reports (\S+)/.exec(block.script)![1]!);
}, 180_000);
afterAll(async () => rm(tmp, { recursive: true, force: true }));

interface Results {
  verdict: string;
  checks: { clause: string; level: string; status: string; message: string }[];
}

test('homewizard-energy-api 1.5.0: FAIL on CL-BODY-01 (updateState sends JSON with no Content-Type), exit 1', async () => {
  expect(block.script).toContain('--name homewizard-energy-api --integration-version 1.5.0');
  expect(res.code, res.output).toBe(block.exits);
  expect(block.exits).toBe(1);
  const results = JSON.parse(await readFile(path.join(dir, 'results.json'), 'utf8')) as Results;
  expect(results.verdict).toBe('fail');
  const body = results.checks.find((c) => c.clause === 'CL-BODY-01')!;
  expect(body.message).toMatch(/^PUT \/api\/v1\/state on the HTTP \(v1\) port, [\d.]+ s into the scenario \(\w+\) sent a body with no Content-Type/);
});

test('the README quotes its verdict as found: every MUST and SHOULD clause judged, with its outcome, and how many were not', async () => {
  const results = JSON.parse(await readFile(path.join(dir, 'results.json'), 'utf8')) as Results;
  const judged = results.checks.filter((c) => c.level !== 'OBSERVE' && c.status !== 'skip').map((c) => `${c.clause} ${c.status}`);
  const readme = await readFile(path.join(PACKAGE_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Certifying an integration'), readme.indexOf('## Guides'));
  expect([...section.matchAll(/^\| (CL-[A-Z]+-\d\d) \| (\w+) \|/gm)].map((m) => `${m[1]} ${m[2]}`)).toEqual(judged);
  const others = clientClauses.filter((c) => c.level !== 'OBSERVE').length - judged.length;
  expect(section).toContain(`The other ${others} MUST and SHOULD clauses are not judged`);
});

test('its contract: what it read and wrote; can-i-deploy passes a capture of the same socket (exit 0), and breaks on one whose state needs a token, naming it (exit 1)', async () => {
  const contract = path.join(dir, 'contract.json');
  const doc = contractSchema.parse(JSON.parse(await readFile(contract, 'utf8')));
  expect(doc.integration).toEqual({ name: 'homewizard-energy-api', version: '1.5.0' });
  expect(doc.reads.map((r) => r.key)).toEqual(expect.arrayContaining(['GET /api/v1/data (v1)', 'GET /api/v1/state (v1)']));
  expect(doc.writes).toContainEqual(expect.objectContaining({ side: 'v1', method: 'PUT', path: '/api/v1/state', fields: { power_on: 'boolean' } }));
  const held = async (name: string, faults: string[]) => {
    const file = path.join(tmp, `${name}.json`);
    await withEmulator({ kind: 'energysocket', faults }, async (emu) => {
      const res = await sharedCli(['capture', ...targetArgs(emu.ready, path.join(tmp, `${name}.tokens.json`)).filter((a) => a !== '--yes'), '--out', file]);
      expect(res.code, res.stderr).toBe(0);
    });
    return sharedCli(['can-i-deploy', '--capture', file, contract]);
  };
  const same = await held('socket-same', []);
  expect(same.code, same.stdout).toBe(0);
  expect(same.stdout).toMatch(/^ {2}ok {6}homewizard-energy-api 1\.5\.0 /m);
  const locked = await held('socket-state-needs-token', ['state-needs-token']);
  expect(locked.code, locked.stdout).toBe(1);
  expect(locked.stdout).toMatch(/^ +GET \/api\/v1\/state \(v1\): \(the body\) status: 200 → 401$/m);
});
