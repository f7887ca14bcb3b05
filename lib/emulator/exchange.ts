// The emulator's own request/response values: handlers take an EmuRequest and return an
// EmuResponse, so the fault layer can rewrite either without touching a socket.
export interface EmuRequest {
  server: 'v1' | 'v2';
  method: string;
  path: string;
  /** Header names lowercased. */
  headers: Record<string, string | undefined>;
  /** Header names as the client spelt them, in order (a firmware that matches names case-sensitively reads these). */
  rawHeaderNames: string[];
  bodyText: string;
}

export interface EmuResponse {
  status: number;
  headers: Record<string, string>;
  /** An object or array is sent as JSON; a string as it is; undefined as an empty body. */
  body?: unknown;
  /** How a hostile device delivers it (only faults set this): never, a byte a second, or a reset connection. */
  delivery?: 'hang' | 'trickle' | 'reset';
  /** Bytes written on the connection after the answer's end (only faults set this): a body after a 204, say. */
  trailing?: string;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): EmuResponse {
  return { status, headers: { 'content-type': 'application/json', ...headers }, body };
}

export function text(status: number, body: string, headers: Record<string, string> = {}): EmuResponse {
  return { status, headers: { 'content-type': 'text/plain', ...headers }, body };
}

export function empty(status: number, headers: Record<string, string> = {}): EmuResponse {
  return { status, headers, body: undefined };
}

/** Parses a JSON body; `undefined` when it is not JSON. */
export function parseJson(bodyText: string): unknown {
  try {
    return JSON.parse(bodyText);
  } catch {
    return undefined;
  }
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** real-world.md: v2 unknown paths answer a plain-text 404. */
export const notFound = (): EmuResponse => text(404, 'Nothing matches the given URI');
export const methodNotAllowed = (allow: string): EmuResponse => text(405, 'Method not allowed', { allow });
