// The users suite against the emulator, as issue 3 asks: the press plan, the device left as found,
// --forget, and what a device that will not delete leaves behind.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import { readToken, writeToken } from '../operator/token-store.js';
import { BIN, targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';
import { tokensIssued } from '../testing/emulator-client.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-users-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

interface Results {
  presses: { count: number; backend: string };
  residue: string[];
  checks: { clause: string; status: string; message: string }[];
}

/** A run, killed past `timeoutMs` (the warm CLI's 120 s by default): a --slow run waits out 30 s windows, and on a busy machine more. */
async function run(emu: Emulator, name: string, extra: string[] = [], store = 'tokens.json', timeoutMs?: number) {
  const out = path.join(dir, name);
  const res = await sharedCli(['run', ...targetArgs(emu.ready, path.join(dir, store)), '--reports', out, ...extra], { timeoutMs });
  return { res, results: JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as Results };
}

const usersChecks = (r: Results) => r.checks.filter((c) => /^(PAIR|NAME|LIST|DEL)-/.test(c.clause));

// Every run against its own emulator, side by side (the runs mostly wait): the two --slow runs, which wait out the
// device's windows, first.
test.concurrent('--slow on a clean device: the 30-second window holds at 25 s and is closed after 30 s', { timeout: 150_000 }, async () => {
  const emu = await startEmulator({ kind: 'p1dongle' });
  try {
    const { res, results } = await run(emu, 'slow', ['--clause', 'PAIR-08', 'PAIR-09', 'NAME-08', '--slow'], 'slow.json', 140_000);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    for (const id of ['PAIR-08', 'PAIR-09', 'NAME-08']) expect(results.checks.find((c) => c.clause === id)?.status).toBe('pass');
    expect(results.presses.count).toBe(3);
    expect(emu.state.snapshot().users).toEqual(['local/energy-conform']);
  } finally {
    await emu.close();
  }
});

test.concurrent('--slow against a device whose refused attempts close the creation window (conformant): the whole run passes', {
  timeout: 180_000,
}, async () => {
  const emu = await startEmulator({ kind: 'p1dongle', refusalClosesWindow: true });
  try {
    const { res, results } = await run(emu, 'closes', ['--slow'], 'closes.json', 170_000);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(results.checks.filter((c) => c.status === 'fail' || c.status === 'error')).toEqual([]);
    for (const id of ['PAIR-08', 'PAIR-09', 'NAME-05', 'NAME-06', 'NAME-08', 'LIST-05', 'DEL-03']) {
      expect(results.checks.find((c) => c.clause === id)?.status, id).toBe('pass');
    }
    const observed = results.checks.find((c) => c.clause === 'PAIR-13')!.message;
    expect(JSON.parse(observed)).toMatchObject({ refusedAttemptClosedTheWindow: true, closedBy: 'invalid JSON' });
    expect(results.residue).toEqual([]);
    expect(emu.state.snapshot().users).toEqual(['local/energy-conform']);
  } finally {
    await emu.close();
  }
});

// One emulator for three runs in turn: what the first leaves, the second finds.
describe.concurrent('the users suite against a P1 meter emulator', () => {
  let emu: Emulator;
  beforeAll(async () => {
    emu = await startEmulator({ kind: 'p1dongle' });
  });
  afterAll(async () => emu.close());

  // A whole default run with three presses, their windows waited for: 55 s on a busy two-core machine, bounded by the run's own timeouts.
  test.sequential('first contact: 3 presses, every clause that ran passes, the device as found but for the pairing user', { timeout: 180_000 }, async () => {
    const before = emu.state.snapshot();
    const issued = tokensIssued(emu);
    const { res, results } = await run(emu, 'first', [], 'tokens.json', 170_000);
    // Secrets: no token the device issued in this run is in any file the run wrote, or in its output.
    expect(issued.length).toBeGreaterThanOrEqual(3);
    const written = await readdir(path.join(dir, 'first'));
    expect(written.sort()).toEqual(['exchanges.har', 'junit.xml', 'report.html', 'results.json', 'summary.md']);
    const texts = [res.stdout, res.stderr, ...(await Promise.all(written.map((f) => readFile(path.join(dir, 'first', f), 'utf8'))))];
    for (const token of issued) for (const text of texts) expect(text.toUpperCase().includes(token)).toBe(false);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(results.presses).toEqual({ count: 3, asked: 3, backend: 'press-hook' });
    const ran = usersChecks(results).filter((c) => c.status !== 'skip');
    expect(ran.filter((c) => c.status !== 'pass' && c.status !== 'observation')).toEqual([]);
    expect(ran.length).toBeGreaterThanOrEqual(30);
    expect(results.checks.find((c) => c.clause === 'DEL-05')?.message).toMatch(/--forget/);
    expect(results.residue).toEqual([]);
    expect(emu.state.snapshot()).toEqual({ ...before, users: ['local/energy-conform'] });
  });

  test.sequential('with the stored token: 2 presses, and the device unchanged', async () => {
    const before = emu.state.snapshot();
    const { res, results } = await run(emu, 'second');
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(results.presses.count).toBe(2);
    expect(emu.state.snapshot()).toEqual(before);
  });

  test.sequential('--forget: the pairing user deletes itself (DEL-05 passes), and its stored token goes', async () => {
    const { res, results } = await run(emu, 'forget', ['--forget']);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(results.checks.find((c) => c.clause === 'DEL-05')?.status).toBe('pass');
    expect(emu.state.snapshot().users).toEqual([]);
    expect(JSON.parse(await readFile(path.join(dir, 'tokens.json'), 'utf8'))).toEqual({});
  });
});

// Two runs, each pairing with its presses: on a machine busy with the rest of npm test, more than the default minute.
test.concurrent('--clause LIST-03 alone: a list of the caller alone is no pass (skipped, saying why); with another user on the device it is judged', {
  timeout: 150_000,
}, async () => {
  const emu = await startEmulator({ kind: 'p1dongle', faults: ['list-current-false'] });
  try {
    const alone = await run(emu, 'list03-alone', ['--clause', 'LIST-03'], 'list03-tokens.json');
    expect(alone.results.checks.find((c) => c.clause === 'LIST-03')).toMatchObject({
      status: 'skip',
      message: expect.stringContaining('listed the caller alone'),
    });
    // Nothing judged: the run says so and why, exit 2 (as every run that judged no clause).
    expect(alone.res.stderr).toMatch(/no check ran \(LIST-03: every GET \/api\/user listed the caller alone/);
    expect(alone.res.code).toBe(2);
    emu.state.press();
    emu.state.createUser('local/another');
    const another = await run(emu, 'list03-another', ['--clause', 'LIST-03'], 'list03-tokens.json');
    expect(another.results.checks.find((c) => c.clause === 'LIST-03')?.status).toBe('fail');
    expect(another.res.code).toBe(1);
  } finally {
    await emu.close();
  }
});

test.concurrent('a device that does not delete: the user left behind is reported as residue and fails the run', async () => {
  const emu = await startEmulator({ kind: 'p1dongle', faults: ['delete-ignored'] });
  try {
    const { res, results } = await run(emu, 'residue', ['--suite', 'users'], 'residue-tokens.json');
    expect(res.code).toBe(1);
    expect(results.residue).toHaveLength(1);
    expect(results.residue[0]).toMatch(/^local\/ec-[0-9a-f]{6}-aZ09/);
    expect(res.stderr).toMatch(/the run could not leave the device as it found it: local\/ec-/);
  } finally {
    await emu.close();
  }
});

test.concurrent("SIGINT in the middle of the users suite: the run's users are deleted, exit 2, and it says so", async () => {
  const emu = await startEmulator({ kind: 'p1dongle' });
  try {
    const args = targetArgs(emu.ready, path.join(dir, 'sigint-tokens.json'));
    // Each press takes 2 s, so the signal lands while press 3 is pending and the run's user exists.
    args[args.indexOf('--press-hook') + 1] = `${args[args.indexOf('--press-hook') + 1]} && sleep 2`;
    const child = spawn(process.execPath, [BIN, 'run', ...args, '--reports', path.join(dir, 'sigint')], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    await new Promise<void>((resolve) =>
      child.stderr.on('data', (d) => {
        stderr += d;
        if (stderr.includes('press 3 of 3')) resolve();
      }),
    );
    expect(emu.state.snapshot().users.some((u) => u.includes('aZ09'))).toBe(true);
    child.kill('SIGINT');
    expect(await exited).toBe(2);
    expect(stderr, stderr).toMatch(
      // The run's user bears every class a name may have, a space among them.
      /the run was interrupted \(SIGINT\) and cleaned up(: deleted local\/ec-[0-9a-f]{6}-aZ09[^;]*)?; the device is as the run found it/,
    );
    expect(emu.state.snapshot().users).toEqual(['local/energy-conform']);
  } finally {
    await emu.close();
  }
});

test.concurrent.for([
  [[], 0, 'deviation'],
  [['--strict'], 1, 'deviation'],
] as const)('user/token "In development" (the socket): a MUST violation is a deviation, failing only with --strict (%j)', async ([extra, code, status]) => {
  const emu = await startEmulator({ kind: 'energysocket', faults: ['token-lowercase'] });
  try {
    const { res, results } = await run(emu, `dev-${extra.length}`, ['--suite', 'users', ...extra], `dev-${extra.length}.json`);
    expect(results.checks.find((c) => c.clause === 'PAIR-04')?.status).toBe(status);
    expect(res.code, res.stdout + res.stderr).toBe(code);
  } finally {
    await emu.close();
  }
});

test.concurrent('a stored token the device refuses: it says so, pairs again and stores the new token', async () => {
  const emu = await startEmulator({ kind: 'battery' });
  try {
    const store = path.join(dir, 'stale.json');
    await writeToken(store, emu.ready.serial, { token: 'F'.repeat(32), name: 'local/energy-conform', savedAt: '2026-01-01T00:00:00Z' });
    const { res, results } = await run(emu, 'stale', ['--suite', 'auth'], 'stale.json');
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stderr).toContain(`the stored token for ${emu.ready.serial} was refused by the device; pairing again`);
    expect(results.presses.count).toBe(1);
    expect((await readToken(store, emu.ready.serial))?.token).toBe(emu.state.users.get('local/energy-conform'));
  } finally {
    await emu.close();
  }
});
