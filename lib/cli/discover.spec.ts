// Discovery over real mDNS, on the loopback interface only (docs/design.md "Network safety"). Every test
// that advertises or browses is in this file, so no other file's devices answer here.
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { type TestCa, createTestCa } from '../emulator/certs.js';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import type { DiscoveredDevice } from '../discovery/records.js';
import { Bonjour } from 'bonjour-service';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { benchHook } from '../testing/bench-hook.js';
import { BIN } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';
import { pressHookFor } from './emulator-run.js';
import { Terminal, hasTmux } from '../testing/tmux-terminal.js';
import { shellBlocks } from '../testing/doc-blocks.js';
import { DOC_FILES, docShell, installedCommand, runBlock } from '../testing/doc-runner.js';

const LOOPBACK = ['--interface', '127.0.0.1'];
const bash = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-mdns-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

let emus: Emulator[] = [];
let ca: TestCa;
beforeAll(async () => {
  ca = await createTestCa();
});
afterEach(async () => {
  await Promise.all(emus.map((e) => e.close()));
  emus = [];
});
async function advertised(kind: 'energysocket' | 'p1dongle', faults: string[] = []) {
  // One CA for the bench, as one vendor CA signs every real device.
  const emu = await startEmulator({ kind, faults, ca, mdns: { interface: '127.0.0.1' } });
  emus.push(emu);
  return emu;
}

describe('with a socket and a P1 meter advertising on loopback', () => {
  // Four commands, one of them a run: on a machine busy with the rest of npm test, more than the default minute.
  test('discover --json lists both within 3 s, with their kinds and ports', { timeout: 150_000 }, async () => {
    const [socket, p1] = [await advertised('energysocket'), await advertised('p1dongle')];
    const res = await sharedCli(['discover', ...LOOPBACK, '--json']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.ms).toBeLessThan(10_000);
    const devices = JSON.parse(res.stdout) as DiscoveredDevice[];
    for (const emu of [socket!, p1!]) {
      expect(devices.find((d) => d.serial === emu.ready.serial)).toMatchObject({
        kind: emu.ready.kind,
        address: '127.0.0.1',
        v1Port: emu.ready.httpPort,
        v2Port: emu.ready.httpsPort,
        api_enabled: '1',
        api_version: '2.2.0',
        id: `appliance/${emu.ready.kind}/${emu.ready.serial}`,
        notes: [],
      });
    }
    // One line a CI matrix takes, and each entry is what `run` needs: run from it, it reaches that device.
    const matrix = await sharedCli(['discover', ...LOOPBACK, '--matrix']);
    expect(matrix.code, matrix.stderr).toBe(0);
    expect(matrix.stdout.trim().split('\n')).toHaveLength(1);
    const { include } = JSON.parse(matrix.stdout) as { include: { serial: string; kind: string; host: string; http_port: number; https_port: number }[] };
    for (const emu of [socket!, p1!]) {
      expect(include.find((j) => j.serial === emu.ready.serial)).toEqual({
        serial: emu.ready.serial,
        kind: emu.ready.kind,
        host: '127.0.0.1',
        http_port: emu.ready.httpPort,
        https_port: emu.ready.httpsPort,
      });
    }
    const job = include.find((j) => j.serial === p1!.ready.serial)!;
    const out = path.join(dir, 'matrix-job');
    const ran = await sharedCli([
      'run',
      '--host',
      job.host,
      '--http-port',
      String(job.http_port),
      '--https-port',
      String(job.https_port),
      '--kind',
      job.kind,
      '--serial',
      job.serial,
      '--ca',
      p1!.ready.ca,
      '--press-hook',
      pressHookFor(p1!.ready),
      '--yes',
      '--token-store',
      path.join(dir, 'matrix.json'),
      '--suite',
      'info',
      '--reports',
      out,
    ]);
    expect(ran.code, ran.stderr).toBe(0);
    expect(await readFile(path.join(out, 'summary.md'), 'utf8')).toMatch(new RegExp(`^## energy-conform \\S+: PASS\n\np1dongle HWE-P1 serial ${job.serial} `));
    const table = await sharedCli(['discover', ...LOOPBACK]);
    expect(table.stdout).toMatch(
      new RegExp(`energysocket +HWE-SKT +Energy Socket +${socket!.ready.serial} +127\\.0\\.0\\.1 +${socket!.ready.httpPort} +${socket!.ready.httpsPort}`),
    );
  });

  // The kind area, whose KIND-02 compares what each device advertised: the guide's `run --all` (below) runs every area.
  test('run --all: one report folder per device, a summary, exit 0', { timeout: 150_000 }, async () => {
    const [socket, p1] = [await advertised('energysocket'), await advertised('p1dongle')];
    const out = path.join(dir, 'bench');
    const res = await sharedCli(
      [
        'run',
        '--all',
        ...LOOPBACK,
        '--press-hook',
        await benchHook(emus, dir),
        '--reports',
        out,
        '--yes',
        '--ca',
        socket!.ready.ca,
        '--token-store',
        path.join(dir, 'bench-tokens.json'),
        '--press-timeout',
        '15',
        '--suite',
        'kind',
      ],
      { timeoutMs: 120_000 },
    );
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toMatch(/bench: 2 devices, exit 0/);
    expect((await readdir(out)).sort()).toEqual([socket!.ready.serial, p1!.ready.serial, 'summary.json'].sort());
    const summary = JSON.parse(await readFile(path.join(out, 'summary.json'), 'utf8')) as { devices: { serial: string; exitCode: number }[]; exitCode: number };
    expect(summary.devices.map((d) => d.serial).sort()).toEqual([socket!.ready.serial, p1!.ready.serial].sort());
    expect(summary.exitCode).toBe(0);
    for (const emu of [socket!, p1!]) {
      const results = JSON.parse(await readFile(path.join(out, emu.ready.serial, 'results.json'), 'utf8')) as { checks: { clause: string; status: string }[] };
      expect(results.checks.find((c) => c.clause === 'KIND-02')?.status).toBe('pass');
    }
  });
});

