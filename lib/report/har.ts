// exchanges.har: every request of the run and what came back, in HAR 1.2 (loadable in a browser's
// developer tools). Built from the exchange log, which is redacted when it is written.
import type { Exchange } from '../client/exchange-log.js';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Content Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

const headerList = (h: Record<string, string> = {}) => Object.entries(h).map(([name, value]) => ({ name, value }));

function entry(ex: Exchange) {
  const mimeType = ex.responseHeaders?.['content-type'] ?? 'x-unknown';
  const body = ex.responseBody ?? '';
  return {
    startedDateTime: ex.startedAt,
    time: ex.durationMs,
    request: {
      method: ex.method,
      url: ex.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(ex.requestHeaders),
      // Parsed only where there is a query: most of a run's URLs have none.
      queryString: ex.url.includes('?') ? [...new URL(ex.url).searchParams].map(([name, value]) => ({ name, value })) : [],
      ...(ex.requestBody === undefined ? {} : { postData: { mimeType: ex.requestHeaders['content-type'] ?? 'application/json', text: ex.requestBody } }),
      headersSize: -1,
      bodySize: ex.requestBody === undefined ? 0 : Buffer.byteLength(ex.requestBody),
    },
    // A transport failure has no response: HAR's convention is status 0, and the reason is kept in a custom field.
    response: {
      status: ex.status ?? 0,
      statusText: ex.status === undefined ? '' : (STATUS_TEXT[ex.status] ?? ''),
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headerList(ex.responseHeaders),
      content: { size: Buffer.byteLength(body), mimeType, text: body },
      redirectURL: '',
      headersSize: -1,
      bodySize: ex.status === undefined ? -1 : Buffer.byteLength(body),
      ...(ex.error ? { _error: ex.error } : {}),
    },
    cache: {},
    timings: { send: 0, wait: ex.durationMs, receive: 0 },
    _side: ex.side,
  };
}

export function harOf(exchanges: readonly Exchange[], tool: { name: string; version: string }): unknown {
  const ordered = [...exchanges].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  return { log: { version: '1.2', creator: tool, pages: [], entries: ordered.map(entry) } };
}
