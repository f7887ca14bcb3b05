// The connections to a device: one pool a side for a whole run (docs/design.md "Field conditions"), not one a
// check: a small device has few connection slots, and each new connection costs the link's latency again.
import { Agent } from 'undici';
import { runScoped } from './run-scope.js';

const counted = runScoped(() => ({ opened: 0 }));
/** Every connection this process opened to a device in this run: pooled ones, raw exchanges and certificate inspections. */
export const connectionsOpened = (): number => counted().opened;
export const countConnection = (): void => {
  counted().opened += 1;
};

export class ConnectionPool {
  readonly plain: Agent;
  readonly secure: Agent;

  constructor(target: { caPem: string; insecure: boolean }, timeoutMs: number) {
    // One connection an origin: requests queue for it rather than open another (undici's pool opens a second
    // when a request is sent before the first answer's socket is marked free).
    this.plain = new Agent({ connections: 1, connect: { timeout: timeoutMs } });
    this.secure = new Agent({
      connections: 1,
      connect: {
        timeout: timeoutMs,
        ca: target.insecure ? undefined : target.caPem,
        rejectUnauthorized: !target.insecure,
        // Authentication 7: the identity `appliance/<code>/<serial>` is not a DNS name; the TLS
        // suite checks it itself (TLS-02). Here the chain alone is validated.
        checkServerIdentity: () => undefined,
      },
    });
    for (const a of [this.plain, this.secure]) a.on('connect', countConnection);
  }

  async close(): Promise<void> {
    await Promise.all([this.plain.close(), this.secure.close()]);
  }
}