test('capture without --host finds the device over mDNS and writes down its TXT records too; --anonymise replaces the serial there as well', async () => {
  const p1 = await advertised('p1dongle');
  const capture = async (name: string, extra: string[] = []) => {
    const out = path.join(dir, `${name}.json`);
    const res = await sharedCli([
      'capture',
      ...LOOPBACK,
      '--serial',
      p1.ready.serial,
      '--press-hook',
      await benchHook(emus, dir).then((h) => h.replace('{serial}', p1.ready.serial)),
      '--ca',
      p1.ready.ca,
      '--token-store',
      path.join(dir, `${name}-tokens.json`),
      '--out',
      out,
      ...extra,
    ]);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    return { res, text: await readFile(out, 'utf8') };
  };
  const plain = await capture('found');
  expect(plain.res.stdout).toMatch(/^captured the p1dongle at 127\.0\.0\.1 .*the mDNS TXT: /m);
  const doc = JSON.parse(plain.text) as { mdns: Record<string, { port: number; txt: Record<string, string> }> };
  expect(doc.mdns.homewizard).toMatchObject({
    port: p1.ready.httpsPort,
    txt: { serial: p1.ready.serial, id: `appliance/p1dongle/${p1.ready.serial}`, api_version: '2.2.0' },
  });
  expect(doc.mdns.hwenergy).toMatchObject({ port: p1.ready.httpPort, txt: { serial: p1.ready.serial, api_enabled: '1' } });
  const anonymised = await capture('found-anonymised', ['--anonymise']);
  expect(anonymised.text).not.toContain(p1.ready.serial);
});

