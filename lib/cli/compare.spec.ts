// `energy-conform compare` on two runs against the emulator: clean, then with a fault that breaks one clause;
// and their results.json against the JSON Schema the package ships.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator } from '../emulator/emulator.js';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';

let dir: string;
const runs = { clean: '', broken: '' };

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-compare-'));
  for (const [name, faults] of [
    ['clean', []],
    ['broken', ['state-on-a-p1-meter']],
  ] as const) {
    const emu = await startEmulator({ kind: 'p1dongle', faults: [...faults], certStyle: 'cn-only' });
    try {
      runs[name] = path.join(dir, name);
      const res = await sharedCli(['run', ...targetArgs(emu.ready, path.join(dir, `${name}.json`)), '--suite', 'socket', 'info', '--reports', runs[name]]);
      expect(res.code, res.stderr).toBe(name === 'clean' ? 0 : 1);
    } finally {
      await emu.close();
    }
  }
}, 120_000);

afterAll(async () => rm(dir, { recursive: true, force: true }));

test('the clause that passed and fails now comes first, in each form; exit 1', async () => {
  const [md, html] = [path.join(dir, 'changes.md'), path.join(dir, 'changes.html')];
  const res = await sharedCli(['compare', runs.clean, path.join(runs.broken, 'results.json'), '--markdown', md, '--html', html]);
  expect(res.code, res.stderr).toBe(1);
  const lines = res.stdout.trim().split('\n');
  expect(lines.slice(2, 4)).toEqual(['newly failing (1):', expect.stringMatching(/^ {2}SOCK-16 \[MUST\] .*: pass → fail$/)]);
  expect(lines.at(-1)).toBe('regressed: something that passed before fails now');
  expect(await readFile(md, 'utf8')).toMatch(/### newly failing \(1\)[\s\S]*\| SOCK-16 \[MUST\] [^|]*\| pass \| fail \|/);
  expect(await readFile(html, 'utf8')).toMatch(/<h2>newly failing \(1\)<\/h2><table>.*SOCK-16 \[MUST\]/);
  // Beside the outcomes, what clients read that changed shape: the P1 meter now answers GET /api/v1/state.
  expect(res.stdout).toMatch(
    /^the answers' shapes \(diff\): [1-9]\d* breaking changes?, \d+ additions?:\n {2}GET \/api\/v1\/state \(v1\): \(the body\) status: 404 → 200$/m,
  );
  expect(await readFile(md, 'utf8')).toMatch(
    /### the answers' shapes \(diff\)[\s\S]*\| GET \/api\/v1\/state \(v1\) \| \(the body\) \| status \| 404 \| 200 \|/,
  );
  expect(await readFile(html, 'utf8')).toMatch(
    /<h2>the answers&#39;? shapes \(diff\).*<td>GET \/api\/v1\/state \(v1\)<\/td><td>\(the body\)<\/td><td>status<\/td>/,
  );
});

test('the other way round the fault is fixed, and nothing regressed: exit 0', async () => {
  const res = await sharedCli(['compare', runs.broken, runs.clean]);
  expect(res.code, res.stderr).toBe(0);
  expect(res.stdout).toMatch(/fixed \(1\):\n {2}SOCK-16 \[MUST\] .*: fail → pass\n/);
  expect(res.stdout).not.toContain('newly failing');
});

test("both runs' results.json, clean and failing, validate against the shipped JSON Schema", async () => {
  const validate = new Ajv({ allErrors: true }).compile(JSON.parse(await readFile(path.join(PACKAGE_ROOT, 'schemas', 'results.schema.json'), 'utf8')));
  for (const run of [runs.clean, runs.broken]) {
    const doc = JSON.parse(await readFile(path.join(run, 'results.json'), 'utf8')) as { verdict: string };
    expect(validate(doc), JSON.stringify(validate.errors)).toBe(true);
    expect(doc.verdict).toBe(run === runs.clean ? 'pass' : 'fail');
  }
});

test('each run wrote summary.md for a CI job page: the verdict first, the failure with why', async () => {
  expect(await readFile(path.join(runs.clean, 'summary.md'), 'utf8')).toMatch(/^## energy-conform \S+: PASS\n/);
  const broken = await readFile(path.join(runs.broken, 'summary.md'), 'utf8');
  expect(broken).toMatch(/^## energy-conform \S+: FAIL\n/);
  expect(broken).toMatch(/### fail \(1\)\n\n- \*\*SOCK-16 \[MUST\] [^\n]*\*\*\n {2}expected /);
});

test('a run it cannot read: exit 2, naming it and what to give', async () => {
  const res = await sharedCli(['compare', runs.clean, path.join(dir, 'nowhere')]);
  expect(res.code).toBe(2);
  expect(res.stderr).toMatch(
    /cannot read the run at .*nowhere .*give a results\.json that energy-conform run wrote, or the report folder that holds it \[EC_BAD_OPTION\]/,
  );
});
