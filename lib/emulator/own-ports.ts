// The API ports of emulated devices, where none is given: each device keeps its ports through its reboots, so no
// other device on the machine may be given one while it is down. A claim is a file in the temporary folder holding
// the claiming process's pid, so that devices of other processes (the tests' workers, `emulate`) see it too; a
// claim whose process has gone is taken over.
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { listen } from './servers.js';

/**
 * Below Linux's ephemeral range (32768–60999), so that no other program's outgoing connection is given one while the
 * device is down for a reboot, and the device can listen there again.
 */
const OWN_PORTS = { from: 20_000, to: 32_767 };

const CLAIMS = path.join(tmpdir(), 'energy-conform-ports');
const claimOf = (port: number) => path.join(CLAIMS, String(port));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Claims `port` for a device of this process: false where a device of a living process has it. */
export function claimPort(port: number): boolean {
  try {
    mkdirSync(CLAIMS, { recursive: true });
    writeFileSync(claimOf(port), String(process.pid), { flag: 'wx' });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') return true;
  }
  let holder = 0;
  try {
    holder = Number(readFileSync(claimOf(port), 'utf8'));
  } catch {
    // Released meanwhile: another draw.
    return false;
  }
  // A claim being written (no pid yet), this process's, or a living process's holds.
  if (!(holder > 0) || holder === process.pid || alive(holder)) return false;
  writeFileSync(claimOf(port), String(process.pid));
  return true;
}

/** The device that claimed `port` is closed: another may be given it. */
export function releasePort(port: number): void {
  try {
    if (readFileSync(claimOf(port), 'utf8') === String(process.pid)) unlinkSync(claimOf(port));
  } catch {
    // Not claimed here, or already released.
  }
}

/** Listens on a port of OWN_PORTS picked at random that no device has claimed, and claims it. */
export async function listenOnOwnPort(server: http.Server, host: string): Promise<number> {
  for (let tries = 1; ; tries++) {
    const port = OWN_PORTS.from + Math.floor(Math.random() * (OWN_PORTS.to - OWN_PORTS.from + 1));
    if (!claimPort(port)) continue;
    try {
      return await listen(server, host, port);
    } catch (err) {
      releasePort(port);
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || tries >= 50) throw err;
    }
  }
}
