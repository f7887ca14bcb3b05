// The CLI as a user runs it: `emulate` in one process, `run` in another.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ReadyInfo, startEmulator } from '../emulator/emulator.js';
import { junitSchemaErrors } from '../report/junit-validate.js';
import { clausesOf } from '../spec/catalogue.js';

/** The checks of a default run: the specification's catalogue. */
const clauses = clausesOf(['spec']);
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { BIN, cli } from '../testing/cli-process.js';
import { closedPort } from '../testing/closed-port.js';
import { sharedCli } from '../testing/shared-cli.js';

let dir: string;
let emulator: ChildProcess;
let ready: ReadyInfo;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-cli-'));
  emulator = spawn(process.execPath, [BIN, 'emulate', '--kind', 'p1dongle', '--ready-file', path.join(dir, 'r.json')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve) => createInterface({ input: emulator.stdout! }).once('line', resolve));
  ready = JSON.parse(line) as ReadyInfo;
  expect(JSON.parse(await readFile(path.join(dir, 'r.json'), 'utf8'))).toEqual(ready);
});

afterAll(async () => {
  emulator.kill('SIGTERM');
  await rm(dir, { recursive: true, force: true });
});

const target = () => [
  '--host',
  '127.0.0.1',
  '--http-port',
  String(ready.httpPort),
  '--https-port',
  String(ready.httpsPort),
  '--kind',
  'p1dongle',
  '--press-hook',
  `curl -s -X POST ${ready.controlUrl}/press`,
  '--yes',
  '--press-timeout',
  '15',
];

interface Results {
  verdict: string;
  checks: { clause: string; status: string; message: string }[];
}
const results = async (out: string) => JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as Results;
const status = (r: Results, id: string) => r.checks.find((c) => c.clause === id)?.status;

describe('energy-conform run against `energy-conform emulate`', () => {
  test('with the emulator CA: exit 0, a schema-valid junit.xml and a results.json listing every clause', async () => {
    const out = path.join(dir, 'out');
    const res = await sharedCli(['run', ...target(), '--ca', ready.ca, '--reports', out, '--token-store', path.join(dir, 't1.json')]);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toMatch(/verdict: PASS/);
    expect(await junitSchemaErrors(await readFile(path.join(out, 'junit.xml'), 'utf8'))).toEqual([]);
    const r = await results(out);
    expect(r.verdict).toBe('pass');
    expect(r.checks.map((c) => c.clause)).toEqual(clauses.map((c) => c.id));
    expect(status(r, 'TLS-01')).toBe('pass');
    // Secrets: the token the run paired for is in the 0600 store and in no report.
    const store = path.join(dir, 't1.json');
    expect((await stat(store)).mode & 0o777).toBe(0o600);
    const { token } = Object.values(JSON.parse(await readFile(store, 'utf8')) as Record<string, { token: string }>)[0]!;
    expect(token).toMatch(/^[A-F0-9]{32}$/);
    for (const file of ['junit.xml', 'results.json', 'report.html', 'exchanges.har']) {
      const text = await readFile(path.join(out, file), 'utf8');
      expect(text.toUpperCase()).not.toContain(token);
    }
    expect(res.stdout + res.stderr).not.toContain(token);
  });

  test('with the vendor CA: TLS-01 fails and the run exits 1', async () => {
    const out = path.join(dir, 'vendor');
    const res = await sharedCli(['run', ...target(), '--reports', out, '--token-store', path.join(dir, 't2.json')]);
    expect(res.code, res.stdout + res.stderr).toBe(1);
    const r = await results(out);
    expect(status(r, 'TLS-01')).toBe('fail');
    expect(r.checks.find((c) => c.clause === 'INFO-01')?.message).toMatch(/does not chain/);
  });

  test('with --insecure: the TLS clauses are skipped with the reason, exit 0', async () => {
    const out = path.join(dir, 'insecure');
    const res = await sharedCli(['run', ...target(), '--insecure', '--reports', out, '--token-store', path.join(dir, 't3.json')]);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    const r = await results(out);
    for (const id of ['TLS-01', 'TLS-02', 'TLS-03']) {
      expect(r.checks.find((c) => c.clause === id)).toMatchObject({ status: 'skip', message: 'certificate validation is off (--insecure)' });
    }
  });
});

