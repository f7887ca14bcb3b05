// Know the target before judging it: something that is not an energy device is named as such (exit 2, no
// clause judged), and a --kind the device contradicts is the operator's mistake unless insisted on.
import { closedPort } from '../testing/closed-port.js';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import { targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-target-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

interface Results {
  verdict: string;
  notes: string[];
  checks: { clause: string; status: string; message: string }[];
}
const results = async (out: string) => JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as Results;

describe('a plain HTTP file server on the target port', () => {
  let server: http.Server;
  let port: number;
  let closed: number;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
    // A port nothing listens on, for the HTTPS side.
    closed = await closedPort();
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  test.for([[[]], [['--kind', 'energysocket']]] as const)('exit 2, saying what answered instead, no clause judged (%j)', async ([extra]) => {
    const out = path.join(dir, `fileserver-${extra.length}`);
    const res = await sharedCli([
      'run',
      '--host',
      '127.0.0.1',
      '--http-port',
      String(port),
      '--https-port',
      String(closed),
      '--token-store',
      path.join(dir, 'fs.json'),
      '--press-hook',
      'true',
      '--reports',
      out,
      ...extra,
    ]);
    expect(res.code, res.stdout + res.stderr).toBe(2);
    expect(res.stderr).toContain(
      `no energy device API at 127.0.0.1: GET /api on HTTP port ${port} answered 404 text/html; ` + `nothing completed a TLS handshake on HTTPS port ${closed}`,
    );
    expect(res.stderr).toContain('[EC_NOT_A_DEVICE]');
    // Never blamed on a device: no clause judged, nothing "not left as found", no advice to give a kind.
    expect(res.stderr).not.toMatch(/--kind|not left as found/);
    const r = await results(out);
    expect(r.verdict).toBe('error');
    expect(r.checks.filter((c) => c.status !== 'skip')).toEqual([]);
    expect(r.checks.every((c) => c.message.startsWith('no check ran: the run stopped before the suites (EC_NOT_A_DEVICE)'))).toBe(true);
  });
});

describe('a --kind the device contradicts', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startEmulator({ kind: 'energysocket' });
  });
  afterAll(async () => emu.close());
  const args = (name: string) => [
    ...targetArgs(emu.ready, path.join(dir, `${name}.json`)).map((a) => (a === 'energysocket' ? 'p1dongle' : a)),
    '--reports',
    path.join(dir, name),
  ];

  test('--kind p1dongle against an energy socket: exit 2 naming both kinds, before any press or check', async () => {
    const res = await sharedCli(['run', ...args('mismatch')]);
    expect(res.code, res.stdout + res.stderr).toBe(2);
    expect(res.stderr).toContain(
      '--kind p1dongle (P1 meter) contradicts what the device says of itself: energysocket ' +
        '(product_type HWE-SKT in GET /api over HTTP, appliance/energysocket/',
    );
    expect(res.stderr).toMatch(/leave --kind out or give --kind energysocket; to test it as p1dongle all the same, add --force-kind \[EC_KIND_MISMATCH\]/);
    expect(emu.state.snapshot().users).toEqual([]);
    const r = await results(path.join(dir, 'mismatch'));
    expect(r.checks.filter((c) => c.status !== 'skip')).toEqual([]);
  });

  test('… with --force-kind: the run goes on as asked, and every report says so', async () => {
    const out = path.join(dir, 'forced');
    const res = await sharedCli(['run', ...args('forced'), '--force-kind', '--suite', 'info']);
    const note = /tested as p1dongle \(--kind with --force-kind\), although the device says it is energysocket \(product_type HWE-SKT in GET \/api over HTTP/;
    expect(res.stdout).toMatch(new RegExp(`\\nnote: ${note.source}`));
    const r = await results(out);
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toMatch(note);
    expect(await readFile(path.join(out, 'junit.xml'), 'utf8')).toMatch(new RegExp(`<property name="note" value="${note.source}`));
    expect(await readFile(path.join(out, 'report.html'), 'utf8')).toMatch(new RegExp(`<b>Note:</b> ${note.source}`));
  });

  test('--force-kind without --kind is a bad option', async () => {
    const res = await sharedCli(['run', '--host', '127.0.0.1', '--force-kind']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/--force-kind insists on the kind given with --kind: give --kind too \[EC_BAD_OPTION\]/);
  });
});

describe("an HTTPS port that is not the device's", () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startEmulator({ kind: 'energysocket' });
  });
  afterAll(async () => emu.close());

  test('one port for both: a bad option, named before the device is asked anything', async () => {
    const port = String(emu.ready.httpPort);
    const res = await sharedCli(['run', '--host', '127.0.0.1', '--http-port', port, '--https-port', port]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`--http-port and --https-port are both ${port}: a device serves its v1 API over HTTP and its v2 API over HTTPS, on two ports`);
    expect(res.stderr).toContain('[EC_BAD_OPTION]');
    expect(emu.requests).toEqual([]);
  });

  test('a port that speaks plain HTTP: said first, and in each v2 check skipped, as a port that answered but not in TLS', async () => {
    // The emulator's control port: plain HTTP, as a device's v1 port given by mistake.
    const plain = new URL(emu.ready.controlUrl).port;
    const out = path.join(dir, 'plain-https');
    const args = targetArgs(emu.ready, path.join(dir, 'plain-https.json'));
    args[args.indexOf('--https-port') + 1] = plain;
    const res = await sharedCli(['run', ...args, '--reports', out]);
    const why = `the HTTPS endpoint did not answer at 127.0.0.1:${plain}: port ${plain} answered, but not in TLS (it speaks plain HTTP, or another protocol)`;
    expect(res.stdout).toContain(`\nnote: ${why}: no v2 check ran (if the device serves v2, check --https-port)\n`);
    const r = await results(out);
    expect(r.notes).toContain(`${why}: no v2 check ran (if the device serves v2, check --https-port)`);
    expect(r.checks.find((c) => c.clause === 'INFO-01')).toMatchObject({ status: 'skip', message: `no token: ${why}` });
    expect(r.checks.find((c) => c.clause === 'TLS-01')).toMatchObject({ status: 'skip', message: why });
  });

  test("no --ca for a device whose certificate another CA issued (the emulator's own): said first, with the issuer and what to give", async () => {
    const out = path.join(dir, 'no-ca');
    const args = targetArgs(emu.ready, path.join(dir, 'no-ca.json'));
    args.splice(args.indexOf('--ca'), 2);
    const res = await sharedCli(['run', ...args, '--reports', out]);
    const note =
      /^note: the certificate \(issued by CN=energy-conform emulator test CA\) does not chain to the vendor CA \([A-Z_]+, TLS-01\): no token is sent, and no v2 check beyond TLS ran; give the CA that issued it with --ca, or use --insecure/m;
    expect(res.stdout).toMatch(note);
    expect((await results(out)).notes).toHaveLength(1);
  });
});