describe('one device whose advertisement differs from its GET /api or certificate', () => {
  // A SHOULD: a warning either way, which fails the run under --strict.
  test.for([
    ['mdns-serial-differs', [], 0, (serial: string) => `serial ffffff${serial.slice(6)} advertised, ${serial} in GET /api`],
    ['mdns-serial-differs', ['--strict'], 1, (serial: string) => `serial ffffff${serial.slice(6)} advertised`],
    ['mdns-product-type-differs', [], 0, () => 'product_type HWE-KWH1 advertised, HWE-P1 in GET /api'],
    ['mdns-id-names-another-code', [], 0, (serial: string) => `id appliance/HWE-P1/${serial} is not what the certificate names`],
  ] as const)('%s %j: KIND-02 warns, exit %i', async ([fault, extra, code, says]) => {
    const emu = await advertised('p1dongle', [fault]);
    const name = `${fault}-${extra.length}`;
    const out = path.join(dir, name);
    const res = await sharedCli([
      'run',
      ...LOOPBACK,
      '--press-hook',
      await benchHook(emus, dir).then((h) => h.replace('{serial}', emu.ready.serial)),
      '--ca',
      emu.ready.ca,
      '--token-store',
      path.join(dir, `${name}.json`),
      '--suite',
      'kind',
      'tls',
      '--reports',
      out,
      ...extra,
    ]);
    const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as { checks: { clause: string; status: string; message: string }[] };
    const kind02 = results.checks.find((c) => c.clause === 'KIND-02')!;
    expect(kind02.status, kind02.message).toBe('warn');
    expect(kind02.message).toContain(says(emu.ready.serial));
    // The certificate is judged against what GET /api reports, not against the advertisement.
    expect(results.checks.find((c) => c.clause === 'TLS-02')?.status).toBe('pass');
    expect(res.code, res.stdout + res.stderr).toBe(code);
  });
});

describe('no device on the network', () => {
  test('discover says so and exits 0', async () => {
    const res = await sharedCli(['discover', ...LOOPBACK, '--timeout', '1', '--json']);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual([]);
    expect(res.stderr).toMatch(/no device answered over mDNS within 1 s on 127\.0\.0\.1/);
  });

  test('run without --host exits 2 with one sentence that suggests --host', async () => {
    const res = await sharedCli(['run', ...LOOPBACK, '--discovery-timeout', '1']);
    expect(res.code).toBe(2);
    const lines = res.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/no device answered over mDNS within 1 s on 127\.0\.0\.1; give its address with --host/);
  });
});

test('several devices, no terminal, no --serial: exit 2, naming them and --serial / --all', async () => {
  const [a, b] = [await advertised('energysocket'), await advertised('p1dongle')];
  const res = await sharedCli(['run', ...LOOPBACK, '--discovery-timeout', '2']);
  expect(res.code).toBe(2);
  expect(res.stderr).toMatch(/2 devices answered over mDNS \(.*\): choose one with --serial, or run them all with --all/);
  expect(res.stderr).toContain(a!.ready.serial);
  expect(res.stderr).toContain(b!.ready.serial);
});

test('emulate --mdns advertises on the interface given, and says goodbye when it stops', async () => {
  const child = spawn(process.execPath, [BIN, 'emulate', '--kind', 'watermeter', '--mdns', ...LOOPBACK], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const ready = JSON.parse(await new Promise<string>((resolve) => child.stdout.once('data', (d) => resolve(String(d))))) as {
      serial: string;
      httpPort: number;
    };
    const browser = new Bonjour({ interface: '127.0.0.1', bind: '0.0.0.0' } as never);
    try {
      const events: string[] = [];
      const up = new Promise<void>((resolve) =>
        browser
          .find({ type: 'hwenergy' })
          .on('up', (s) => {
            if (s.txt?.serial === ready.serial) {
              events.push(`up ${s.name} ${s.port}`);
              resolve();
            }
          })
          .on('down', (s) => {
            if (s.txt?.serial === ready.serial) events.push(`down ${s.name}`);
          }),
      );
      await up;
      child.kill('SIGTERM');
      const name = `watermeter-${ready.serial.slice(-6).toUpperCase()}`;
      for (let i = 0; i < 50 && !events.includes(`down ${name}`); i += 1) await new Promise((r) => setTimeout(r, 100));
      expect(events).toEqual([`up ${name} ${ready.httpPort}`, `down ${name}`]);
    } finally {
      await new Promise<void>((resolve) => browser.destroy(() => resolve()));
    }
  } finally {
    child.kill('SIGKILL');
  }
});

