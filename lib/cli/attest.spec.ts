// `sign`, `verify` and `revoke` as a certification body uses them: keys made with openssl, a run on the emulator
// signed, verified with the public key alone; a report changed, another key, a revocation: exit 1, saying which;
// a key that is not one: exit 2, the operator's.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator } from '../emulator/emulator.js';
import { targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';

const openssl = (...args: string[]) => promisify(execFile)('openssl', args);
let dir: string;
const at = (...p: string[]) => path.join(dir, ...p);
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-attest-'));
  await openssl('genpkey', '-algorithm', 'ed25519', '-out', at('lab.pem'));
  await openssl('pkey', '-in', at('lab.pem'), '-pubout', '-out', at('lab.pub.pem'));
  await openssl('genpkey', '-algorithm', 'ed25519', '-out', at('other.pem'));
  await openssl('pkey', '-in', at('other.pem'), '-pubout', '-out', at('other.pub.pem'));
  const emu = await startEmulator({ kind: 'p1dongle' });
  try {
    const res = await sharedCli([
      'run',
      ...targetArgs(emu.ready, at('tokens.json')),
      '--suite',
      'info',
      'versioning',
      '--reports',
      at('run'),
      '--sign',
      at('lab.pem'),
      '--valid-days',
      '30',
    ]);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stderr).toMatch(/signed: \S+certification\.dsse\.json: PASSED, 5 reports vouched for, valid until \d{4}-/);
  } finally {
    await emu.close();
  }
}, 120_000);
afterAll(async () => rm(dir, { recursive: true, force: true }));

describe.concurrent('a signed certification', () => {
  test('verify with the public key: it holds, exit 0; the private key appears nowhere beside it', async () => {
    const res = await sharedCli(['verify', at('run', 'certification.dsse.json'), '--key', at('lab.pub.pem')]);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toMatch(/: holds — PASSED, \d+ passed, 0 warned, 0 failed; 5 reports unchanged$/m);
    const pem = (await readFile(at('lab.pem'), 'utf8'))
      .split('\n')
      .filter((l) => l && !l.startsWith('-----'))
      .join('');
    expect(await readFile(at('run', 'certification.dsse.json'), 'utf8')).not.toContain(pem);
  });

  test("a report changed after signing, or another lab's key: exit 1, saying which", async () => {
    await cp(at('run'), at('changed'), { recursive: true });
    const summary = at('changed', 'summary.md');
    await writeFile(summary, (await readFile(summary, 'utf8')).replace('PASS', 'PASS (checked)'));
    const changed = await sharedCli(['verify', at('changed', 'certification.dsse.json'), '--key', at('lab.pub.pem')]);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toMatch(/does not hold\n {2}summary\.md: changed since it was signed/);
    const other = await sharedCli(['verify', at('run', 'certification.dsse.json'), '--key', at('other.pub.pem')]);
    expect(other.code).toBe(1);
    expect(other.stdout).toMatch(/no signature verifies with the key given/);
  });

  test('revoked: verify --revoked says when and why, exit 1; a list another key signed is not trusted', async () => {
    await cp(at('run'), at('revoked'), { recursive: true });
    const cert = at('revoked', 'certification.dsse.json');
    const revoke = await sharedCli(['revoke', cert, '--key', at('lab.pem'), '--why', 'firmware withdrawn', '--list', at('revoked.dsse.json')]);
    expect(revoke.code, revoke.stdout + revoke.stderr).toBe(0);
    const res = await sharedCli(['verify', cert, '--key', at('lab.pub.pem'), '--revoked', at('revoked.dsse.json')]);
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/revoked on \d{4}-\d\d-\d\dT[^:]+:\d\d:\d\d\.\d+Z: firmware withdrawn/);
    await sharedCli(['revoke', cert, '--key', at('other.pem'), '--why', 'not theirs to withdraw', '--list', at('other-list.dsse.json')]);
    const untrusted = await sharedCli(['verify', cert, '--key', at('lab.pub.pem'), '--revoked', at('other-list.dsse.json')]);
    expect(untrusted.code).toBe(1);
    expect(untrusted.stdout).toMatch(/the revocation list cannot be trusted/);
  });

  test('sign <reports> signs a folder after the run, as run --sign does', async () => {
    await cp(at('run'), at('later'), { recursive: true });
    await rm(at('later', 'certification.dsse.json'));
    const signed = await sharedCli(['sign', at('later'), '--key', at('lab.pem'), '--valid-days', '30']);
    expect(signed.code, signed.stdout + signed.stderr).toBe(0);
    expect(signed.stdout).toMatch(/certification\.dsse\.json: PASSED, 5 reports vouched for, valid until \d{4}-/);
    expect((await sharedCli(['verify', at('later', 'certification.dsse.json'), '--key', at('lab.pub.pem')])).code).toBe(0);
  });

  test("a key file that is no Ed25519 key: the operator's mistake, exit 2, saying how to make one", async () => {
    const res = await sharedCli(['verify', at('run', 'certification.dsse.json'), '--key', at('run', 'summary.md')]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/--key: .*summary\.md is not an Ed25519 public key in PEM .*openssl genpkey -algorithm ed25519/);
  });

  test('run --sign with a key that is none: said before the run touches the device, exit 2', async () => {
    const res = await sharedCli([
      'run',
      '--host',
      '127.0.0.1',
      '--http-port',
      '9',
      '--https-port',
      '9',
      '--kind',
      'p1dongle',
      '--sign',
      at('lab.pub.pem'),
      '--reports',
      at('never'),
    ]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/--sign: .*lab\.pub\.pem is not an Ed25519 private key in PEM/);
    expect(existsSync(at('never'))).toBe(false);
  });
});

