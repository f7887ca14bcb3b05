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

const shut = async (agents: { plain: Agent; secure: Agent }) => void (await Promise.all([agents.plain.close(), agents.secure.close()]));

export class ConnectionPool {
  private agents: { plain: Agent; secure: Agent };

  constructor(
    private readonly target: { caPem: string; insecure: boolean },
    private readonly timeoutMs: number,
  ) {
    this.agents = this.open();
  }

  /** Plain HTTP (v1): the agent in use now (release() puts a new one in its place). */
  get plain(): Agent {
    return this.agents.plain;
  }

  /** HTTPS (v2), likewise. */
  get secure(): Agent {
    return this.agents.secure;
  }

  private open(): { plain: Agent; secure: Agent } {
    const { target, timeoutMs } = this;
    // One connection an origin: requests queue for it rather than open another (undici's pool opens a second
    // when a request is sent before the first answer's socket is marked free).
    const plain = new Agent({ connections: 1, connect: { timeout: timeoutMs } });
    const secure = new Agent({
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
    for (const a of [plain, secure]) a.on('connect', countConnection);
    return { plain, secure };
  }

  /** Closes the connections open now, for another process to talk to the device (the suites' worker); the next request opens new ones. */
  async release(): Promise<void> {
    const was = this.agents;
    this.agents = this.open();
    await shut(was);
  }

  async close(): Promise<void> {
    await shut(this.agents);
  }
}