test.skipIf(!hasTmux)('several devices on a terminal: the run lists them and runs the one typed', async () => {
  const [, p1] = [await advertised('energysocket'), await advertised('p1dongle')];
  const term = new Terminal([
    process.execPath,
    BIN,
    'run',
    ...LOOPBACK,
    '--press-hook',
    await benchHook(emus, dir),
    '--ca',
    p1!.ready.ca,
    '--token-store',
    path.join(dir, 'choice.json'),
    '--suite',
    'info',
    '--reports',
    path.join(dir, 'choice'),
  ]);
  try {
    const listed = await term.waitFor(/which one\? type its number or serial/);
    expect(listed).toMatch(/2 devices answered:/);
    expect(listed).toContain(`p1dongle ${p1!.ready.serial} at 127.0.0.1`);
    term.type(p1!.ready.serial);
    expect(await term.waitFor(/EXIT=\d+/, 60_000)).toMatch(/EXIT=0/);
    const results = JSON.parse(await readFile(path.join(dir, 'choice', 'results.json'), 'utf8')) as { target: { serial: string } };
    expect(results.target.serial).toBe(p1!.ready.serial);
  } finally {
    term.close();
  }
});

test("an --interface that is not one of this machine's: exit 2 before anything is sent, saying so", async () => {
  const res = await sharedCli(['discover', '--interface', '192.0.2.254', '--timeout', '1']);
  expect(res.code).toBe(2);
  expect(res.stderr.trim()).toMatch(
    /^energy-conform: no interface of this machine has the IPv4 address 192\.0\.2\.254; give the address of one of this machine's interfaces with --interface \[EC_DISCOVERY_FAILED\]$/,
  );
});

