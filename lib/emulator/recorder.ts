// What the device sees of a client, for certify-client's judges (lib/judge/client): every connection to either API
// port with its TLS facts and who closed it, every request with its answer, the tokens issued. It watches
// the servers from beside the routes, so it records what went over the wire whatever the handlers did.
import type http from 'node:http';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { Phase } from '../spec/client-clause-types.js';
import type { KindId } from '../spec/kinds.js';
import type { Presented, SeenConnection, SeenRequest, SeenSocket, Traffic } from '../spec/traffic.js';

/** Bodies are kept up to this length: enough for every body of the API, and for a judge to see what a client sent. */
const BODY_KEPT = 16 * 1024;

/**
 * The TCP connection a server's TLS socket runs over. Node keeps it as `_parent` (Node 20 to 24); a failed handshake's
 * socket has lost its address by the time it is reported, so the connection itself is the only key to what it was shown.
 */
const tcpUnder = (tls: TLSSocket): Socket => (tls as TLSSocket & { _parent?: Socket })._parent ?? tls;

export class TrafficRecorder {
  phase: Phase = 'pairing';
  /** What the HTTPS port presents to a connection opened now (the emulator's present() sets it). */
  presented: Presented = 'valid';
  private readonly t0: number;
  private readonly record: Traffic;
  private readonly ids = new WeakMap<Socket, number>();
  private readonly accepted = new WeakMap<Socket, Presented>();
  private heard: () => void = () => {};
  /** Resolves at the integration's first request. */
  readonly firstRequest = new Promise<void>((resolve) => {
    this.heard = resolve;
  });

  constructor(
    device: { kind: KindId; serial: string },
    private readonly now: () => number = Date.now,
  ) {
    this.t0 = now();
    this.record = { device, phases: [], connections: [], requests: [], sockets: [], tokens: [], away: [], presses: [] };
    this.record.phases.push({ phase: this.phase, from: 0, to: 0 });
  }

  at(): number {
    return this.now() - this.t0;
  }

  beginPhase(phase: Phase): void {
    const at = this.at();
    this.record.phases.at(-1)!.to = at;
    this.phase = phase;
    this.record.phases.push({ phase, from: at, to: at });
  }

  pressed(): void {
    this.record.presses.push(this.at());
  }

  away(from: number, to: number): void {
    this.record.away.push({ from, to });
  }

