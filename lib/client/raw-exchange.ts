// One HTTP/1.1 exchange over a socket of its own, read byte for byte: what the device really sent,
// including bytes after the end of the answer's framing (a body after a 204, say), which undici
// discards and which would break the next answer on a kept-alive connection (DEL-02).
import { countConnection } from './connection-pool.js';
import net from 'node:net';
import tls from 'node:tls';

export interface RawTarget {
  host: string;
  port: number;
  /** TLS options; null for plain HTTP. */
  tls: { ca?: string; rejectUnauthorized: boolean } | null;
}

export interface RawAnswer {
  status: number;
  /** Header names lowercased; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: string;
  /** What came after the framed answer within the grace period: nothing, on a conformant device. */
  after: string;
}

const HEAD_END = '\r\n\r\n';

/** The body length the framing gives (RFC 9112 §6.3), or null: read until the connection closes. */
function framedLength(method: string, status: number, headers: Record<string, string>): number | null {
  if (method === 'HEAD' || status === 204 || status === 304 || (status >= 100 && status < 200)) return 0;
  const cl = headers['content-length'];
  return cl !== undefined && /^\d+$/.test(cl) ? Number(cl) : null;
}

export function parseHead(head: string): { status: number; headers: Record<string, string> } {
  const [statusLine = '', ...lines] = head.split('\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!m) throw new Error(`not an HTTP/1.x status line: ${JSON.stringify(statusLine.slice(0, 80))}`);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const name = line.slice(0, i).trim().toLowerCase();
    const value = line.slice(i + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  return { status: Number(m[1]), headers };
}

/** Splits what was received into head, framed body and what came after; null while the head or body is incomplete. */
export function splitAnswer(method: string, received: Buffer, closed: boolean): RawAnswer | null {
  const end = received.indexOf(HEAD_END);
  if (end < 0) return null;
  const { status, headers } = parseHead(received.subarray(0, end).toString('latin1'));
  const rest = received.subarray(end + HEAD_END.length);
  const length = framedLength(method, status, headers);
  if (length === null) return closed ? { status, headers, body: rest.toString('utf8'), after: '' } : null;
  if (rest.length < length) return null;
  return { status, headers, body: rest.subarray(0, length).toString('utf8'), after: rest.subarray(length).toString('utf8') };
}

/** How long a raw exchange reads on after the answer, by default: bytes a device writes after its answer arrive within it. */
export const RAW_GRACE_MS = 300;

/**
 * Sends `request` (a whole HTTP/1.1 message) and reads the answer, then `graceMs` more for anything after it.
 * It fails with the socket's own errors (a timeout as a TimeoutError): the client turns them into its codes.
 */
export function exchangeRaw(target: RawTarget, method: string, request: string, timeoutMs: number, graceMs: number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = target.tls
      ? tls.connect({ host: target.host, port: target.port, ...target.tls, checkServerIdentity: () => undefined })
      : net.connect({ host: target.host, port: target.port });
    socket.once('connect', countConnection);
    const chunks: Buffer[] = [];
    let grace: NodeJS.Timeout | undefined;
    const done = (err: Error | null, answer?: RawAnswer) => {
      clearTimeout(timer);
      clearTimeout(grace);
      socket.destroy();
      if (err) reject(err);
      else resolve(answer!);
    };
    const timer = setTimeout(() => done(Object.assign(new Error(`no complete answer within ${timeoutMs} ms`), { name: 'TimeoutError' })), timeoutMs);
    const settle = (closed: boolean) => {
      let answer: RawAnswer | null;
      try {
        answer = splitAnswer(method, Buffer.concat(chunks), closed);
      } catch (err) {
        return done(err as Error);
      }
      if (answer && (closed || grace === undefined)) {
        if (closed) return done(null, answer);
        grace = setTimeout(() => done(null, splitAnswer(method, Buffer.concat(chunks), true)!), graceMs);
      } else if (!answer && closed) {
        done(Object.assign(new Error('the connection closed before a complete answer'), { code: 'ECONNRESET' }));
      }
    };
    socket.once(target.tls ? 'secureConnect' : 'connect', () => socket.write(request));
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      settle(false);
    });
    socket.once('end', () => settle(true));
    socket.once('error', (err) => done(err));
  });
}
