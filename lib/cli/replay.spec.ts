// `replay <results.json> --clause ID`: the failing clause's requests sent again fail again on the same faulty
// emulator (exit 1) and pass on a clean one (exit 0); a clause that cannot be replayed is refused, saying why (exit 2).
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import type { RunResults } from '../report/results.js';
import { targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';

const SERIAL = '5c2faf00ab09';
let dir: string;
let faulty: Emulator;
let clean: Emulator;
let results: string;
const store = () => path.join(dir, 'tokens.json');
/** The target options of `emu`, with the one token store: replay reads the token of the serial there. */
const target = (emu: Emulator) => targetArgs(emu.ready, store()).filter((a) => a !== '--yes');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-replay-'));
  [faulty, clean] = await Promise.all([startEmulator({ kind: 'p1dongle', serial: SERIAL, faults: ['info-firmware-number', 'future-version-served-on-api'] }),
    startEmulator({ kind: 'p1dongle', serial: SERIAL })]);
  const res = await sharedCli(['run', ...targetArgs(faulty.ready, store()), '--suite', 'info', 'versioning', '--reports', path.join(dir, 'out')]);
  expect(res.code, res.stdout + res.stderr).toBe(1);
  results = path.join(dir, 'out', 'results.json');
});
afterAll(async () => {
  await Promise.all([faulty.close(), clean.close()]);
  await rm(dir, { recursive: true, force: true });
});

test('the same faulty device: it still fails, exit 1, with the answers that came back', async () => {
  const res = await sharedCli(['replay', results, '--clause', 'INFO-01', ...target(faulty)]);
  expect(res.code, res.stdout + res.stderr).toBe(1);
  expect(res.stdout).toMatch(/^replay of INFO-01 from .*: \d+ requests? sent again to 127\.0\.0\.1$/m);
  expect(res.stdout).toMatch(/^ {2}GET https:\/\/127\.0\.0\.1:\d+\/api .*"firmware_version":6[,}]/m);
  expect(res.stdout).toMatch(/^INFO-01: FAIL \(it still fails\)$/m);
});

test('a device that serves it right: it passes now, exit 0', async () => {
  const paired = await sharedCli(['pair', ...target(clean)]);
  expect(paired.code, paired.stderr).toBe(0);
  const res = await sharedCli(['replay', results, '--clause', 'INFO-01', ...target(clean)]);
  expect(res.code, res.stdout + res.stderr).toBe(0);
  expect(res.stdout).toMatch(/^INFO-01: PASS \(it failed in the recorded run: it passes now\)$/m);
  expect(res.stdout).not.toMatch(/[0-9A-F]{32}/);
});

test.for([
  ['a clause judged on an occasion the run arranges', 'VER-06', /VER-06 is judged on an occasion the run arranges .*: run it again with `run --clause VER-06`/],
  ['a clause the run skipped', 'PAIR-04', /PAIR-04 was skipped in that run: it recorded no answer to judge; run it again with `run --clause PAIR-04`/],
  ['a clause of no catalogue', 'VER-99', /holds no check of VER-99/],
] as const)('%s: refused, exit 2, saying why and what to run instead', async ([, id, says]) => {
  const res = await sharedCli(['replay', results, '--clause', id, ...target(faulty)]);
  expect(res.code).toBe(2);
  expect(res.stderr).toMatch(says);
});

test('a record whose requests would change the device (a PUT among them): refused, exit 2, nothing sent', async () => {
  const doc = JSON.parse(await readFile(results, 'utf8')) as RunResults;
  const info01 = doc.checks.find((c) => c.clause === 'INFO-01')!;
  info01.exchanges[0]!.method = 'PUT';
  const edited = path.join(dir, 'with-a-put.json');
  await writeFile(edited, JSON.stringify(doc));
  const before = faulty.state.snapshot();
  const res = await sharedCli(['replay', edited, '--clause', 'INFO-01', ...target(faulty)]);
  expect([res.code, res.stderr]).toEqual([2, expect.stringMatching(/INFO-01's requests include PUT \/api, which may change the device: run it again with `run --clause INFO-01`/)]);
  expect(faulty.state.snapshot()).toEqual(before);
});
