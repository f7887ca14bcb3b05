// The device's power: a reboot closes both API servers (open connections are cut), keeps the state,
// and listens again on the same ports after the given seconds. The control port stays up: it is the bench.
// Away without a reboot (a device roaming between access points) is the same absence with the uptime running on;
// away for good (`seconds` null: a device stuck) lasts until the bench cycles the power.
import type http from 'node:http';
import { closeServer, listen } from './servers.js';

/** How long a device coming back waits for its port, should another program hold it. */
const PORT_WAIT_MS = 30_000;

export interface ApiServer {
  server: http.Server;
  port: number;
}

export class Power {
  private down: { timer: NodeJS.Timeout | undefined; resolve: () => void; back: Promise<void>; boots: boolean } | null = null;
  private closed = false;

  constructor(
    private readonly host: string,
    private readonly servers: ApiServer[],
    private readonly booted: () => void,
  ) {}

  get rebooting(): boolean {
    return this.down !== null;
  }

  /**
   * Goes down for `seconds`: resolves once both servers are closed, with the promise of being back.
   * `graceMs` lets the answer that asked for the reboot reach the client first; the device counts as
   * rebooting from the call on.
   */
  async goDown(seconds: number | null, graceMs = 0, boots = true): Promise<{ back: Promise<void> }> {
    if (this.down) return { back: this.down.back };
    if (this.closed) return { back: Promise.resolve() };
    let resolve = () => {};
    const back = new Promise<void>((r) => {
      resolve = r;
    });
    const down: NonNullable<Power['down']> = { timer: undefined, resolve, back, boots };
    this.down = down;
    if (graceMs > 0) await new Promise((r) => setTimeout(r, graceMs));
    await Promise.all(this.servers.map(({ server }) => closeServer(server)));
    if (!this.closed && seconds !== null) down.timer = setTimeout(() => void this.up().then(resolve), seconds * 1000);
    return { back };
  }

  /** The bench cuts the power and gives it back after `seconds`: a reboot, whatever the device was doing (stuck, away, rebooting). */
  async cycle(seconds: number): Promise<void> {
    const down = this.down;
    if (!down) {
      await this.goDown(seconds);
      return;
    }
    clearTimeout(down.timer);
    down.boots = true;
    if (!this.closed) down.timer = setTimeout(() => void this.up().then(down.resolve), seconds * 1000);
  }

  /** Resolves once the device answers again (if it is already down, when that reboot ends: one at a time). */
  async reboot(seconds: number): Promise<void> {
    await (await this.goDown(seconds)).back;
  }

  private async up(): Promise<void> {
    if (this.closed) return;
    for (const s of this.servers) await this.listenWhenFree(s);
    if (this.down?.boots !== false) this.booted();
    this.down = null;
  }

  /**
   * Its own port again. While it was down, another program on the machine may have taken that port for a while (one
   * given the port, or a listener that picked the same one): the device waits for it, as long as PORT_WAIT_MS.
   */
  private async listenWhenFree(s: ApiServer): Promise<void> {
    for (const started = Date.now(); ; ) {
      try {
        await listen(s.server, this.host, s.port);
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || this.closed || Date.now() - started > PORT_WAIT_MS) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  }

  /** The emulator stops: a reboot under way never comes back. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.down) {
      clearTimeout(this.down.timer);
      this.down.resolve();
      this.down = null;
    }
    await Promise.all(this.servers.map(({ server }) => closeServer(server)));
  }
}