test('certifications <folder>: each verified, integration or device × release × kind, outcome, dates, standing; the page read in headless Chromium', async () => {
  const pub = (...p: string[]) => at('published', ...p);
  await cp(at('run'), pub('holds'), { recursive: true });
  await cp(at('run'), pub('touched'), { recursive: true });
  await writeFile(pub('touched', 'summary.md'), `${await readFile(pub('touched', 'summary.md'), 'utf8')}\nsigned off by hand\n`);
  for (const [name, days] of [
    ['withdrawn', '30'],
    ['lapsed', '0.00001'],
  ] as const) {
    await cp(at('run'), pub(name), { recursive: true });
    expect((await sharedCli(['sign', pub(name), '--key', at('lab.pem'), '--valid-days', days])).code).toBe(0);
  }
  expect(
    (
      await sharedCli([
        'revoke',
        pub('withdrawn', 'certification.dsse.json'),
        '--key',
        at('lab.pem'),
        '--why',
        'wrong firmware named',
        '--list',
        at('published.revoked.dsse.json'),
      ])
    ).code,
  ).toBe(0);
  await new Promise((r) => setTimeout(r, 1000));
  const res = await sharedCli(['certifications', pub(), '--key', at('lab.pub.pem'), '--revoked', at('published.revoked.dsse.json')]);
  expect(res.code, res.stdout + res.stderr).toBe(0);
  expect(res.stdout).toMatch(/certifications\.html and certifications\.json: 1 of 4 hold$/m);
  const listing = JSON.parse(await readFile(pub('certifications.json'), 'utf8')) as {
    certifications: { file: string; standing: string; release: string; kind: string; result: string; subject: { type: string } }[];
  };
  expect(Object.fromEntries(listing.certifications.map((c) => [c.file.split('/')[0], c.standing]))).toEqual({
    holds: 'holds',
    touched: 'does not hold',
    withdrawn: 'revoked',
    lapsed: 'expired',
  });
  expect(listing.certifications.every((c) => c.release === '2.2.0' && c.kind === 'p1dongle' && c.result === 'PASSED' && c.subject.type === 'device')).toBe(
    true,
  );
  // One release's certifications: those of 2.2.0 are all four; none is of 2.1.0; a release the vendor does not document
  // is the operator's mistake, named with those it does.
  const of = async (release: string) =>
    sharedCli([
      'certifications',
      pub(),
      '--key',
      at('lab.pub.pem'),
      '--revoked',
      at('published.revoked.dsse.json'),
      '--release',
      release,
      '--out',
      at(`of-${release}`),
    ]);
  const [of22, of21, of24] = [await of('2.2.0'), await of('2.1.0'), await of('2.4.0')];
  expect(of22.stdout).toMatch(/certifications\.json: 1 of 4 of API 2\.2\.0 hold$/m);
  expect(of21.stdout).toMatch(/certifications\.json: 0 of 0 of API 2\.1\.0 hold$/m);
  expect(JSON.parse(await readFile(at('of-2.1.0', 'certifications.json'), 'utf8'))).toMatchObject({ release: '2.1.0', certifications: [] });
  expect([of22.code, of21.code, of24.code]).toEqual([0, 0, 2]);
  expect(of24.stderr).toMatch(/Argument: release, Given: "2\.4\.0", Choices: "2\.0\.0"/);
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await tab.goto(`file://${pub('certifications.html')}`);
    const row = (file: string) => tab.locator('tr', { has: tab.locator('td.file', { hasText: file }) });
    await expect(row('withdrawn/').locator('td').nth(7).innerText()).resolves.toMatch(/^revoked \d{4}-\d\d-\d\d: wrong firmware named$/);
    await expect(row('touched/').locator('td').nth(7).innerText()).resolves.toMatch(/^does not hold: summary\.md: changed since it was signed/);
    await expect(row('holds/').locator('td').allInnerTexts()).resolves.toEqual(expect.arrayContaining(['device', '2.2.0', 'p1dongle', 'holds']));
    expect(await tab.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(1280);
  } finally {
    await browser.close();
  }
}, 60_000);
