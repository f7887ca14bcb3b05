// The device's power: a reboot closes both API servers (open connections are cut), keeps the state,
// and listens again on the same ports after the given seconds. The control port stays up: it is the bench.
import type http from 'node:http';
import { closeServer, listen } from './servers.js';

/** How long a device coming back waits for its port, should another program hold it. */
const PORT_WAIT_MS = 30_000;

export interface ApiServer {
  server: http.Server;
  port: number;
}

export class Power {
  private down: { timer: NodeJS.Timeout | undefined; resolve: () => void; back: Promise<void> } | null = null;
  private closed = false;

  constructor(private readonly host: string, private readonly servers: ApiServer[], private readonly booted: () => void) {}

  get rebooting(): boolean {
    return this.down !== null;
  }

  /**
   * Goes down for `seconds`: resolves once both servers are closed, with the promise of being back.
   * `graceMs` lets the answer that asked for the reboot reach the client first; the device counts as
   * rebooting from the call on.
   */
  async goDown(seconds: number, graceMs = 0): Promise<{ back: Promise<void> }> {
    if (this.down) return { back: this.down.back };
    if (this.closed) return { back: Promise.resolve() };
    let resolve = () => {};
    const back = new Promise<void>((r) => { resolve = r; });
    const down: NonNullable<Power['down']> = { timer: undefined, resolve, back };
    this.down = down;
    if (graceMs > 0) await new Promise((r) => setTimeout(r, graceMs));
    await Promise.all(this.servers.map(({ server }) => closeServer(server)));
    if (!this.closed) down.timer = setTimeout(() => void this.up().then(resolve), seconds * 1000);
    return { back };
  }

  /** Resolves once the device answers again (if it is already down, when that reboot ends: one at a time). */
  async reboot(seconds: number): Promise<void> {
    await (await this.goDown(seconds)).back;
  }

  private async up(): Promise<void> {
    if (this.closed) return;
    for (const s of this.servers) await this.listenWhenFree(s);
    this.booted();
    this.down = null;
  }

  /**
   * Its own port again. While it was down, another program on the machine may have taken that port for a while (one
   * given the port, or a listener that picked the same one): the device waits for it, as long as PORT_WAIT_MS.
   */
  private async listenWhenFree(s: ApiServer): Promise<void> {
    for (const started = Date.now(); ;) {
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
