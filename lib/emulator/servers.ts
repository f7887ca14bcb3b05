// Node HTTP/HTTPS servers around EmuRequest -> EmuResponse handlers.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { DeviceState } from './device-state.js';
import type { EmuRequest, EmuResponse } from './exchange.js';
import type { Handler } from './fault-layer.js';

const MAX_BODY = 64 * 1024;

type Listener = http.RequestListener;

function listener(server: 'v1' | 'v2', handler: Handler, state: DeviceState): Listener {
  return (req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://device');
      const headers: Record<string, string | undefined> = {};
      for (const [k, v] of Object.entries(req.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : v;
      const emuReq: EmuRequest = {
        server, method: req.method ?? 'GET', path: url.pathname, headers, bodyText: Buffer.concat(chunks).toString('utf8'),
      };
      const out: EmuResponse = size > MAX_BODY
        ? { status: 413, headers: { 'content-type': 'application/json' }, body: { error: 'request:too-large' } }
        : handler(emuReq, state);
      write(res, out);
    });
  };
}

function write(res: http.ServerResponse, out: EmuResponse): void {
  const payload = out.body === undefined ? '' : typeof out.body === 'string' ? out.body : JSON.stringify(out.body);
  const headers: Record<string, string> = { ...out.headers };
  // A 204 carries only the headers its handler set (DEL-02 judges its Content-Length).
  if (out.status !== 204 && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')) {
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  res.writeHead(out.status, headers);
  res.end(payload);
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

export function httpServer(handler: Handler, state: DeviceState): http.Server {
  return http.createServer(listener('v1', handler, state));
}

export function httpsServer(handler: Handler, state: DeviceState, tls: { cert: string; key: string }): https.Server {
  return https.createServer(tls, listener('v2', handler, state));
}

export async function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
