// `energy-conform explore` as a person runs it, against the emulator: a clean device passes with the
// exploration's cost printed and recorded; a fault only a sequence shows fails its clause with the shrunk
// sequence, and the same seed replays the same sequence on a fresh device; Ctrl-C ends it within 5 s, the
// device as found, the reports written.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import { LINKS } from '../emulator/link.js';
import type { RunResults } from '../report/results.js';
import { BIN, targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';
import { control } from '../testing/emulator-client.js';
import { Terminal, hasTmux } from '../testing/tmux-terminal.js';
import type { KindId } from '../spec/kinds.js';
import { writeToken } from '../operator/token-store.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-explore-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const snapshot = async (emu: Emulator) => (await control(emu, '/snapshot')).json as { users: string[]; socket: unknown; cloud_enabled: unknown };
const results = async (name: string) => JSON.parse(await readFile(path.join(dir, name, 'results.json'), 'utf8')) as RunResults;

// Each press of the tests' hook starts a node process: the CLI's explorations keep to a few.
async function explore(name: string, kind: KindId, faults: string[], seed: number, presses: number, sequences = 100, extra: string[] = []) {
  const emu = await startEmulator({ kind, faults });
  try {
    const before = await snapshot(emu);
    const res = await sharedCli([
      'explore',
      ...targetArgs(emu.ready, path.join(dir, `${name}.json`)),
      '--seed',
      String(seed),
      '--presses',
      String(presses),
      '--sequences',
      String(sequences),
      ...extra,
      '--reports',
      path.join(dir, name),
    ]);
    // The pairing user stays (its token is kept for later runs); nothing else the exploration made.
    const after = await snapshot(emu);
    return { res, before, after, results: await results(name) };
  } finally {
    await emu.close();
  }
}

// Issue 32: an exploration cut short is never PASS. A press the hook reports done that opens nothing: the device's
// (PAIR-03, exit 1) where a press of the run opened a window before; else the operator's (exit 2, the hook in question).
describe.concurrent('explore stopped by a press', { timeout: 180_000 }, () => {
  test('a device that stops honouring the button after refused polls fails PAIR-03: exit 1', async () => {
    const { res, results: r } = await explore('ignored', 'p1dongle', ['press-ignored-after-refused-polls'], 3, 20, 100);
    expect(res.code, res.stdout + res.stderr).toBe(1);
    expect(r.checks.find((c) => c.clause === 'PAIR-03')).toMatchObject({
      status: 'fail',
      message: expect.stringContaining('the press hook reported the press done'),
    });
    expect(res.stdout).toMatch(/^verdict: FAIL/m);
  });

  test("a press hook that presses nothing, on a device no press of this run opened: the operator's, exit 2, the hook named", async () => {
    const emu = await startEmulator({ kind: 'p1dongle' });
    try {
      const store = path.join(dir, 'no-press.json');
      emu.state.press();
      await writeToken(store, emu.ready.serial, {
        token: emu.state.createUser('local/energy-conform'),
        name: 'local/energy-conform',
        savedAt: new Date().toISOString(),
      });
      const args = targetArgs(emu.ready, store);
      args[args.indexOf('--press-hook') + 1] = `"${process.execPath}" -e ""`;
      const res = await sharedCli(['explore', ...args, '--seed', '1', '--presses', '1', '--reports', path.join(dir, 'no-press')]);
      expect(res.code, res.stdout + res.stderr).toBe(2);
      expect(res.stderr + res.stdout).toMatch(
        /the exploration stopped early: .*no press was seen within 15 s; no press of this run opened a creation window, so the press \(the press hook\) is in question, not the device/,
      );
      expect((await results('no-press')).explored).toMatchObject({ stoppedBy: 'broken' });
    } finally {
      await emu.close();
    }
  });
});

describe.concurrent('explore', { timeout: 180_000 }, () => {
  test('a clean energy socket, the cloud switched too: exit 0, no disagreement, the cost within the budget printed and recorded, the device as found', async () => {
    const { res, before, after, results: r } = await explore('clean', 'energysocket', [], 11, 10, 40, ['--allow-cloud-toggle']);
    expect(res.code, res.stdout + res.stderr).toBe(0);
    expect(res.stdout).toMatch(
      /^explored with seed 11: no disagreement with the model; 40 sequences \(40 drawn at most, shrinking's on top\), \d+ steps, \d+\/6000 requests, \d+\/600 relay switches, \d+\/10 presses/m,
    );
    expect(r.explored).toMatchObject({ seed: 11, finding: null, stoppedBy: null });
    expect(r.explored!.spent.requests).toBeLessThanOrEqual(r.explored!.budget.requests);
    expect(r.explored!.held['SOCK-06']).toBeGreaterThan(0);
    expect(r.checks.find((c) => c.clause === 'SOCK-06')?.status).toBe('pass');
    expect([r.explored!.held['CLOUD-03'], r.explored!.held['CLOUD-04']].every((n) => (n ?? 0) > 0)).toBe(true);
    expect(r.checks.find((c) => c.clause === 'TLS-01')?.message).toMatch(/not reached by the exploration/);
    expect({ ...after, users: after.users.filter((u) => u !== 'local/energy-conform') }).toEqual(before);
    expect(await readFile(path.join(dir, 'clean', 'report.html'), 'utf8')).toContain('<h2>Explored</h2>');
  });

  test('a window opened by refused polls: PAIR-02 fails with the shrunk sequence, and --seed replays it on a fresh device', async () => {
    const fault = ['window-opened-by-refused-polls'];
    const runs = await Promise.all([explore('window-1', 'p1dongle', fault, 4, 0), explore('window-2', 'p1dongle', fault, 4, 0)]);
    for (const { res, results: r } of runs) {
      expect(res.code, res.stdout + res.stderr).toBe(1);
      expect(r.explored?.finding?.clause).toBe('PAIR-02');
      expect(r.explored?.left).toEqual(expect.arrayContaining(['creations: --presses 0', 'the cloud setting switched: give --allow-cloud-toggle']));
      expect(r.checks.find((c) => c.clause === 'PAIR-02')).toMatchObject({
        status: 'fail',
        message: expect.stringMatching(/^explore, seed 4: after \d steps? \(1\. /),
      });
      expect(res.stdout).toMatch(/explored with seed 4: a disagreement under PAIR-02 after \d steps?; replay it with --seed 4/);
    }
    const words = (r: RunResults) => r.explored!.finding!.sequence.map((s) => s.replace(/ec-[0-9a-f]{6}-/g, 'ec-<run>-'));
    expect(words(runs[1]!.results)).toEqual(words(runs[0]!.results));
    expect(runs[0]!.results.explored!.finding!.sequence.length).toBeLessThanOrEqual(4);
    // The failure's exchanges are the shrunk sequence's, the disagreeing step's first: its last POST is the one answered 200.
    const failed = runs[0]!.results.checks.find((c) => c.clause === 'PAIR-02')!;
    expect(failed.evidence).toBeGreaterThan(0);
    expect(failed.exchanges[failed.evidence! - 1]).toMatchObject({ method: 'POST', status: 200 });
    expect(failed.exchanges.slice(0, failed.evidence! - 1).every((e) => e.method === 'POST' && e.status === 403)).toBe(true);
  });

  // After the socket's rows the brightness is no longer the one read at boot: the suite's CLOUD-02 reads the socket back
  // and fails, as the exploration does in two steps; one judge, one answer (issue 32: the suite's row passed it before).
  // The socket's own clause fails with it (issue 48): its state read back after the cloud's checks is not the state before them.
  test("run --explore: a socket whose cloud PUT puts the brightness back fails CLOUD-02 in the suite's row and in the exploration, in two steps", async () => {
    const emu = await startEmulator({ kind: 'energysocket', faults: ['cloud-put-resets-brightness'] });
    try {
      const res = await sharedCli([
        'run',
        '--explore',
        '--suite',
        'socket',
        'cloud',
        ...targetArgs(emu.ready, path.join(dir, 'run-explore.json')),
        '--seed',
        '5',
        '--presses',
        '0',
        '--reports',
        path.join(dir, 'run-explore'),
      ]);
      expect(res.code, res.stdout + res.stderr).toBe(1);
      const r = await results('run-explore');
      expect(r.checks.filter((c) => c.status === 'fail').map((c) => c.clause)).toEqual(['SOCK-18', 'CLOUD-02']);
      expect(r.checks.find((c) => c.clause === 'SOCK-18')!.message).toMatch(/PUT \/api\/v1\/system → 200\); observed on, unlocked, brightness 255 /);
      const cloud02 = r.checks.find((c) => c.clause === 'CLOUD-02')!;
      expect(cloud02.rows?.map((row) => row.status)).toEqual(['fail', 'fail']);
      expect(cloud02.message).toContain('unchanged by the cloud setting');
      expect(r.explored?.finding?.sequence).toEqual([
        expect.stringMatching(/^PUT \/api\/v1\/state \{.*brightness:(0|1|128|254)\b/),
        'PUT /api/v1/system with the cloud_enabled it has, then GET /api/v1/system and GET /api/v1/state',
      ]);
    } finally {
      await emu.close();
    }
  });

  test.skipIf(!hasTmux)('without a press hook, a person at the terminal is asked for the --presses given, and no more', async () => {
    const emu = await startEmulator({ kind: 'p1dongle' });
    const term = new Terminal([
      process.execPath,
      BIN,
      'explore',
      '--host',
      emu.ready.host,
      '--http-port',
      String(emu.ready.httpPort),
      '--https-port',
      String(emu.ready.httpsPort),
      '--ca',
      emu.ready.ca,
      '--token-store',
      path.join(dir, 'person.json'),
      '--presses',
      '2',
      '--seed',
      '9',
      '--sequences',
      '30',
      '--reports',
      path.join(dir, 'person'),
    ]);
    try {
      for (const press of ['1 of 1', '1 of 2', '2 of 2']) {
        await term.waitFor(new RegExp(`waiting for the press ${press}`), 60_000);
        await control(emu, '/press');
      }
      const screen = await term.waitFor(/EXIT=\d+/, 60_000);
      expect(screen).toMatch(/EXIT=0/);
      expect(screen).not.toMatch(/press 3 of/);
      expect((await results('person')).explored?.spent.presses).toBe(2);
    } finally {
      term.close();
      await emu.close();
    }
  });

  test('Ctrl-C while exploring: exit 2 within 5 s, the device as found, the reports written', async () => {
    const emu = await startEmulator({ kind: 'energysocket', link: LINKS.wifi });
    try {
      const before = await snapshot(emu);
      const reports = path.join(dir, 'interrupted');
      const child = spawn(
        process.execPath,
        [BIN, 'explore', ...targetArgs(emu.ready, path.join(dir, 'interrupted.json')), '--seed', '3', '--presses', '10', '--reports', reports],
        { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } },
      );
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
      await new Promise<void>((resolve) => {
        const t = setInterval(() => {
          if (/exploring with seed 3/.test(out)) {
            clearInterval(t);
            resolve();
          }
        }, 50);
      });
      await new Promise((r) => setTimeout(r, 1500));
      const started = Date.now();
      child.kill('SIGINT');
      const code = await exited;
      expect(code, out).toBe(2);
      expect(Date.now() - started, out).toBeLessThan(5000);
      expect(out).toMatch(/explored with seed 3: .*stopped early \(interrupted\)/);
      for (const f of ['report.html', 'junit.xml', 'results.json', 'exchanges.har']) expect((await stat(path.join(reports, f))).size).toBeGreaterThan(0);
      const after = await snapshot(emu);
      expect({ ...after, users: after.users.filter((u) => u !== 'local/energy-conform') }).toEqual(before);
    } finally {
      await emu.close();
    }
  });
});
