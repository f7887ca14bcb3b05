// A history of one device over three "firmware versions" of the emulator, faults switched on and off between
// runs: three runs' reports imported, a fourth added by --history; `energy-conform history` shows the clause ×
// firmware table, the firmware where each clause first failed and the clause that flipped without a firmware
// change, in the terminal and as a page read in headless Chromium.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator } from '../emulator/emulator.js';
import { targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';

const SERIAL = '5c2faf00ab01';
const CHROMIUM = '/usr/bin/chromium';
const FUTURE = 'future-version-served-on-api';
const NO_HEADER = 'no-version-header-on-measurement';
let dir: string;
let db: string;

/** One run of the versioning suite against the device as this firmware, with these faults. */
async function runAs(name: string, firmware: string, faults: string[], extra: string[] = []) {
  const emu = await startEmulator({ kind: 'p1dongle', serial: SERIAL, firmware, faults });
  try {
    return await sharedCli([
      'run',
      ...targetArgs(emu.ready, path.join(dir, `${name}.tokens.json`)),
      '--suite',
      'info',
      'versioning',
      '--reports',
      path.join(dir, 'reports', name),
      ...extra,
    ]);
  } finally {
    await emu.close();
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-history-cli-'));
  db = path.join(dir, 'lab.db');
  // 6.00 clean; 6.01 serves versions above the latest (VER-06), and on its second run also drops the header of
  // GET /api/measurement's answers (VER-01: a flip without a firmware change); 6.02 keeps both and names its API
  // version "2.0" (INFO-03, and INFO-04: the header says otherwise). The runs of 6.00 and 6.01 go side by side, in
  // no set order (the history lists firmware in release order); the second run of 6.01 comes after the first.
  const runs = [
    ...(await Promise.all([runAs('1-fw600', '6.00', []), runAs('2-fw601', '6.01', [FUTURE])])),
    await runAs('3-fw601', '6.01', [FUTURE, NO_HEADER]),
  ];
  expect(
    runs.map((r) => r.code),
    runs.map((r) => r.stderr).join('\n'),
  ).toEqual([0, 1, 1]);
  const imported = await sharedCli(['history', db, '--import', path.join(dir, 'reports')]);
  expect(imported.code, imported.stderr).toBe(0);
  expect(imported.stderr).toContain(`history: 3 runs imported into ${db}`);
  const fourth = await runAs('4-fw602', '6.02', [FUTURE, NO_HEADER, 'api-version-two-parts'], ['--history', db]);
  expect(fourth.code).toBe(1);
  expect(fourth.stderr).toContain(`history: 1 run added to ${db}`);
}, 240_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe('energy-conform history', () => {
  test('in the terminal: the table of what did not always pass, the first failing firmware, the flip', async () => {
    const res = await sharedCli(['history', db]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(`p1dongle ${SERIAL} (HWE-P1): 4 runs over firmware 6.00, 6.01, 6.02`);
    expect(res.stdout).toMatch(/^ {2}VER-06 +pass +fail ×2 +fail$/m);
    expect(res.stdout).toMatch(/^ {2}VER-01 +pass +pass\/fail +fail$/m);
    expect(res.stdout).toMatch(/^ {2}INFO-03 +pass +pass ×2 +fail$/m);
    expect(res.stdout).toContain('first failed: INFO-03 on 6.02, INFO-04 on 6.02, VER-01 on 6.01, VER-06 on 6.01');
    expect(res.stdout).toContain('changed without a firmware change (a flaky device, or a flaky check): VER-01 on 6.01 (pass → fail)');
  });

  test('importing the same reports again adds nothing; --json gives tools the same', async () => {
    const again = await sharedCli(['history', db, '--import', path.join(dir, 'reports'), '--json']);
    expect(again.stderr).toContain('history: 0 runs imported');
    expect(again.stderr).toContain('4 there already');
    const view = JSON.parse(again.stdout) as { runs: number; devices: { firstFailed: Record<string, string>; flips: { clause: string }[] }[] };
    expect(view.runs).toBe(4);
    // "2.0" in GET /api is INFO-03's, and no longer the version the header names: INFO-04's too.
    expect(view.devices[0]!.firstFailed).toEqual({ 'INFO-03': '6.02', 'INFO-04': '6.02', 'VER-01': '6.01', 'VER-06': '6.01' });
    expect(view.devices[0]!.flips.map((f) => f.clause)).toEqual(['VER-01']);
  });

  test.skipIf(!existsSync(CHROMIUM))('as a page in Chromium: the first failures, the flip and the outlined cell in the clause × firmware table', async () => {
    const page = path.join(dir, 'history.html');
    expect((await sharedCli(['history', db, '--html', page])).code).toBe(0);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const tab = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
      await tab.goto(`file://${page}`);
      await expect(tab.getByText('VER-06 first failed on 6.01').isVisible()).resolves.toBe(true);
      await expect(tab.getByText(/VER-01 on 6\.01: pass \(.*\) → fail/).isVisible()).resolves.toBe(true);
      const row = tab.locator('tr', { has: tab.locator('td', { hasText: /^VER-06$/ }) });
      await expect(row.locator('td').allInnerTexts()).resolves.toEqual(['VER-06', 'pass', 'fail ×2', 'fail']);
      await expect(row.locator('td.first').innerText()).resolves.toBe('fail ×2');
      expect(await tab.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
    } finally {
      await browser.close();
    }
  });
});

test("captures and contracts kept by --history: history holds each firmware's capture to each integration's contract (can-i-deploy across firmware)", async () => {
  const kept = path.join(dir, 'deploy.db');
  // What an integration that reads GET /api with X-Api-Version: 2 relied on, as certify-client writes it.
  const served = { product_type: 'HWE-P1', product_name: 'P1 meter', serial: SERIAL, firmware_version: '6.00', api_version: '2.2.0' };
  const contract = {
    format: 'energy-conform contract 1',
    integration: { name: 'my-binding', version: '1.0' },
    device: { kind: 'p1dongle', firmware_version: '6.00', api_version: '2.2.0' },
    certified: '2026-11-26T10:00:00.000Z',
    verdict: 'pass',
    reads: [
      {
        key: 'GET /api (v2, with the token, X-Api-Version: 2)',
        side: 'v2',
        method: 'GET',
        path: '/api',
        token: true,
        version: '2',
        count: 3,
        status: 200,
        contentType: 'application/json',
        samples: [served],
      },
    ],
    writes: [],
    websocket: null,
    versions: ['2'],
  };
  await writeFile(path.join(dir, 'contract.json'), JSON.stringify(contract));
  for (const [firmware, faults] of [
    ['6.00', []],
    ['6.01', ['api-version-two-parts']],
  ] as const) {
    const emu = await startEmulator({ kind: 'p1dongle', firmware, faults: [...faults] });
    try {
      const res = await sharedCli([
        'capture',
        ...targetArgs(emu.ready, path.join(dir, `fw-${firmware}.tokens.json`)).filter((x) => x !== '--yes'),
        '--out',
        path.join(dir, `fw-${firmware}.json`),
        '--history',
        kept,
      ]);
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).toMatch(/^history: 1 of 1 captures added to /m);
    } finally {
      await emu.close();
    }
  }
  const held = await sharedCli(['can-i-deploy', '--capture', path.join(dir, 'fw-6.01.json'), path.join(dir, 'contract.json'), '--history', kept]);
  expect(held.code, held.stdout + held.stderr).toBe(1);
  const res = await sharedCli(['history', kept]);
  expect(res.code, res.stderr).toBe(0);
  expect(res.stdout).toMatch(/^can-i-deploy across firmware .*\n {2}p1dongle\n {4}firmware +my-binding 1\.0\n {4}6\.00 +ok\n {4}6\.01 +BREAKS \(1\)$/m);
  // And what changed shape from one firmware to the next, whoever relied on it (/api and the device topic here).
  expect(res.stdout).toMatch(/^shapes between firmware:\n {2}p1dongle 6\.00 → 6\.01: [2-9] breaking changes to the answers' shapes, 0 additions/m);
  const html = path.join(dir, 'deploy.html');
  expect((await sharedCli(['history', kept, '--html', html])).code).toBe(0);
  expect(await readFile(html, 'utf8')).toMatch(
    /<h2>can-i-deploy across firmware<\/h2>.*<h3>p1dongle<\/h3><table><tr><th>firmware<\/th><th>my-binding 1\.0<\/th><\/tr><tr><td>6\.00<\/td><td class="s-pass">ok<\/td><\/tr><tr><td>6\.01<\/td><td class="s-fail">BREAKS \(1\)<\/td>/,
  );
  const json = JSON.parse((await sharedCli(['history', kept, '--json'])).stdout) as { deploy: { firmware: string; status: string }[] };
  expect(json.deploy.map((r) => [r.firmware, r.status])).toEqual([
    ['6.00', 'ok'],
    ['6.01', 'breaks'],
  ]);
});