describe('pairing', () => {
  /** The reports of a run that stopped before the suites: what it learned, and why no check ran. */
  async function stoppedReports(out: string, code: string, presses: { count: number; asked: number; backend: string | null }) {
    const r = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as {
      verdict: string;
      target: { kind: string; serial: string };
      checks: { status: string; message: string }[];
      requests: number;
    };
    expect(r).toMatchObject({ verdict: 'error', target: { kind: 'p1dongle', serial: ready.serial }, presses });
    const why = `no check ran: the run stopped before the suites (${code}): `;
    expect(r.checks.filter((c) => c.status !== 'skip' || !c.message.startsWith(why))).toEqual([]);
    expect(r.checks).toHaveLength(clauses.length);
    expect(r.requests).toBeGreaterThan(0);
    expect(await junitSchemaErrors(await readFile(path.join(out, 'junit.xml'), 'utf8'))).toEqual([]);
    for (const f of ['report.html', 'exchanges.har']) expect((await stat(path.join(out, f))).size).toBeGreaterThan(0);
  }

  test('a hook that never presses: exit 2 within --press-timeout + 5 s, naming the option to change; the reports say so', async () => {
    const out = path.join(dir, 'never');
    const res = await sharedCli([
      'run',
      '--host',
      '127.0.0.1',
      '--http-port',
      String(ready.httpPort),
      '--https-port',
      String(ready.httpsPort),
      '--ca',
      ready.ca,
      '--press-hook',
      'true',
      '--press-timeout',
      '3',
      '--token-store',
      path.join(dir, 'never.json'),
      '--reports',
      out,
    ]);
    expect(res.code).toBe(2);
    // The contract's 5 s, and the CLI's own start, which a machine busy with the other tests can stretch.
    expect(res.ms).toBeLessThan(3000 + 5000 + 5000);
    expect(res.stderr).toMatch(/no button press was seen within 3 s; .*raise --press-timeout \[EC_PAIRING_TIMEOUT\]/);
    // The press was asked for and never seen: asked, not counted as given.
    await stoppedReports(out, 'EC_PAIRING_TIMEOUT', { count: 0, asked: 1, backend: 'press-hook' });
  });

  test('no token, no hook and no terminal: exit 2 at once, saying how to give a token; the reports say so', async () => {
    const out = path.join(dir, 'no-token');
    const res = await sharedCli([
      'run',
      '--host',
      '127.0.0.1',
      '--http-port',
      String(ready.httpPort),
      '--https-port',
      String(ready.httpsPort),
      '--ca',
      ready.ca,
      '--token-store',
      path.join(dir, 'none.json'),
      '--reports',
      out,
    ]);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/--token .*ENERGY_CONFORM_TOKEN.*--press-hook.*run on a terminal/);
    expect(res.stdout).toMatch(/verdict: ERROR — 0 pass, 0 fail, 0 warn, 0 observed, 0 error, \d+ skipped/);
    await stoppedReports(out, 'EC_NO_TOKEN_SOURCE', { count: 0, asked: 0, backend: null });
  });
});

describe('a selection that does not apply to the device', () => {
  test('exits 2 and says why no check ran', async () => {
    const res = await sharedCli([
      'run',
      ...target(),
      '--ca',
      ready.ca,
      '--clause',
      'SOCK-04',
      '--reports',
      path.join(dir, 'none'),
      '--token-store',
      path.join(dir, 't1.json'),
    ]);
    expect(res.code, res.stdout + res.stderr).toBe(2);
    expect(res.stderr).toMatch(/no check ran \(SOCK-04: the state endpoint exists only on the energy socket\)/);
  });
});

describe('a v2-only device whose certificate does not chain', () => {
  test("takes its kind from the certificate, fails TLS-01 and does not judge TLS-02 by the certificate's own serial", async () => {
    const emu = await startEmulator({ kind: 'battery' });
    try {
      const out = path.join(dir, 'battery-vendor');
      const res = await sharedCli([
        'run',
        '--host',
        '127.0.0.1',
        '--https-port',
        String(emu.ready.httpsPort),
        '--http-port',
        '9',
        '--reports',
        out,
        '--token-store',
        path.join(dir, 't4.json'),
      ]);
      expect(res.code, res.stdout + res.stderr).toBe(1);
      const r = await results(out);
      expect(status(r, 'TLS-01')).toBe('fail');
      expect(r.checks.find((c) => c.clause === 'TLS-02')).toMatchObject({ status: 'skip', message: expect.stringMatching(/--serial/) });
      expect(res.stdout).toMatch(/battery .*serial [0-9a-f]{12}/);
    } finally {
      await emu.close();
    }
  });
});

