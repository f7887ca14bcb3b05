// `run --known`, end to end against the emulator: a known failure keeps the run green and is shown apart in every
// report; expired, it fails the run as before; with --strict it fails; fixed, the run says to remove it; a file
// that is wrong is refused before anything is sent.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import { historyView } from '../history/model.js';
import { entryOf } from '../history/entry.js';
import type { RunResults } from '../report/results.js';
import { targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';

const SERIAL = '5c2faf00ab07';
const FAULT = 'future-version-served-on-api';
const LINK = 'https://tracker.example/FW-101';
let dir: string;
let faulty: Emulator;
let clean: Emulator;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-known-'));
  [faulty, clean] = await Promise.all([
    startEmulator({ kind: 'p1dongle', serial: SERIAL, firmware: '6.0102', faults: [FAULT] }),
    startEmulator({ kind: 'p1dongle', serial: SERIAL, firmware: '6.0103' }),
  ]);
});
afterAll(async () => {
  await Promise.all([faulty.close(), clean.close()]);
  await rm(dir, { recursive: true, force: true });
});

/** A known-failures file of VER-06 on this P1 meter's 6.01 firmware, as a firmware team writes it. */
async function knownFile(name: string, expires: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(
    file,
    `known:\n  - clause: VER-06\n    device: { product_type: HWE-P1, firmware: { min: "6.01", max: "6.0199" } }\n` +
      `    reason: serves API 2.1.0 before the version exists\n    link: ${LINK}\n    owner: fw-team\n    expires: "${expires}"\n`,
  );
  return file;
}

async function run(emu: Emulator, name: string, extra: string[]) {
  const out = path.join(dir, name);
  const res = await sharedCli(['run', ...targetArgs(emu.ready, path.join(dir, `${name}.tokens.json`)), '--suite', 'versioning', '--reports', out, ...extra]);
  const read = (f: string) => readFile(path.join(out, f), 'utf8');
  return { res, results: JSON.parse(await read('results.json')) as RunResults, read };
}

