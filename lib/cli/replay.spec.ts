// `replay <results.json> --clause ID`: the failing clause's requests sent again fail again on the same faulty
// emulator (exit 1) and pass on a clean one (exit 0); an occasion clause is run again alone, with the same outcomes;
// a clause that cannot be replayed is refused, saying why (exit 2).
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
  [faulty, clean] = await Promise.all([
    startEmulator({ kind: 'p1dongle', serial: SERIAL, faults: ['info-firmware-number', 'future-version-served-on-api'] }),
    startEmulator({ kind: 'p1dongle', serial: SERIAL }),
  ]);
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

test('a clause judged on an occasion the run arranges (VER-06): run again alone, exit 1 on the same faulty device, 0 on one that serves it right', async () => {
  const still = await sharedCli(['replay', results, '--clause', 'VER-06', ...target(faulty)]);
  expect(still.code, still.stdout + still.stderr).toBe(1);
  expect(still.stdout).toMatch(/^replay of VER-06 from .*: judged on an occasion the run arranges, .*VER-06 is run again alone/m);
  expect(still.stdout).toMatch(/^ +FAIL VER-06 /m);
  const paired = await sharedCli(['pair', ...target(clean)]);
  expect(paired.code, paired.stderr).toBe(0);
  const now = await sharedCli(['replay', results, '--clause', 'VER-06', ...target(clean)]);
  expect(now.code, now.stdout + now.stderr).toBe(0);
  expect(now.stdout).toMatch(/verdict: PASS — 1 pass, 0 fail/);
});

test('an occasion clause whose occasion needs a consent (CLOUD-03 switches the cloud): refused, exit 2, naming the flag, nothing sent', async () => {
  const doc = JSON.parse(await readFile(results, 'utf8')) as RunResults;
  const check = doc.checks.find((c) => c.clause === 'VER-06')!;
  doc.checks = [...doc.checks.filter((c) => c.clause !== 'CLOUD-03'), { ...check, clause: 'CLOUD-03', area: 'cloud' }];
  const edited = path.join(dir, 'cloud.json');
  await writeFile(edited, JSON.stringify(doc));
  const before = faulty.requests.length;
  const res = await sharedCli(['replay', edited, '--clause', 'CLOUD-03', ...target(faulty)]);
  expect([res.code, res.stderr]).toEqual([
    2,
    expect.stringContaining('needs --allow-cloud-toggle, a consent this replay was not given: add --allow-cloud-toggle to the replay'),
  ]);
  expect(faulty.requests.length).toBe(before);
  // Given, as run takes it: confirmed with --yes where no terminal can ask, and run again alone.
  const given = await sharedCli(['replay', edited, '--clause', 'CLOUD-03', ...target(clean), '--allow-cloud-toggle', '--yes']);
  expect(given.code, given.stdout + given.stderr).toBe(0);
  expect(given.stdout).toMatch(/CLOUD-03 is run again alone/);
  expect(given.stdout).toMatch(/verdict: PASS — 1 pass, 0 fail/);
  // Without --yes, and no terminal to ask on, it is refused before anything is switched, as run refuses it.
  const unconfirmed = await sharedCli(['replay', edited, '--clause', 'CLOUD-03', ...target(clean), '--allow-cloud-toggle']);
  expect([unconfirmed.code, unconfirmed.stderr]).toEqual([2, expect.stringContaining('add --yes to confirm it on the command line')]);
});

test.for([
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
  expect([res.code, res.stderr]).toEqual([
    2,
    expect.stringMatching(/INFO-01's requests include PUT \/api, which may change the device: run it again with `run --clause INFO-01`/),
  ]);
  expect(faulty.state.snapshot()).toEqual(before);
});

test('an occasion clause that needs presses (PAIR-07: the window closes after a creation): run again alone, pressing where the suite presses', async () => {
  const [open, closed] = await Promise.all([
    startEmulator({ kind: 'p1dongle', serial: '5c2faf00ab0a', faults: ['window-stays-open'] }),
    startEmulator({ kind: 'p1dongle', serial: '5c2faf00ab0a' }),
  ]);
  try {
    const recorded = await sharedCli(['run', ...targetArgs(open.ready, store()), '--clause', 'PAIR-07', '--reports', path.join(dir, 'pair')]);
    expect(recorded.code, recorded.stdout + recorded.stderr).toBe(1);
    const record = path.join(dir, 'pair', 'results.json');
    const creations = () => open.requests.filter((r) => r.path === '/api/user' && r.method === 'POST').length;
    const before = creations();
    const still = await sharedCli(['replay', record, '--clause', 'PAIR-07', ...target(open)]);
    expect(still.code, still.stdout + still.stderr).toBe(1);
    expect(creations()).toBeGreaterThan(before);
    expect(still.stderr).toMatch(/press \d+ of \d+ .*running the press hook/);
    const now = await sharedCli(['replay', record, '--clause', 'PAIR-07', ...target(closed)]);
    expect(now.code, now.stdout + now.stderr).toBe(0);
    expect(closed.state.snapshot().users.filter((u) => u.startsWith('local/ec-'))).toEqual([]);
  } finally {
    await Promise.all([open.close(), closed.close()]);
  }
});