  /** Records every connection and request of one API server from now on. */
  watch(server: http.Server, side: 'v1' | 'v2'): void {
    const event = side === 'v2' ? 'secureConnection' : 'connection';
    server.on(event, (socket: Socket) => this.connected(socket, side, 'completed'));
    if (side === 'v2') {
      // The certificate a handshake gets is the one presented when its connection came in, not when it ended.
      server.on('connection', (raw: Socket) => this.accepted.set(raw, this.presented));
      server.on('tlsClientError', (_err: Error, socket: Socket) => this.connected(socket, side, 'failed'));
    }
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => this.request(req, res, side));
  }

  private connected(socket: Socket, side: 'v1' | 'v2', handshake: 'completed' | 'failed'): void {
    if (this.ids.has(socket)) return;
    const tls = socket as TLSSocket;
    const presented = this.accepted.get(tcpUnder(tls)) ?? this.presented;
    const c: SeenConnection = {
      id: this.record.connections.length + 1,
      side,
      phase: this.phase,
      openedAt: this.at(),
      closedAt: null,
      closedBy: null,
      ...(side === 'v2'
        ? {
            tls: {
              presented,
              handshake,
              sni: typeof tls.servername === 'string' ? tls.servername : null,
              protocol: tls.getProtocol?.() ?? null,
              resumed: tls.isSessionReused?.() ?? false,
            },
          }
        : {}),
    };
    if (handshake === 'failed') Object.assign(c, { closedAt: c.openedAt, closedBy: 'client' });
    this.record.connections.push(c);
    this.ids.set(socket, c.id);
    // Whoever sent the first FIN (or the client's reset) closed it: the device's own end() finishes its side before the
    // client's answering FIN comes in; a connection the device destroys (a reboot, a certificate change) sees neither.
    let first: 'client' | 'device' | null = null;
    socket.once('finish', () => (first ??= 'device'));
    socket.once('end', () => (first ??= 'client'));
    socket.once('error', () => (first ??= 'client'));
    socket.once('close', () => {
      if (c.closedAt === null) Object.assign(c, { closedAt: this.at(), closedBy: first ?? 'device' });
    });
  }

  private request(req: http.IncomingMessage, res: http.ServerResponse, side: 'v1' | 'v2'): void {
    const at = this.at();
    this.heard();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= BODY_KEPT) chunks.push(c);
    });
    const answer: Buffer[] = [];
    let headersSent: Record<string, string> = {};
    const writeHead = res.writeHead.bind(res);
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      const given = rest.find((r) => typeof r === 'object' && r !== null) as Record<string, unknown> | undefined;
      headersSent = Object.fromEntries(Object.entries(given ?? {}).map(([k, v]) => [k.toLowerCase(), String(v)]));
      return (writeHead as (...a: unknown[]) => http.ServerResponse)(status, ...rest);
    }) as typeof res.writeHead;
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const keep = (chunk: unknown) => {
      if (chunk && typeof chunk !== 'function') answer.push(Buffer.from(chunk as string | Uint8Array));
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk);
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk);
      return (end as (...a: unknown[]) => http.ServerResponse)(chunk, ...rest);
    }) as typeof res.end;
    const url = new URL(req.url ?? '/', 'http://device');
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
    const seen: SeenRequest = {
      id: this.nextId(),
      connection: this.ids.get(req.socket) ?? 0,
      side,
      phase: this.phase,
      at,
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.search.slice(1),
      headers,
      body: '',
      status: 0,
      responseBody: '',
    };
    this.record.requests.push(seen);
    req.once('end', () => (seen.body = Buffer.concat(chunks).toString('utf8')));
    // A request the device cut off (a reboot under it, or the device away) keeps status 0.
    res.once('finish', () => {
      seen.status = res.statusCode;
      seen.responseHeaders = {
        ...Object.fromEntries(Object.entries(res.getHeaders()).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)])),
        ...headersSent,
      };
      seen.responseBody = Buffer.concat(answer).toString('utf8').slice(0, BODY_KEPT);
      if (seen.method === 'POST' && seen.path === '/api/user' && seen.status === 200) this.issued(seen);
    });
  }

  /** Requests and sockets share one numbering: a verdict's evidence names either. */
  private nextId(): number {
    return this.record.requests.length + this.record.sockets.length + 1;
  }

  /** A WebSocket opened on `raw` (or cut off, the device away): what to tell of each frame, and of its close. */
  socket(raw: Socket, cut: boolean): { frame(from: 'client' | 'device', text: string): void; closed(by: 'client' | 'device'): void } {
    const at = this.at();
    const s: SeenSocket = {
      id: this.nextId(),
      connection: this.ids.get(raw) ?? 0,
      phase: this.phase,
      openedAt: at,
      closedAt: cut ? at : null,
      closedBy: cut ? 'device' : null,
      cut,
      messages: [],
    };
    this.record.sockets.push(s);
    return {
      frame: (from, text) => void s.messages.push({ at: this.at(), from, text: text.slice(0, BODY_KEPT) }),
      closed: (by) => {
        if (s.closedAt === null) Object.assign(s, { closedAt: this.at(), closedBy: by });
      },
    };
  }

  private issued(r: SeenRequest): void {
    try {
      const { name, token } = JSON.parse(r.responseBody) as { name?: unknown; token?: unknown };
      if (typeof token === 'string') this.record.tokens.push({ token, name: String(name), request: r.id, at: r.at });
    } catch {
      // Not a token: a fault's answer; the judges read what was sent.
    }
  }

  /** The record so far, the phase under way ending now. */
  traffic(): Traffic {
    const t = structuredClone(this.record);
    t.phases.at(-1)!.to = this.at();
    return t;
  }
}