/** A port that accepts connections and never says anything. */
async function silentPort(): Promise<{ port: number; close: () => void }> {
  const sockets: net.Socket[] = [];
  const server = net.createServer((s) => sockets.push(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

describe('bad input ends within 30 s with exit 2 and one sentence', () => {
  const oneSentence = (stderr: string) => {
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    return lines[0]!;
  };

  test.for(['C.UTF-8', 'de_DE.UTF-8'])('an unknown flag, in the locale %s', async (locale) => {
    const res = await cli(['run', '--host', '127.0.0.1', '--no-such-flag'], { env: { LANG: locale, LC_ALL: locale, LANGUAGE: '' } });
    expect(res.code).toBe(2);
    expect(oneSentence(res.stderr)).toBe('energy-conform: `run` has no option --no-such-flag; see energy-conform --help [EC_BAD_OPTION]');
  });

  test('a flag given no value is named, not read as a flag not given (a run without --host would look for devices)', async () => {
    const res = await cli(['run', '--host', '--http-port', '8080']);
    expect(res.code).toBe(2);
    expect(oneSentence(res.stderr)).toBe('energy-conform: --host needs a value; see energy-conform --help [EC_BAD_OPTION]');
    const two = await cli(['run', '--reports', '--host']);
    expect(oneSentence(two.stderr)).toBe('energy-conform: --reports, --host need values; see energy-conform --help [EC_BAD_OPTION]');
  });

  test.for([
    [['rnu', '--host', '127.0.0.1'], 'there is no command "rnu"; did you mean run?'],
    [['run', '--hots', '127.0.0.1'], '`run` has no option --hots; did you mean --host?'],
    [['emulate', '--knd', 'p1dongle'], '`emulate` has no option --knd; did you mean --kind?'],
    [['run', '--host', '127.0.0.1', '--http-port', 'abc'], '--http-port takes a number, not "abc"'],
    [['run', '--host', '127.0.0.1', '--press-timeout=soon'], '--press-timeout takes a number, not "soon"'],
    [['report'], '`report` needs more: energy-conform report <results>'],
    [['discover', '--json', '--matrix'], '--json and --matrix together: choose one'],
  ] as const)('%j: says %s, does nothing and exits 2', async ([args, says]) => {
    const res = await cli([...args]);
    expect(res.code).toBe(2);
    expect(oneSentence(res.stderr)).toContain(`energy-conform: ${says}`);
    expect(res.stdout).toBe('');
  });

  test('a discovery timeout out of range names the flag that gave it', async () => {
    const res = await cli(['run', '--discovery-timeout', '0']);
    expect(res.code).toBe(2);
    expect(oneSentence(res.stderr)).toMatch(/--discovery-timeout must be a number of seconds from above 0 to 120 \(got 0\)/);
  });

  test('a closed port: refused, told apart from silence, without waiting for the request timeout', async () => {
    const port = String(await closedPort());
    let other = port;
    while (other === port) other = String(await closedPort());
    const res = await cli(['run', '--host', '127.0.0.1', '--http-port', port, '--https-port', other]);
    expect(res.code).toBe(2);
    // The words tell refused from silence (no "within 10 s", below); the bound only says the run did not hang. On
    // a machine busy with the other tests the CLI's own start (vitest beside the preflight) took 11 s.
    expect(res.ms).toBeLessThan(30_000);
    expect(oneSentence(res.stderr)).toMatch(
      new RegExp(
        `no device API at 127\\.0\\.0\\.1: HTTP port ${port} refused the connection \\(nothing listens there\\); ` +
          `HTTPS port ${other} refused the connection .*check the address and ports.*\\[EC_DEVICE_UNREACHABLE\\]`,
      ),
    );
    expect(res.stderr).not.toMatch(/within \d+ s/);
  });

  test('a port that accepts connections and never answers', async () => {
    const [silent, silent2] = [await silentPort(), await silentPort()];
    try {
      const [port, other] = [String(silent.port), String(silent2.port)];
      const res = await cli(['run', '--host', '127.0.0.1', '--http-port', port, '--https-port', other]);
      expect(res.code).toBe(2);
      expect(res.ms).toBeLessThan(30_000);
      expect(oneSentence(res.stderr)).toMatch(new RegExp(`HTTP port ${port} did not answer within 10 s; HTTPS port ${other} did not answer within 10 s`));
    } finally {
      silent.close();
      silent2.close();
    }
  });
});

describe('help and version', () => {
  test("--version prints the package's version, exit 0", async () => {
    const res = await cli(['--version']);
    expect(res.code).toBe(0);
    expect(res.stdout.trim()).toBe((JSON.parse(await readFile(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version);
  });

  test("the help is in English whatever the operator's locale", async () => {
    const res = await cli(['run', '--help'], { env: { LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8', LANGUAGE: 'de' } });
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Options:$/m);
    expect(res.stdout).toMatch(/--help +Show help/);
  });

  test.for([['-h'], ['--help'], ['run', '-h'], ['emulate', '--help']] as const)('%j prints the help, with an example, exit 0', async (args) => {
    const res = await cli([...args]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^energy-conform /);
    if (args.length > 1) expect(res.stdout).toMatch(/Examples:\n {2}energy-conform \w+ /);
    expect(res.stderr).toBe('');
  });
});

describe('emulate', () => {
  test('--seed and --cert-style are told in the ready line (random seed and the real style by default)', async () => {
    expect(ready).toMatchObject({ seed: expect.any(Number), certStyle: 'real' });
    const child = spawn(process.execPath, [BIN, 'emulate', '--kind', 'battery', '--seed', '7', '--cert-style', 'cn-only'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
      expect(JSON.parse(line)).toMatchObject({ kind: 'battery', seed: 7, certStyle: 'cn-only' });
    } finally {
      child.kill('SIGTERM');
    }
  });

  test('a seed that is not a whole number from 0 to 2^32-1 is refused with exit 2', async () => {
    const res = await cli(['emulate', '--seed', '-1']);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/--seed must be a whole number from 0 to 4294967295 \(got -1\)/);
  });
});
