// The device client: v1 over HTTP, v2 over HTTPS. It never throws on an HTTP status; transport
// failures become TransportError with a code. Every exchange is logged, redacted.
import { setTimeout as sleep } from 'node:timers/promises';
import { request, type Dispatcher } from 'undici';
import { ConnectionPool } from './connection-pool.js';
import { type RequestTo, TransportError } from './errors.js';
import { type Exchange, ExchangeLog } from './exchange-log.js';
import { RAW_GRACE_MS, exchangeRaw } from './raw-exchange.js';
import { REDACTED, Redactor } from './redactor.js';

export interface Target {
  host: string;
  httpPort: number | null;
  httpsPort: number | null;
  /** PEM of the CA the device must chain to; ignored with `insecure`. */
  caPem: string;
  insecure: boolean;
  /** Wait this long before each v1 request (socket state, cloud setting): --pace, for hardware that needs it. */
  v1PaceMs?: number;
}

export type { RequestTo };

export interface RequestOptions {
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as it is (with Content-Type application/json). */
  body?: unknown;
  /** Bearer token for v2 requests; omitted when undefined. */
  token?: string;
  timeoutMs?: number;
}

export interface DeviceResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
  contentType: string | undefined;
  exchange: Exchange;
}

/** Stops requests the run has given up on (by throwing), and hears how each request ended: answered (null) or not. */
export interface RequestGuard {
  before(to: RequestTo): void;
  after(to: RequestTo, err: TransportError | null): void;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 1024 * 1024;

/** Node's headers, each one string, names in lower case. */
export function flatHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function transportError(err: unknown, what: string, timeoutMs: number): TransportError {
  const e = err as { name?: string; code?: string; message?: string };
  if (
    e.name === 'TimeoutError' ||
    e.name === 'AbortError' ||
    e.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    e.code === 'UND_ERR_BODY_TIMEOUT' ||
    e.code === 'UND_ERR_CONNECT_TIMEOUT'
  ) {
    return new TransportError('EC_TRANSPORT_TIMEOUT', `${what}: no complete answer within ${timeoutMs} ms`, { cause: err });
  }
  if (e.code === 'ECONNREFUSED') return new TransportError('EC_TRANSPORT_REFUSED', `${what}: connection refused`, { cause: err });
  if (e.code === 'ECONNRESET' || e.code === 'UND_ERR_SOCKET') {
    return new TransportError('EC_TRANSPORT_RESET', `${what}: the connection was reset`, { cause: err });
  }
  if (e.code && /CERT|SSL|TLS|SIGNATURE|ISSUER/.test(e.code)) {
    return new TransportError('EC_TRANSPORT_TLS', `${what}: TLS failed (${e.code})`, { cause: err });
  }
  return new TransportError('EC_TRANSPORT_FAILED', `${what}: ${e.code ?? e.message ?? String(err)}`, { cause: err });
}

/** Credentials are redacted by name too: a malformed variant of a token is still a secret. */
function redactCredentials(h: Record<string, string>): Record<string, string> {
  if (h.authorization === undefined) return h;
  const [scheme, ...rest] = h.authorization.split(' ');
  return { ...h, authorization: rest.length ? `${scheme} ${REDACTED}` : REDACTED };
}

/** Every string under a `token` key, at any depth (a user list that wrongly carries tokens too). */
function tokensIn(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap(tokensIn);
  if (typeof v !== 'object' || v === null) return [];
  return Object.entries(v).flatMap(([k, x]) => (k === 'token' && typeof x === 'string' ? [x] : tokensIn(x)));
}

class Side {
  constructor(
    private readonly side: 'v1' | 'v2',
    private readonly base: string | null,
    /** The pool's agent at the time of each request (a pool may release its connections between requests). */
    private readonly dispatcher: () => Dispatcher,
    private readonly client: DeviceClient,
  ) {}

  get available(): boolean {
    return this.base !== null;
  }

  get = (path: string, o?: RequestOptions) => this.request('GET', path, o);
  post = (path: string, o?: RequestOptions) => this.request('POST', path, o);
  put = (path: string, o?: RequestOptions) => this.request('PUT', path, o);
  delete = (path: string, o?: RequestOptions) => this.request('DELETE', path, o);

