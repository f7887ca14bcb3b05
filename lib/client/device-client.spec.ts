import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { DeviceClient } from './device-client.js';
import { REDACTED, Redactor } from './redactor.js';

const TOKEN = '0123456789ABCDEF0123456789ABCDEF';
const servers: http.Server[] = [];
afterAll(() =>
  servers.forEach((s) => {
    s.closeAllConnections();
    s.close();
  }),
);

async function serve(handler: http.RequestListener): Promise<number> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

const clientFor = (port: number, timeoutMs = 2000, redactor = new Redactor()) =>
  new DeviceClient({ host: '127.0.0.1', httpPort: port, httpsPort: null, caPem: '', insecure: false }, redactor, timeoutMs);

describe('the device client', () => {
  test('returns an HTTP error status as an answer, never as an exception', async () => {
    const port = await serve((_q, s) => s.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"x"}'));
    const res = await clientFor(port).v1.get('/api');
    expect(res).toMatchObject({ status: 500, json: { error: 'x' }, contentType: 'application/json' });
  });

  test('keeps a body that is not JSON as text', async () => {
    const port = await serve((_q, s) => s.writeHead(200, { 'content-type': 'application/json' }).end('{not json'));
    const res = await clientFor(port).v1.get('/api');
    expect(res.json).toBeUndefined();
    expect(res.text).toBe('{not json');
  });

  test('--pace: each v1 request waits its pace first, so the device sees them at least that far apart', async () => {
    const seen: number[] = [];
    const port = await serve((_q, s) => {
      seen.push(performance.now());
      s.writeHead(200).end('{}');
    });
    const client = new DeviceClient({ host: '127.0.0.1', httpPort: port, httpsPort: null, caPem: '', insecure: false, v1PaceMs: 150 });
    for (let i = 0; i < 3; i += 1) await client.v1.get('/api/v1/state');
    // A lower bound the sleep guarantees, not a speed: timers never fire early.
    expect(seen[1]! - seen[0]!).toBeGreaterThanOrEqual(140);
    expect(seen[2]! - seen[1]!).toBeGreaterThanOrEqual(140);
    await client.close();
  });

  test('ends a request the device never answers with EC_TRANSPORT_TIMEOUT', async () => {
    const port = await serve(() => undefined);
    const client = clientFor(port, 500);
    await expect(client.v1.get('/api')).rejects.toMatchObject({ code: 'EC_TRANSPORT_TIMEOUT' });
    expect(client.log.records[0]?.error).toMatch(/EC_TRANSPORT_TIMEOUT/);
  });

  test('ends a body that trickles forever with EC_TRANSPORT_TIMEOUT', async () => {
    const port = await serve((_q, s) => {
      s.writeHead(200, { 'content-type': 'application/json' });
      const t = setInterval(() => s.write(' '), 100);
      s.on('close', () => clearInterval(t));
    });
    await expect(clientFor(port, 700).v1.get('/api')).rejects.toMatchObject({ code: 'EC_TRANSPORT_TIMEOUT' });
  });

  test('reports a closed port as EC_TRANSPORT_REFUSED', async () => {
    const port = await serve(() => undefined);
    const server = servers.pop()!;
    await new Promise<void>((r) => server.close(() => r()));
    await expect(clientFor(port).v1.get('/api')).rejects.toMatchObject({ code: 'EC_TRANSPORT_REFUSED' });
  });

  test('reports a reset connection as EC_TRANSPORT_RESET', async () => {
    const port = await serve((q) => q.socket.destroy());
    await expect(clientFor(port).v1.get('/api')).rejects.toMatchObject({ code: 'EC_TRANSPORT_RESET' });
  });

  test('refuses a body over 1 MiB with EC_TRANSPORT_TOO_LARGE', async () => {
    const port = await serve((_q, s) => s.writeHead(200).end(Buffer.alloc(2 * 1024 * 1024, 0x20)));
    await expect(clientFor(port).v1.get('/api')).rejects.toMatchObject({ code: 'EC_TRANSPORT_TOO_LARGE' });
  });

  test('logs exchanges with every token redacted: sent, received, and in other case', async () => {
    const port = await serve((q, s) => {
      s.writeHead(200, { 'content-type': 'application/json' });
      s.end(
        q.method === 'POST'
          ? JSON.stringify({ name: 'local/x', token: 'FEDCBA9876543210FEDCBA9876543210' })
          : JSON.stringify({ echo: q.headers.authorization, lower: TOKEN.toLowerCase() }),
      );
    });
    const client = clientFor(port);
    await client.v1.get('/api', { token: TOKEN });
    await client.v1.post('/api/user', { body: { name: 'local/x' } });
    const log = JSON.stringify(client.log.records);
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(TOKEN.toLowerCase());
    expect(log).not.toContain('FEDCBA9876543210FEDCBA9876543210');
    expect(log).toContain(REDACTED);
  });

  test('learns tokens nested anywhere in an answer (a user list that wrongly carries them)', async () => {
    const nested = 'ABCDEF0123456789ABCDEF0123456789';
    const port = await serve((_q, s) => s.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ name: 'cloud/app', token: nested }])));
    const client = clientFor(port);
    await client.v1.get('/api/user');
    expect(JSON.stringify(client.log.records)).not.toContain(nested);
    expect(client.redactor.finds(nested)).toBe(true);
  });

  test('redacts an Authorization header by name, whatever it holds', async () => {
    const port = await serve((_q, s) => s.end());
    const client = clientFor(port);
    await client.v1.get('/api', { headers: { authorization: 'Bearer 0123456789ABCDEF0123456789ABCDE' } });
    expect(client.log.records[0]?.requestHeaders.authorization).toBe(`Bearer ${REDACTED}`);
  });
});

describe('a request guard', () => {
  test('sees every request and how it ended; a request it refuses is never sent or logged; a failure names its request', async () => {
    const seen: string[] = [];
    const port = await serve((q, s) => {
      seen.push(`${q.method} ${q.url}`);
      if (q.url === '/hang') return;
      s.writeHead(200).end('{}');
    });
    const ended: string[] = [];
    const guard = {
      before: (to: { method: string; path: string }) => {
        if (to.path === '/refused') throw new Error('given up');
      },
      after: (to: { side: string; method: string; path: string }, err: { code: string } | null) =>
        ended.push(`${to.side} ${to.method} ${to.path}: ${err?.code ?? 'answered'}`),
    };
    const device = new DeviceClient({ host: '127.0.0.1', httpPort: port, httpsPort: null, caPem: '', insecure: false }, new Redactor(), 300, guard);
    await device.v1.get('/api');
    await expect(device.v1.put('/refused', { body: {} })).rejects.toThrow('given up');
    const hang = await device.v1.get('/hang').catch((e: unknown) => e);
    expect(hang).toMatchObject({ code: 'EC_TRANSPORT_TIMEOUT', request: { side: 'v1', method: 'GET', path: '/hang' } });
    expect(seen).toEqual(['GET /api', 'GET /hang']);
    expect(device.log.records.map((e) => e.url.replace(/^http:\/\/127\.0\.0\.1:\d+/, ''))).toEqual(['/api', '/hang']);
    expect(ended).toEqual(['v1 GET /api: answered', 'v1 GET /hang: EC_TRANSPORT_TIMEOUT']);
    await device.close();
  });
});
