// One connection a side for a run, whatever the checks ask: sequential requests of every kind the suites
// send (DELETE with a body included) reuse it while the device keeps it alive, across the clients of the run.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ConnectionPool, connectionsOpened } from './connection-pool.js';
import { DeviceClient } from './device-client.js';

let server: http.Server;
let port: number;
const accepted: number[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(req.method === 'DELETE' ? 401 : 200, { 'content-type': 'application/json' }).end('{"error":"x"}'));
  });
  server.keepAliveTimeout = 30_000;
  server.on('connection', () => accepted.push(Date.now()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const target = () => ({ host: '127.0.0.1', httpPort: port, httpsPort: null, caPem: '', insecure: false });

test("twenty requests from ten clients sharing the run's pool: one connection, counted once", async () => {
  const pool = new ConnectionPool(target(), 2000);
  const [before, seenBefore] = [connectionsOpened(), accepted.length];
  try {
    for (let i = 0; i < 10; i++) {
      const device = new DeviceClient(target(), undefined, 2000, undefined, pool);
      await device.v1.get('/api');
      // undici would close the connection after a body on a DELETE, a method "without payload".
      await device.v1.delete('/api/user', { body: { name: 'local/x' } });
      await device.close();
    }
  } finally {
    await pool.close();
  }
  expect(accepted.length - seenBefore).toBe(1);
  expect(connectionsOpened() - before).toBe(1);
});

test('a client without a pool has its own, counted too, and closed with it', async () => {
  const [before, seenBefore] = [connectionsOpened(), accepted.length];
  for (let i = 0; i < 3; i++) {
    const device = new DeviceClient(target(), undefined, 2000);
    await device.v1.get('/api');
    await device.close();
  }
  expect(accepted.length - seenBefore).toBe(3);
  expect(connectionsOpened() - before).toBe(3);
});
