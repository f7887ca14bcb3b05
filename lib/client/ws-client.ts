// The device's WebSocket (wss://<host>/api/ws, DOC v2/websocket.mdx) as the checks talk to it: undici's
// WebSocket over a TLS connection validated as the run's HTTPS ones are (the chain; the identity is TLS-02's).
// Every message both ways is kept with its time, and the conversation is logged as one exchange (method WS),
// redacted like every other, so a failure shows the transcript it is about.
import { Agent, WebSocket } from 'undici';
import { countConnection } from './connection-pool.js';
import type { Target } from './device-client.js';
import type { Exchange, ExchangeLog } from './exchange-log.js';

export interface WsMessage {
  type: string;
  data?: unknown;
}

export interface Heard {
  /** ms since the connection was asked for. */
  at: number;
  /** The message as JSON, or null for a frame that is not a JSON object with a string `type`. */
  msg: WsMessage | null;
  text: string;
}

export const WS_PATH = '/api/ws';

/** A dispatcher for the device's WebSocket: the chain validated as the run's HTTPS is (the identity is TLS-02's). */
export const wsAgent = (target: Target): Agent =>
  new Agent({ connect: { ca: target.insecure ? undefined : target.caPem, rejectUnauthorized: !target.insecure, checkServerIdentity: () => undefined } });

/** wss://<host>:<https port>/api/ws, an IPv6 host in brackets. */
export const wsUrl = (target: Target): string => `wss://${target.host.includes(':') ? `[${target.host}]` : target.host}:${target.httpsPort}${WS_PATH}`;

/** A place in a conversation: how many messages were heard and said by then. */
export interface WsMark {
  heard: number;
  said: number;
}

export class DeviceSocket {
  readonly heard: Heard[] = [];
  private readonly said: { at: number; text: string }[] = [];
  private readonly started = Date.now();
  private readonly waiters = new Set<() => void>();
  private closedAt: number | null = null;
  /** This side asked for the close (close()): a transcript says who closed. */
  private closing = false;
  private readonly ws: WebSocket;
  private readonly agent: Agent;
  private readonly opened: Promise<boolean>;
  readonly url: string;

  constructor(
    target: Target,
    private readonly log: ExchangeLog,
  ) {
    this.agent = wsAgent(target);
    this.agent.on('connect', countConnection);
    this.url = wsUrl(target);
    this.ws = new WebSocket(this.url, { dispatcher: this.agent });
    this.opened = new Promise((resolve) => {
      this.ws.addEventListener('open', () => resolve(true));
      this.ws.addEventListener('error', () => resolve(false));
      this.ws.addEventListener('close', () => resolve(false));
    });
    this.ws.addEventListener('message', (e) => {
      const text = typeof e.data === 'string' ? e.data : String(e.data);
      let msg: WsMessage | null = null;
      try {
        const v: unknown = JSON.parse(text);
        if (typeof v === 'object' && v !== null && typeof (v as WsMessage).type === 'string') msg = v as WsMessage;
      } catch {
        /* kept as text */
      }
      this.heard.push({ at: Date.now() - this.started, msg, text });
      this.wake();
    });
    this.ws.addEventListener('close', () => {
      this.closedAt = Date.now() - this.started;
      this.wake();
    });
  }

  private wake(): void {
    for (const w of this.waiters) w();
  }

  /** Whether the handshake succeeded. */
  open(): Promise<boolean> {
    return this.opened;
  }

  get closed(): boolean {
    return this.closedAt !== null;
  }

  /** ms from the request for the connection to its close, or null while it is open. */
  get closedAfterMs(): number | null {
    return this.closedAt;
  }

  send(msg: WsMessage): void {
    const text = JSON.stringify(msg);
    this.said.push({ at: Date.now() - this.started, text });
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
  }

  /** The first message from index `from` on that `match` takes, waiting up to `ms` for it; null if none came. */
  async next(match: (m: WsMessage) => boolean, ms: number, from = 0): Promise<WsMessage | null> {
    const found = () => this.heard.slice(from).find((h) => h.msg !== null && match(h.msg))?.msg ?? null;
    return (
      found() ??
      new Promise((resolve) => {
        const done = () => {
          const m = found();
          if (m === null && !this.closed) return;
          clearTimeout(timer);
          this.waiters.delete(done);
          resolve(m);
        };
        const timer = setTimeout(() => {
          this.waiters.delete(done);
          resolve(found());
        }, ms);
        this.waiters.add(done);
      })
    );
  }

  /** Messages from index `from` on that `match` takes, after waiting `ms`. */
  async during(ms: number, match: (m: WsMessage) => boolean, from = this.heard.length): Promise<Heard[]> {
    await new Promise((r) => setTimeout(r, ms));
    return this.heard.slice(from).filter((h) => h.msg !== null && match(h.msg));
  }

  /** Whether the device closed the connection within `ms`. */
  async closesWithin(ms: number): Promise<boolean> {
    if (this.closed) return true;
    await new Promise<void>((resolve) => {
      const done = () => {
        if (!this.closed) return;
        clearTimeout(timer);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(done);
        resolve();
      }, ms);
      this.waiters.add(done);
    });
    return this.closed;
  }

  /** Where the conversation is now: a later transcript from here holds only what came after (a check's part of a shared socket). */
  mark(): WsMark {
    return { heard: this.heard.length, said: this.said.length };
  }

  /** The conversation as one exchange (from `from` on): what was sent, what came back, each with its time from the connection's start. */
  transcript(from: WsMark = { heard: 0, said: 0 }): Exchange {
    return this.log.add({
      side: 'v2',
      method: 'WS',
      url: this.url,
      requestHeaders: {},
      requestBody: this.said
        .slice(from.said)
        .map((s) => `+${s.at}ms ${s.text}`)
        .join('\n'),
      status: 101,
      responseBody: [
        ...this.heard.slice(from.heard).map((h) => `+${h.at}ms ${h.text}`),
        ...(this.closedAt === null ? [] : [`+${this.closedAt}ms (closed by ${this.closing ? 'energy-conform' : 'the device'})`]),
      ].join('\n'),
      startedAt: new Date(this.started).toISOString(),
      durationMs: Date.now() - this.started,
    });
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING) {
      this.closing = true;
      this.ws.close();
    }
    await this.agent.close().catch(() => undefined);
  }
}