  /** What a request sends, and how its exchange is logged. */
  private async begin(method: string, path: string, o: RequestOptions) {
    if (this.base === null) throw new TransportError('EC_TRANSPORT_NO_PORT', `the device has no ${this.side} port`);
    const to: RequestTo = { side: this.side, method, path };
    this.client.guard?.before(to);
    const headers: Record<string, string> = { ...o.headers };
    if (o.token !== undefined) {
      this.client.redactor.add(o.token);
      headers.authorization = `Bearer ${o.token}`;
    }
    let body: string | undefined;
    if (o.body !== undefined) {
      body = typeof o.body === 'string' ? o.body : JSON.stringify(o.body);
      headers['content-type'] ??= 'application/json';
    }
    const pace = this.side === 'v1' ? (this.client.target.v1PaceMs ?? 0) : 0;
    if (pace > 0) await sleep(pace);
    const url = `${this.base}${path}`;
    const started = Date.now();
    const record = (rest: Partial<Exchange>) =>
      this.client.log.add({
        side: this.side,
        method,
        url,
        requestHeaders: redactCredentials(headers),
        ...(body === undefined ? {} : { requestBody: body }),
        startedAt: new Date(started).toISOString(),
        durationMs: Date.now() - started,
        ...rest,
      });
    const failed = (te: TransportError) => {
      te.request ??= to;
      record({ error: `${te.code}: ${te.message}` });
      this.client.guard?.after(to, te);
      return te;
    };
    const answered = (rest: Partial<Exchange>) => {
      this.client.guard?.after(to, null);
      return record(rest);
    };
    return { headers, body, url, record: answered, failed, timeoutMs: o.timeoutMs ?? this.client.timeoutMs };
  }

  /** The answer as a DeviceResponse, its tokens made secrets, its exchange logged. */
  private answered(status: number, rh: Record<string, string>, text: string, record: (rest: Partial<Exchange>) => Exchange, trailing?: string): DeviceResponse {
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    // A token in any answer is a secret from now on (AUTH-08 judges where it may appear).
    for (const token of tokensIn(json)) this.client.redactor.add(token);
    const exchange = record({ status, responseHeaders: rh, responseBody: text, ...(trailing ? { trailing } : {}) });
    return { status, headers: rh, text, json, contentType: rh['content-type'], exchange };
  }

  /**
   * The exchange over a connection of its own, read byte for byte (raw-exchange.ts): `after` is what the
   * device sent after the end of its answer within `graceMs`.
   */
  async raw(method: string, path: string, o: RequestOptions & { graceMs?: number } = {}): Promise<DeviceResponse & { after: string }> {
    const { headers, body, url, record, failed, timeoutMs } = await this.begin(method, path, o);
    const { host, port } = new URL(url);
    const t = this.client.target;
    const lines = [
      `${method} ${path} HTTP/1.1`,
      `host: ${host}`,
      'connection: keep-alive',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      `content-length: ${Buffer.byteLength(body ?? '')}`,
    ];
    try {
      const a = await exchangeRaw(
        { host: t.host, port: Number(port), tls: this.side === 'v1' ? null : { ca: t.insecure ? undefined : t.caPem, rejectUnauthorized: !t.insecure } },
        method,
        `${lines.join('\r\n')}\r\n\r\n${body ?? ''}`,
        timeoutMs,
        o.graceMs ?? RAW_GRACE_MS,
      );
      return { ...this.answered(a.status, a.headers, a.body, record, a.after), after: a.after };
    } catch (err) {
      throw failed(transportError(err, `${method} ${url}`, timeoutMs));
    }
  }

  async request(method: string, path: string, o: RequestOptions = {}): Promise<DeviceResponse> {
    const { headers, body, url, record, failed, timeoutMs } = await this.begin(method, path, o);
    try {
      const res = await request(url, {
        method: method as Dispatcher.HttpMethod,
        headers,
        body,
        dispatcher: this.dispatcher(),
        signal: AbortSignal.timeout(timeoutMs),
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        // The specification's DELETE carries a body: undici would close the connection after it (a method that
        // "expects no payload"); the device keeps it alive, so the run does too.
        reset: false,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_BODY_BYTES) {
          res.body.destroy();
          throw new TransportError('EC_TRANSPORT_TOO_LARGE', `${method} ${path}: the body exceeds ${MAX_BODY_BYTES} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
      return this.answered(res.statusCode, flatHeaders(res.headers), Buffer.concat(chunks).toString('utf8'), record);
    } catch (err) {
      throw failed(err instanceof TransportError ? err : transportError(err, `${method} ${url}`, timeoutMs));
    }
  }
}

export class DeviceClient {
  readonly v1: Side;
  readonly v2: Side;
  readonly log: ExchangeLog;
  /** Its own pool, where none was given to share: closed with the client. */
  private readonly own: ConnectionPool | null;

  /** `pool`: the run's connections, shared with the other clients of the run (and left open by close()). */
  constructor(
    readonly target: Target,
    readonly redactor = new Redactor(),
    readonly timeoutMs = DEFAULT_TIMEOUT_MS,
    readonly guard?: RequestGuard,
    pool?: ConnectionPool,
  ) {
    this.log = new ExchangeLog(redactor);
    this.own = pool ? null : new ConnectionPool(target, timeoutMs);
    const agents = pool ?? this.own!;
    const host = target.host.includes(':') ? `[${target.host}]` : target.host;
    this.v1 = new Side('v1', target.httpPort === null ? null : `http://${host}:${target.httpPort}`, () => agents.plain, this);
    this.v2 = new Side('v2', target.httpsPort === null ? null : `https://${host}:${target.httpsPort}`, () => agents.secure, this);
  }

  async close(): Promise<void> {
    await this.own?.close();
  }
}