describe('a failure the file lists for this device', () => {
  test('keeps the run green (exit 0), shown apart with its reason and link in the terminal, summary.md, report.html and junit.xml', async () => {
    const file = await knownFile('known.yaml', '2099-12-31');
    const { res, results, read } = await run(faulty, 'known', ['--known', file]);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    const ver06 = results.checks.find((c) => c.clause === 'VER-06')!;
    expect(ver06).toMatchObject({
      status: 'fail',
      known: { reason: 'serves API 2.1.0 before the version exists', link: LINK, owner: 'fw-team', expires: '2099-12-31', expired: false },
    });
    expect(results.verdict).toBe('pass');
    expect(results.known).toMatchObject({
      file,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      entries: [{ clause: 'VER-06', state: 'known', status: 'fail' }],
    });
    expect(res.stdout).toMatch(/^known failures \(1, .*known\.yaml\): they do not fail the run \(with --strict they would\)$/m);
    expect(res.stdout).toMatch(
      /^ {4}KNOWN fail VER-06 .*\n.*\n {6}serves API 2\.1\.0 before the version exists \(https:\/\/tracker\.example\/FW-101\), owner fw-team, known until 2099-12-31$/m,
    );
    expect(res.stdout, 'not among the problems of its area').not.toMatch(/^ {4}FAIL VER-06/m);
    expect(res.stdout).toMatch(/^verdict: PASS — \d+ pass, 1 fail, .* skipped \(1 of them known\);/m);
    const md = await read('summary.md');
    expect(md).toContain('### known (1)');
    expect(md).not.toContain('### fail');
    const html = await read('report.html');
    expect(html).toContain('<h2>Known failures (1)</h2>');
    expect(html).toContain(`<a href="${LINK}">${LINK}</a>`);
    expect(html).toContain('<h2>No failures</h2>');
    expect(await read('junit.xml')).toMatch(/<skipped message="known failure \(fail\): serves API 2\.1\.0/);
    // The history keeps it apart from the failures nobody expected.
    const d = historyView([entryOf(results)]).devices[0]!;
    expect([...d.known]).toEqual([['VER-06', 1]]);
    expect(d.table.get('VER-06')?.get('6.0102')?.shown).toBe('known');
    // Judged again, with the entries the run applied, on the day it ran: the same verdict.
    const again = await sharedCli(['rejudge', path.join(dir, 'known', 'results.json')]);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^known failures \(1, /m);
  });

  test('with --strict fails the run (exit 1), still naming the entry', async () => {
    const { res, results } = await run(faulty, 'strict', ['--known', await knownFile('known-strict.yaml', '2099-12-31'), '--strict']);
    expect(res.code, res.stdout + res.stderr).toBe(1);
    expect(results.verdict).toBe('fail');
    expect(res.stdout).toMatch(/^known failures \(1, .*\): with --strict they fail the run all the same$/m);
  });

  test('expired, fails the run as before (exit 1), the failure saying which entry expired', async () => {
    const { res, results } = await run(faulty, 'expired', ['--known', await knownFile('expired.yaml', '2026-01-31')]);
    expect(res.code, res.stdout + res.stderr).toBe(1);
    expect(results.known?.entries).toMatchObject([{ clause: 'VER-06', state: 'expired' }]);
    expect(res.stdout).toMatch(/^ {4}FAIL VER-06 .*(\n {6}.*)*\n {6}known failure: serves API .*, expired on 2026-01-31: it fails the run again$/m);
  });

  test('on firmware outside its range, is not applied: the failure fails the run', async () => {
    const file = path.join(dir, 'other-firmware.json');
    await writeFile(file, JSON.stringify({ known: [{ clause: 'VER-06', device: { firmware: '6.02' }, reason: 'r', expires: '2099-12-31' }] }));
    const { res, results } = await run(faulty, 'other-firmware', ['--known', file]);
    expect(res.code).toBe(1);
    expect(results.known?.entries).toEqual([]);
  });
});

test('a known failure that passes now: the run says it is fixed and to remove it from the file (exit 0)', async () => {
  const file = await knownFile('fixed.yaml', '2099-12-31');
  const { res, results, read } = await run(clean, 'fixed', ['--known', file]);
  expect(res.code, res.stdout + res.stderr).toBe(0);
  expect(results.known?.entries).toMatchObject([{ clause: 'VER-06', state: 'fixed', status: 'pass' }]);
  expect(res.stdout).toContain(`fixed: VER-06 passes now: remove it from ${file} (serves API 2.1.0 before the version exists)`);
  expect(await read('summary.md')).toContain('### fixed');
  expect(await read('report.html')).toContain('<b>Fixed:</b> VER-06 passes now');
});

test.for([
  [
    'a clause of no catalogue',
    'bad.json',
    '{"known":[{"clause":"VER-99","reason":"r","expires":"2099-12-31"}]}',
    /bad\.json: known\.0\.clause: no clause VER-99 in the catalogues/,
  ],
  [
    'an entry without an expiry',
    'bad.yaml',
    'known:\n  - clause: VER-06\n    reason: r\n',
    /bad\.yaml is not a known-failures file \(schemas\/known\.schema\.json\): known\.0\.expires/,
  ],
  ['no file', null, '', /cannot read the known-failures file .*missing\.yaml \(ENOENT\)/],
] as const)('%s: exit 2 with the reason, before anything is sent to the device', async ([, name, text, says]) => {
  const file = path.join(dir, name ?? 'missing.yaml');
  if (name) await writeFile(file, text);
  // Port 1 on loopback: nothing listens. A run that got as far as the device would say that instead.
  const res = await sharedCli([
    'run',
    '--host',
    '127.0.0.1',
    '--http-port',
    '1',
    '--https-port',
    '1',
    '--kind',
    'p1dongle',
    '--known',
    file,
    '--token-store',
    path.join(dir, 'none.json'),
  ]);
  expect(res.code).toBe(2);
  expect(res.stderr).toMatch(says);
  expect(res.stderr).not.toMatch(/refused|ECONNREFUSED/);
});
