// Node HTTP/HTTPS servers around EmuRequest -> EmuResponse handlers.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { DeviceState } from './device-state.js';
import type { EmuRequest, EmuResponse } from './exchange.js';
import type { Handler } from './fault-layer.js';
import { type Link, type Slots, delayOf, underLink } from './link.js';

const MAX_BODY = 64 * 1024;

type Listener = http.RequestListener;

function listener(server: 'v1' | 'v2', handler: Handler, state: DeviceState, delay: () => number): Listener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => {
      const ms = delay();
      return ms > 0 ? setTimeout(answer, ms) : answer();
    });
    const answer = () => {
      if (res.destroyed) return;
      const url = new URL(req.url ?? '/', 'http://device');
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      const emuReq: EmuRequest = {
        server,
        method: req.method ?? 'GET',
        path: url.pathname,
        headers,
        bodyText: Buffer.concat(chunks).toString('utf8'),
        rawHeaderNames: req.rawHeaders.filter((_, i) => i % 2 === 0),
      };
      const out: EmuResponse =
        size > MAX_BODY ? { status: 413, headers: { 'content-type': 'application/json' }, body: { error: 'request:too-large' } } : handler(emuReq, state);
      write(res, out);
    };
  };
}

/** A hostile device's delivery: nothing at all (the connection stays open until the server closes), or a reset. */
function deliverHostile(res: http.ServerResponse, delivery: 'hang' | 'reset'): void {
  if (delivery !== 'reset' || !res.socket) return;
  // A TCP RST where the socket is plain TCP; a TLS socket can only be torn down.
  try {
    res.socket.resetAndDestroy();
  } catch {
    res.socket.destroy();
  }
}

/** One byte a second, until the body is out or the client gives up. */
function trickle(res: http.ServerResponse, payload: Buffer): void {
  let sent = 0;
  const timer = setInterval(() => {
    if (sent >= payload.length) {
      clearInterval(timer);
      res.end();
      return;
    }
    res.write(payload.subarray(sent, sent + 1));
    sent += 1;
  }, 1000);
  res.on('close', () => clearInterval(timer));
}

function write(res: http.ServerResponse, out: EmuResponse): void {
  if (out.delivery === 'hang' || out.delivery === 'reset') {
    deliverHostile(res, out.delivery);
    return;
  }
  const payload = out.body === undefined ? '' : typeof out.body === 'string' ? out.body : JSON.stringify(out.body);
  const headers: Record<string, string> = { ...out.headers };
  // A 204 carries only the headers its handler set (DEL-02 judges its Content-Length).
  if (out.status !== 204 && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')) {
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  res.writeHead(out.status, headers);
  if (out.delivery === 'trickle') {
    trickle(res, Buffer.from(payload));
    return;
  }
  // Node sends no body with a 204: bytes after the answer go on the socket itself.
  const { socket } = res;
  res.end(payload, () => (out.trailing ? socket?.write(out.trailing) : undefined));
}

export async function listen(server: http.Server, host: string, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/** How the device's link treats its connections and requests (link.ts); `lan` by default. */
export interface Transport {
  link: Link;
  slots: Slots;
  /** The wait of one request, in ms: the link's latency ± jitter, and a field fault's creep (field.ts). */
  delay: () => number;
}

export const linkDelay = (link: Link) => () => (link.latencyMs > 0 ? delayOf(link) : 0);

export function httpServer(handler: Handler, state: DeviceState, t: Transport): http.Server {
  return underLink(http.createServer(listener('v1', handler, state, t.delay)), t.link, t.slots);
}

export function httpsServer(handler: Handler, state: DeviceState, tls: { cert: string; key: string }, t: Transport): https.Server {
  return underLink(https.createServer(tls, listener('v2', handler, state, t.delay)), t.link, t.slots);
}

/** Emitted on a server that closes: connections upgraded away from HTTP (the WebSocket) are cut by whoever took them. */
export const CLOSING = 'energy-conform:closing';

export async function closeServer(server: http.Server): Promise<void> {
  server.emit(CLOSING);
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
