// The console backend as a person meets it: the CLI in a pseudo-terminal (tmux), the instruction and
// a live countdown on screen, the button pressed from outside (the emulator's control port).
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import { BIN } from '../testing/cli-process.js';
import { clientOf, pairedToken } from '../testing/emulator-client.js';
import { Terminal, hasTmux } from '../testing/tmux-terminal.js';

let emu: Emulator;
let dir: string;
let term: Terminal | undefined;
beforeAll(async () => {
  emu = await startEmulator({ kind: 'energymeter' });
  dir = await mkdtemp(path.join(tmpdir(), 'ec-pty-'));
});
afterEach(() => term?.close());
afterAll(async () => {
  await emu.close();
  await rm(dir, { recursive: true, force: true });
});

const target = () => ['--host', emu.ready.host, '--http-port', String(emu.ready.httpPort), '--https-port', String(emu.ready.httpsPort), '--ca', emu.ready.ca];

test.skipIf(!hasTmux)('pair on a terminal: the prompt and countdown appear, and a press from outside completes the pairing', async () => {
  const store = path.join(dir, 'tokens.json');
  term = new Terminal([process.execPath, BIN, 'pair', ...target(), '--token-store', store, '--press-timeout', '60']);
  const first = await term.waitFor(/waiting for the press 1 of 1: \d+ s left/);
  expect(first).toMatch(/press 1 of 1 \(pairing as local\/energy-conform\): press the button on the kWh meter: hold it for 1 to 3 seconds/);
  const secondsLeft = (text: string) => Number(/(\d+) s left/.exec(text)?.[1]);
  const before = secondsLeft(first);
  const deadline = Date.now() + 5000;
  while (secondsLeft(await term.screen()) >= before && Date.now() < deadline) await sleep(200);
  expect(secondsLeft(await term.screen())).toBeLessThan(before);

  await fetch(`${emu.ready.controlUrl}/press`, { method: 'POST' });
  const done = await term.waitFor(/EXIT=\d+/);
  expect(done).toMatch(/press 1 of 1 seen/);
  expect(done).toMatch(/paired as local\/energy-conform with [0-9a-f]{12}; the token is stored in/);
  expect(done).toMatch(/EXIT=0/);
  expect((await stat(store)).mode & 0o777).toBe(0o600);
  expect(emu.state.snapshot().users).toEqual(['local/energy-conform']);
});

test.skipIf(!hasTmux)('run on a terminal: after the press the run continues to its verdict', async () => {
  term = new Terminal([
    process.execPath,
    BIN,
    'run',
    ...target(),
    '--token-store',
    path.join(dir, 'run-tokens.json'),
    '--suite',
    'info',
    '--reports',
    path.join(dir, 'run-reports'),
  ]);
  await term.waitFor(/waiting for the press 1 of 1: \d+ s left/);
  await fetch(`${emu.ready.controlUrl}/press`, { method: 'POST' });
  const done = await term.waitFor(/EXIT=\d+/, 60_000);
  expect(done).toMatch(/press 1 of 1 seen/);
  expect(done).toMatch(/info +6 pass, 0 fail/);
  expect(done).toMatch(/verdict: PASS/);
  expect(done).toMatch(/EXIT=0/);
});

test.skipIf(!hasTmux)(
  "--slow on a terminal: a person's press cannot be timed, so the window checks are skipped saying why, and no press is asked",
  async () => {
    const reports = path.join(dir, 'slow-reports');
    const client = await clientOf(emu);
    const token = await pairedToken(emu, client, 'local/ec-console-slow');
    await client.close();
    term = new Terminal([
      process.execPath,
      BIN,
      'run',
      ...target(),
      '--token',
      token,
      '--token-store',
      path.join(dir, 'slow-tokens.json'),
      '--clause',
      'PAIR-08',
      'PAIR-09',
      'NAME-08',
      'INFO-01',
      '--slow',
      '--reports',
      reports,
    ]);
    const done = await term.waitFor(/EXIT=\d+/, 60_000);
    expect(done).not.toMatch(/waiting for the press/);
    expect(done).toMatch(/EXIT=0/);
    const results = JSON.parse(await readFile(path.join(reports, 'results.json'), 'utf8')) as { checks: { clause: string; status: string; message: string }[] };
    for (const id of ['PAIR-08', 'PAIR-09', 'NAME-08']) {
      expect(results.checks.find((c) => c.clause === id)).toMatchObject({
        status: 'skip',
        message: expect.stringMatching(/only a press hook tells when the press happened: run with --press-hook/),
      });
    }
  },
);
