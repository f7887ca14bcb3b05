// The console backend as a person meets it: the CLI in a pseudo-terminal (tmux), the instruction and
// a live countdown on screen, the button pressed from outside (the emulator's control port).
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import { BIN } from './cli-process.js';

const hasTmux = (() => {
  try {
    execFileSync('tmux', ['-V']);
    return true;
  } catch {
    return false;
  }
})();
// One tmux server per test: a new session on a server that is still shutting down fails with
// "server exited unexpectedly".
const sockets: string[] = [];
let socket = '';
function newTerminal(command: string): void {
  socket = `ec-test-${process.pid}-${sockets.length}`;
  sockets.push(socket);
  tmux('new-session', '-d', '-s', 'ec', '-x', '160', '-y', '40', `${command}; echo EXIT=$?; sleep 60`);
}
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
const screen = () => tmux('capture-pane', '-p', '-t', 'ec');

async function waitForScreen(pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = screen();
    if (pattern.test(text)) return text;
    if (Date.now() > deadline) throw new Error(`the screen never showed ${pattern}:\n${text}`);
    await sleep(200);
  }
}

let emu: Emulator;
let dir: string;
beforeAll(async () => {
  emu = await startEmulator({ kind: 'energymeter' });
  dir = await mkdtemp(path.join(tmpdir(), 'ec-pty-'));
});
afterAll(async () => {
  for (const name of sockets) {
    try {
      execFileSync('tmux', ['-L', name, 'kill-server'], { stdio: 'ignore' });
    } catch {
      // that server has already gone
    }
  }
  await emu.close();
  await rm(dir, { recursive: true, force: true });
});

test.skipIf(!hasTmux)('pair on a terminal: the prompt and countdown appear, and a press from outside completes the pairing', async () => {
  const { ready } = emu;
  const store = path.join(dir, 'tokens.json');
  const command = [process.execPath, BIN, 'pair', '--host', ready.host, '--http-port', String(ready.httpPort),
    '--https-port', String(ready.httpsPort), '--ca', ready.ca, '--token-store', store, '--press-timeout', '60']
    .map((a) => `'${a}'`).join(' ');
  newTerminal(command);

  const first = await waitForScreen(/waiting for the press 1 of 1: \d+ s left/);
  expect(first).toMatch(/press 1 of 1 \(pairing as local\/energy-conform\): press the button on the kWh meter: hold it for 1 to 3 seconds/);
  const secondsLeft = (text: string) => Number(/(\d+) s left/.exec(text)?.[1]);
  const before = secondsLeft(first);
  const deadline = Date.now() + 5000;
  while (secondsLeft(screen()) >= before && Date.now() < deadline) await sleep(200);
  expect(secondsLeft(screen())).toBeLessThan(before);

  await fetch(`${ready.controlUrl}/press`, { method: 'POST' });
  const done = await waitForScreen(/EXIT=\d+/);
  expect(done).toMatch(/press 1 of 1 seen/);
  expect(done).toMatch(/paired as local\/energy-conform with [0-9a-f]{12}; the token is stored in/);
  expect(done).toMatch(/EXIT=0/);
  expect((await stat(store)).mode & 0o777).toBe(0o600);
  expect(emu.state.snapshot().users).toEqual(['local/energy-conform']);
});

test.skipIf(!hasTmux)('run on a terminal: after the press the run continues to its verdict', async () => {
  const { ready } = emu;
  const command = [process.execPath, BIN, 'run', '--host', ready.host, '--http-port', String(ready.httpPort),
    '--https-port', String(ready.httpsPort), '--ca', ready.ca, '--token-store', path.join(dir, 'run-tokens.json'),
    '--suite', 'info', '--reports', path.join(dir, 'run-reports')].map((a) => `'${a}'`).join(' ');
  newTerminal(command);
  await waitForScreen(/waiting for the press 1 of 1: \d+ s left/);
  await fetch(`${ready.controlUrl}/press`, { method: 'POST' });
  const done = await waitForScreen(/EXIT=\d+/, 60_000);
  expect(done).toMatch(/press 1 of 1 seen/);
  expect(done).toMatch(/info +6 pass, 0 fail/);
  expect(done).toMatch(/verdict: PASS/);
  expect(done).toMatch(/EXIT=0/);
});
