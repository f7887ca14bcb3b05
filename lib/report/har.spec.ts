import { expect, test } from 'vitest';
import type { Exchange } from '../client/exchange-log.js';
import { harOf } from './har.js';

const ex = (url: string, startedAt: string, status?: number): Exchange => ({
  side: 'v2',
  method: 'GET',
  url,
  requestHeaders: {},
  ...(status === undefined ? { error: 'ECONNRESET' } : { status, responseBody: '{}' }),
  startedAt,
  durationMs: 3,
});

interface Entry {
  request: { url: string; queryString: { name: string; value: string }[] };
  response: { status: number; _error?: string };
}
const entries = (exchanges: Exchange[]) => (harOf(exchanges, { name: 'energy-conform', version: '0' }) as { log: { entries: Entry[] } }).log.entries;

test.for([
  { url: 'https://127.0.0.1:443/api/measurement', query: [] },
  {
    url: 'https://127.0.0.1:443/api/telegram?format=raw&x=a%20b',
    query: [
      { name: 'format', value: 'raw' },
      { name: 'x', value: 'a b' },
    ],
  },
  { url: 'https://127.0.0.1:443/api?', query: [] },
])('a request to $url lists its query: $query', ({ url, query }) => {
  expect(entries([ex(url, '2026-01-01T00:00:00.000Z', 200)])[0]!.request).toMatchObject({ url, queryString: query });
});

test('entries come in the order the requests were made; a transport failure is status 0 with its reason', () => {
  const got = entries([ex('http://h/b', '2026-01-01T00:00:02.000Z', 200), ex('http://h/a', '2026-01-01T00:00:01.000Z')]);
  expect(got.map((e) => e.request.url)).toEqual(['http://h/a', 'http://h/b']);
  expect(got[0]!.response).toMatchObject({ status: 0, _error: 'ECONNRESET' });
});
