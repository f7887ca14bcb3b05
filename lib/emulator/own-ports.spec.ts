// Claimed ports: a device keeps its API ports through a reboot, whichever process starts the next device.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { startEmulator } from './emulator.js';
import { claimPort, listenOnOwnPort, releasePort } from './own-ports.js';
import { closeServer } from './servers.js';

afterEach(() => vi.restoreAllMocks());

/** A port of the range (own-ports.ts) from a draw in [0, 1). */
const drawFor = (port: number) => (port - 20_000 + 0.5) / (32_767 - 20_000 + 1);

test('a device down for a reboot keeps its ports: a device started meanwhile is given others, and the first comes back on its own', async () => {
  const first = await startEmulator({ kind: 'p1dongle' });
  const second = http.createServer();
  try {
    const { httpsPort, httpPort } = first.ready;
    const back = first.reboot(2);
    while (
      await fetch(`http://127.0.0.1:${httpPort}/api`).then(
        () => true,
        () => false,
      )
    )
      await new Promise((r) => setTimeout(r, 20));
    // The next device's first draws fall on the ports of the one that is down.
    vi.spyOn(Math, 'random').mockReturnValueOnce(drawFor(httpsPort!)).mockReturnValueOnce(drawFor(httpPort!));
    const port = await listenOnOwnPort(second, '127.0.0.1');
    expect([httpsPort, httpPort]).not.toContain(port);
    await back;
    expect((await fetch(`http://127.0.0.1:${httpPort}/api`)).status).toBe(200);
  } finally {
    await closeServer(second);
    await first.close();
  }
});

test('a port is claimed once, by one process; released, or left by a process that has gone, it may be claimed again', async () => {
  const port = 20_000 + Math.floor(Math.random() * 12_000);
  releasePort(port);
  expect(claimPort(port)).toBe(true);
  expect(claimPort(port)).toBe(false);
  releasePort(port);
  // Another process's claim holds while it lives.
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
  await once(other, 'spawn');
  writeFileSync(path.join(tmpdir(), 'energy-conform-ports', String(port)), String(other.pid));
  expect(claimPort(port)).toBe(false);
  releasePort(port);
  expect(claimPort(port), 'a release by another process than the claimant').toBe(false);
  other.kill('SIGKILL');
  await once(other, 'exit');
  expect(claimPort(port)).toBe(true);
  releasePort(port);
});