// docs/fleets.md's recipes, run as the engines run them: GitHub's `run:` lines through bash, the matrix filled in
// from the discover job's output; GitLab's discover script, the child pipeline it writes and that pipeline's job scripts.
describe('the fleet recipes of docs/fleets.md, against two emulators advertised on loopback', () => {
  /** The `run:` lines of one job of the workflow in docs/fleets.md. */
  function runLines(workflow: string, job: string): string[] {
    const start = workflow.indexOf(`\n  ${job}:\n`);
    const end = workflow.slice(start + 1).search(/\n {2}[a-z-]+:\n/);
    const body = workflow.slice(start, end === -1 ? undefined : start + 1 + end);
    return [...body.matchAll(/^ +(?:- )?run: (.+)$/gm)].map((m) => m[1]!);
  }

  // The lab's settings, as the runner's environment holds them; the emulators' CA is BENCH_CA.
  const bench = async (work: string) => {
    const [socket, p1] = [await advertised('energysocket'), await advertised('p1dongle')];
    await mkdir(work, { recursive: true });
    await writeFile(path.join(work, 'ca.pem'), ca.certPem);
    const env = {
      ...process.env,
      ...installedCommand().env,
      HOME: work,
      NO_COLOR: '1',
      BENCH_INTERFACE: '127.0.0.1',
      BENCH_CA: path.join(work, 'ca.pem'),
      PRESS_HOOK: await benchHook(emus, work),
    };
    return { env, serials: [socket!.ready.serial, p1!.ready.serial].sort() };
  };
  const recipe = async (engine: string) =>
    /```yaml\n([\s\S]*?)```/.exec((await readFile(path.join(PACKAGE_ROOT, 'docs', 'fleets.md'), 'utf8')).split(`## ${engine}`)[1]!)![1]!;
  // The runner has the package installed: `npx energy-conform` is this checkout's program (in a warm CLI process where one runs).
  const installed = (line: string) => line.replaceAll('npx energy-conform', installedCommand().command);

  test("GitHub Actions: discover, then a job per device, then each job's summary: both devices pass, as the engine would show them", async () => {
    const work = path.join(dir, 'github');
    const { env: lab, serials } = await bench(work);
    const workflow = await recipe('GitHub Actions');
    const [output, summary] = ['github-output', 'step-summary.md'].map((f) => path.join(work, f)) as [string, string];
    const env = { ...lab, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary };
    const step = (line: string, matrix: Record<string, unknown> = {}) =>
      bash('bash', ['-c', installed(line).replace(/\$\{\{ matrix\.([a-z_]+) \}\}/g, (_, k: string) => String(matrix[k]))], {
        cwd: work,
        env,
        timeout: 120_000,
      }).then(
        () => 0,
        (err: { code?: number; stderr?: string }) => {
          console.error(err.stderr);
          return err.code ?? -1;
        },
      );

    const [find] = runLines(workflow, 'discover');
    expect(await step(find!)).toBe(0);
    const line = (await readFile(output, 'utf8')).trim();
    expect(line).toMatch(/^matrix=\{"include":\[/);
    const { include } = JSON.parse(line.slice('matrix='.length)) as { include: Record<string, unknown>[] };
    expect(include.map((j) => j.serial).sort()).toEqual(serials);

    const [run, show] = runLines(workflow, 'device');
    for (const job of include) {
      expect(await step(run!, job), String(job.serial)).toBe(0);
      expect(await step(show!, job)).toBe(0);
      expect(existsSync(path.join(work, 'reports', String(job.serial), 'junit.xml'))).toBe(true);
    }
    const page = await readFile(summary, 'utf8');
    for (const e of emus) expect(page).toMatch(new RegExp(`## energy-conform \\S+: PASS\\n\\n${e.ready.kind} \\S+ serial ${e.ready.serial} `));
    // The history job, the artifacts downloaded where the device jobs left them: both devices in it.
    const [history] = runLines(workflow, 'history');
    expect(await step(history!)).toBe(0);
    const html = await readFile(path.join(work, 'history.html'), 'utf8');
    for (const serial of serials) expect(html).toContain(serial);
  }, 180_000);

  test("GitLab CI: the discover job writes a child pipeline with a job per device, and each job's script passes its device", async () => {
    const work = path.join(dir, 'gitlab');
    const { env, serials } = await bench(work);
    const pipeline = await recipe('GitLab CI');
    const sh = (line: string) => bash('bash', ['-c', installed(line)], { cwd: work, env, timeout: 120_000 });
    const discover = pipeline.slice(0, pipeline.indexOf('\n  artifacts:'));
    for (const [, line] of discover.matchAll(/^ {4}- (.+)$/gm)) await sh(line!);
    const generated = await readFile(path.join(work, 'devices.yml'), 'utf8');
    const jobs = [...generated.matchAll(/^device-([0-9a-f]{12}):\n[\s\S]*?^ {4}- (.+)$/gm)];
    expect(jobs.map((j) => j[1]).sort()).toEqual(serials);
    for (const [, serial, script] of jobs) {
      await sh(script!);
      const results = JSON.parse(await readFile(path.join(work, 'reports', 'results.json'), 'utf8')) as { verdict: string; target: { serial: string } };
      expect([results.target.serial, results.verdict]).toEqual([serial, 'pass']);
      expect(existsSync(path.join(work, 'reports', 'junit.xml'))).toBe(true);
    }
  }, 180_000);
});

// The README's and the guides' blocks that discover devices (`<!-- doc-test: mdns -->`), run as a reader would
// (lib/testing/doc-runner.ts, as docs.spec.ts runs the others): the guides' interface address is loopback
// here, and `bench-relay <serial>` presses the emulator of that serial.
describe("the guides' discovery commands, against a socket and a P1 meter advertised on loopback", () => {
  const blocks = DOC_FILES.flatMap((f) => shellBlocks(readFileSync(path.join(PACKAGE_ROOT, f), 'utf8'), f)).filter((b) => b.mode === 'mdns');

  test("there are some: the README's first step and the real-devices guide", () => {
    expect(blocks.map((b) => b.where.split(':')[0])).toEqual(expect.arrayContaining(['README.md', 'docs/real-devices.md']));
  });

  test.for(blocks.map((b) => [`${b.where} ${b.script.split('\n')[0]}`, b] as const))('%s', { timeout: 240_000 }, async ([, block]) => {
    const devices = [await advertised('energysocket'), await advertised('p1dongle')];
    const work = path.join(dir, 'guides', block.where.replace(/[/:.]/g, '-'));
    await mkdir(work, { recursive: true });
    await writeFile(path.join(work, 'ca.pem'), ca.certPem);
    const shell = await docShell(
      work,
      { devices: {}, interfaces: { '192.168.1.10': '127.0.0.1' }, ca: path.join(work, 'ca.pem') },
      Object.fromEntries(devices.map((e) => [e.ready.serial, e.ready.controlUrl])),
    );
    const { code, output } = await runBlock(block, shell, await shell.workdir('reader'));
    expect(code, output).toBe(block.exits);
    for (const e of devices) expect(output).toContain(e.ready.serial);
  });
});
