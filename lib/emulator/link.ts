// Field conditions: what the link and the TCP stack of a small Wi-Fi device do, as properties of the
// emulator's transport, applied below the routes and the fault layer (docs/design.md "Field conditions"), so a
// fault and a link profile combine.
import type http from 'node:http';
import type { Socket } from 'node:net';

export interface Link {
  /** Every request waits latency ± jitter (uniformly spread) before the device handles it, in ms. */
  latencyMs: number;
  jitterMs: number;
  /** TCP connection slots, shared by both API ports: a connection beyond them purges the least recently used. */
  maxConnections: number | null;
  /** An idle connection is closed after this many seconds (announced in the Keep-Alive header, as Node does). */
  idleCloseS: number;
}

/** `lan`: a device that keeps its connections alive while a client pauses. `wifi`, `esp`: small devices on Wi-Fi. */
export const LINKS = {
  lan: { latencyMs: 0, jitterMs: 0, maxConnections: null, idleCloseS: 30 },
  wifi: { latencyMs: 60, jitterMs: 40, maxConnections: 3, idleCloseS: 5 },
  esp: { latencyMs: 30, jitterMs: 20, maxConnections: 2, idleCloseS: 3 },
} as const satisfies Record<string, Link>;

export type LinkName = keyof typeof LINKS;
export const LINK_NAMES = Object.keys(LINKS) as LinkName[];

/** `60±40`, `60+-40` or `60` (ms): latency and jitter, or undefined where the text is neither. */
export function parseLatency(text: string): { latencyMs: number; jitterMs: number } | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(?:(?:±|\+-|\+\/-)\s*(\d+(?:\.\d+)?))?\s*(?:ms)?\s*$/.exec(text);
  if (!m) return undefined;
  const latencyMs = Number(m[1]);
  const jitterMs = m[2] === undefined ? 0 : Number(m[2]);
  return jitterMs <= latencyMs ? { latencyMs, jitterMs } : undefined;
}

/** The delay of one request: latency ± jitter, never below zero. */
export function delayOf(link: Pick<Link, 'latencyMs' | 'jitterMs'>, random: () => number = Math.random): number {
  return Math.max(0, link.latencyMs + (random() * 2 - 1) * link.jitterMs);
}

/** The device's connection slots: every connection to either API port, with when it last carried a request. */
export class Slots {
  private readonly open = new Map<Socket, number>();
  private clock = 0;
  /** Heard of every new connection before it takes a slot (field.ts: a leak counts them). */
  onConnection: (() => void) | null = null;

  constructor(public capacity: number | null) {}

  /** A new connection takes a slot; where none is free, the least recently used connection is closed, and with no slot at all, the new one. */
  add(socket: Socket): void {
    this.onConnection?.();
    if (this.capacity === 0) {
      socket.destroy();
      return;
    }
    this.open.set(socket, this.clock++);
    socket.once('close', () => this.open.delete(socket));
    socket.on('data', () => this.open.set(socket, this.clock++));
    if (this.capacity === null) return;
    while (this.open.size > this.capacity) {
      const [lru] = [...this.open].filter(([s]) => s !== socket).sort(([, a], [, b]) => a - b)[0] ?? [];
      if (!lru) return;
      this.open.delete(lru);
      lru.destroy();
    }
  }

  get size(): number {
    return this.open.size;
  }
}

/** Puts an API server under the link's conditions (the latency is the listener's: lib/emulator/servers.ts). */
export function underLink<S extends http.Server>(server: S, link: Link, slots: Slots): S {
  server.keepAliveTimeout = link.idleCloseS * 1000;
  server.on('connection', (socket: Socket) => slots.add(socket));
  return server;
}
