// Ctrl-C as a person at a terminal presses it (tmux), at a press prompt inside the suites and at the
// pairing prompt: the run ends within 5 s, the device as found, the reports written, nothing printed
// after the last line, and a press not given not counted.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import { BIN } from '../testing/cli-process.js';
import { control } from '../testing/emulator-client.js';
import { Terminal, hasTmux } from '../testing/tmux-terminal.js';

let emu: Emulator;
let dir: string;
let term: Terminal | undefined;
beforeAll(async () => {
  emu = await startEmulator({ kind: 'energysocket' });
  dir = await mkdtemp(path.join(tmpdir(), 'ec-interrupt-'));
});
afterEach(() => term?.close());
afterAll(async () => {
  await emu.close();
  await rm(dir, { recursive: true, force: true });
});

const REPORTS = ['report.html', 'junit.xml', 'results.json', 'exchanges.har'];

/** A run on a terminal with no token: it pairs by the console prompt and presses again in the users suite. */
function runOnTerminal(name: string): { term: Terminal; reports: string } {
  const reports = path.join(dir, name);
  const t = new Terminal([
    process.execPath,
    BIN,
    'run',
    '--host',
    emu.ready.host,
    '--http-port',
    String(emu.ready.httpPort),
    '--https-port',
    String(emu.ready.httpsPort),
    '--ca',
    emu.ready.ca,
    '--token-store',
    path.join(dir, `${name}.json`),
    '--reports',
    reports,
  ]);
  return { term: t, reports };
}

/** Ctrl-C; the screen once the process has ended, and how long that took. */
async function interrupt(t: Terminal): Promise<{ screen: string; ms: number }> {
  const started = Date.now();
  t.interrupt();
  const screen = await t.waitFor(/EXIT=\d+/, 30_000);
  return { screen, ms: Date.now() - started };
}

/** What the screen shows after the summary's last line. */
const afterLastLine = (screen: string) => screen.slice(screen.lastIndexOf('reports: ')).split('\n').slice(1).join('\n').trim();

test.skipIf(!hasTmux)(
  'Ctrl-C at press 2 of 3 inside the suites: exit 2 within 5 s, four reports, the device as found, nothing after the last line',
  async () => {
    await control(emu, '/reset');
    const before = (await control(emu, '/snapshot')).json as { users: string[]; socket: unknown; cloud_enabled: unknown };
    const run = runOnTerminal('in-suites');
    term = run.term;
    await term.waitFor(/waiting for the press 1 of 3: \d+ s left/);
    await control(emu, '/press');
    await term.waitFor(/waiting for the press 2 of 3: \d+ s left/, 60_000);
    const { screen, ms } = await interrupt(term);
    expect(screen).toMatch(/EXIT=2/);
    expect(ms, screen).toBeLessThan(5000);
    expect(screen).toMatch(/press 2 of 3 not given: the run stopped waiting for it/);
    expect(screen).toMatch(/the run was interrupted \(SIGINT\) and cleaned up.*the device is as the run found it/);
    expect(afterLastLine(screen)).toBe('EXIT=2');
    // Nothing more comes: no countdown goes on ticking behind the shell.
    await sleep(2500);
    expect(afterLastLine(await term.screen())).toBe('EXIT=2');
    for (const f of REPORTS) expect((await stat(path.join(run.reports, f))).size).toBeGreaterThan(0);
    const results = JSON.parse(await readFile(path.join(run.reports, 'results.json'), 'utf8')) as {
      verdict: string;
      presses: unknown;
      residue: string[];
      checks: { clause: string; status: string; message: string }[];
      notes: string[];
    };
    expect(results.notes).toContainEqual(
      expect.stringMatching(/^the run was interrupted \(SIGINT\) before its end: \d+ checks were not reached, and no profile has a verdict$/),
    );
    // The profile was not judged in full: no verdict of the device, as the run's.
    expect(results).toMatchObject({
      verdict: 'error',
      profiles: [{ profile: 'spec', verdict: 'error' }],
      presses: { count: 1, asked: 2, backend: 'console' },
      residue: [],
    });
    // The checks not reached say so: never "not implemented yet", never an error without a word.
    expect(results.checks.filter((c) => /not implemented yet/.test(c.message) || (c.status === 'error' && !c.message)).map((c) => c.clause)).toEqual([]);
    expect(results.checks.find((c) => c.clause === 'CLOUD-01')).toMatchObject({
      status: 'skip',
      message: 'not run: the run was interrupted (SIGINT) before this check',
    });
    // As found, but for the pairing user the run keeps (so that the next run needs no press).
    expect((await control(emu, '/snapshot')).json).toEqual({ ...before, users: [...before.users, 'local/energy-conform'].sort() });
  },
  120_000,
);

test.skipIf(!hasTmux)(
  'Ctrl-C at the pairing prompt: says it was interrupted, counts no press, exit 2 with the reports',
  async () => {
    await control(emu, '/reset');
    const run = runOnTerminal('at-pairing');
    term = run.term;
    await term.waitFor(/waiting for the press 1 of 3: \d+ s left/);
    const { screen, ms } = await interrupt(term);
    expect(screen).toMatch(/EXIT=2/);
    expect(ms, screen).toBeLessThan(5000);
    expect(screen).toMatch(/press 1 of 3 not given: the run stopped waiting for it/);
    expect(screen).toMatch(/interrupted \(SIGINT\) while waiting for the button press; no check ran \[EC_INTERRUPTED\]/);
    expect(screen).not.toMatch(/no press was seen/);
    expect(screen).toMatch(/0 presses/);
    expect(afterLastLine(screen)).toBe('EXIT=2');
    const results = JSON.parse(await readFile(path.join(run.reports, 'results.json'), 'utf8')) as { presses: unknown };
    expect(results.presses).toEqual({ count: 0, asked: 1, backend: 'console' });
  },
  120_000,
);
