// What a run leaves, and how it ends, against devices that misbehave: the per-run deadline, and
// residue that could not be put back (users are in users.spec.ts).
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator } from '../emulator/emulator.js';
import { targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-hostile-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

interface Results {
  residue: string[];
  verdict: string;
  checks: { clause: string; area: string; status: string; message: string; exchanges: { url: string; error?: string }[] }[];
}

/** `paired`: the run is given a token, as a stored one would be: no press to wait for before the checks. */
async function runAgainst(kind: 'p1dongle' | 'energysocket', fault: string, extra: string[], paired = false) {
  const emu = await startEmulator({ kind, faults: [fault] });
  try {
    const out = path.join(dir, fault);
    if (paired) emu.state.press();
    const token = paired ? ['--token', emu.state.createUser('local/energy-conform')] : [];
    const res = await sharedCli(['run', ...targetArgs(emu.ready, path.join(dir, `${fault}.json`)), ...token, '--reports', out, ...extra]);
    const results = JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as Results;
    return { res, results, out, after: emu.state.snapshot() };
  } finally {
    await emu.close();
  }
}

test('--run-timeout stops a run that hangs: cleaned up, reported, exit 2, saying so', async () => {
  // Paired already, so that the deadline falls in the hanging check (10 s request timeout), not in a slow press hook.
  const { res, results } = await runAgainst('p1dongle', 'measurement-never-answers', ['--suite', 'measurement', '--run-timeout', '8'], true);
  expect(res.code).toBe(2);
  expect(res.ms).toBeLessThan(30_000);
  expect(res.stderr).toMatch(/the run was interrupted \(--run-timeout 8 s passed\) and cleaned up; the device is as the run found it/);
  expect(results.verdict).toBe('error');
});

test('a socket state the run cannot put back is residue: it fails the run and says what is left', async () => {
  const { res, results, after } = await runAgainst('energysocket', 'brightness-full-stored-as-254', ['--suite', 'socket']);
  expect(res.code).toBe(1);
  expect(after.socket).toEqual({ power_on: true, switch_lock: false, brightness: 254 });
  expect(results.residue).toEqual(['the socket reads on, unlocked, brightness 254; it was on, unlocked, brightness 255 before the run']);
  expect(res.stderr).toMatch(/the run could not leave the device as it found it: the socket reads on, unlocked, brightness 254/);
});

test('a socket whose GET /api/v1/state never answers: every report, SOCK-01 errored with its exchange, the other areas run, and the summary says what could not be put back', async () => {
  // The run's own deadline is the bound: a run that met it would end interrupted, with exit 2.
  const { res, results, out } = await runAgainst('energysocket', 'state-get-never-answers', ['--run-timeout', '60']);
  expect(res.code, res.stderr).toBe(1);
  for (const f of ['results.json', 'junit.xml', 'report.html', 'exchanges.har']) expect((await stat(path.join(out, f))).size).toBeGreaterThan(0);
  const sock01 = results.checks.find((c) => c.clause === 'SOCK-01')!;
  expect(sock01.status).toBe('error');
  expect(sock01.message).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/state: no complete answer within 10000 ms/);
  expect(sock01.exchanges).toEqual([
    expect.objectContaining({ url: expect.stringMatching(/\/api\/v1\/state$/), error: expect.stringMatching(/^EC_TRANSPORT_TIMEOUT/) }),
  ]);
  // The checks that need the state skip, saying why; every other area runs and passes.
  const sock = results.checks.filter((c) => c.area === 'socket' && c.clause !== 'SOCK-01' && c.clause !== 'SOCK-16');
  expect(sock.filter((c) => c.status !== 'skip' || c.message !== 'the run could not read the socket state before the suites (see SOCK-01)')).toEqual([]);
  const others = results.checks.filter((c) => c.area !== 'socket');
  expect(others.filter((c) => c.status === 'fail' || c.status === 'error')).toEqual([]);
  expect(new Set(others.filter((c) => c.status === 'pass').map((c) => c.area))).toEqual(
    new Set(['info', 'versioning', 'auth', 'users', 'measurement', 'errors', 'tls', 'cloud']),
  );
  const unread = 'the socket state could not be read before the suites (SOCK-01), so it could not be put back';
  expect(results.residue).toEqual([unread]);
  expect(res.stdout).toContain(`not left as found: ${unread}`);
});
