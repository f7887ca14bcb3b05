// The recorder against real clients over real sockets: what it writes down is what went over the wire.
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import type http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { judgeTraffic } from '../judge/client/table.js';
import type { Traffic } from '../spec/traffic.js';
import { control } from '../testing/emulator-client.js';
import { type Emulator, startEmulator } from './emulator.js';
import { TrafficRecorder } from './recorder.js';

let emu: Emulator;
let recorder: TrafficRecorder;
let t: Traffic;
let token: string;
beforeAll(async () => {
  recorder = new TrafficRecorder({ kind: 'p1dongle', serial: '5c2fafaabbcc' });
  emu = await startEmulator({ kind: 'p1dongle', serial: '5c2fafaabbcc', recorder });
  const ca = await readFile(emu.ready.ca, 'utf8');
  const v2 = `https://127.0.0.1:${emu.ready.httpsPort}`;
  // One kept-alive connection: a refused pairing, the press, the token, two polls.
  const kept = new Agent({ connections: 1, connect: { ca, checkServerIdentity: () => undefined } });
  const pair = () =>
    request(`${v2}/api/user`, { method: 'POST', dispatcher: kept, headers: { 'content-type': 'application/json' }, body: '{"name":"local/recorded"}' });
  await (await pair()).body.text();
  await control(emu, '/press');
  recorder.pressed();
  ({ token } = (await (await pair()).body.json()) as { token: string });
  recorder.beginPhase('steady');
  for (let i = 0; i < 2; i += 1)
    await (await request(`${v2}/api/measurement`, { dispatcher: kept, headers: { authorization: `Bearer ${token}` } })).body.text();
  await kept.close();
  // A client that refuses the device's certificate (another CA): the handshake fails, no request.
  const refusing = new Agent({ connect: { rejectUnauthorized: true } });
  await expect(request(`${v2}/api`, { dispatcher: refusing })).rejects.toThrow();
  await refusing.close();
  // The token to the v1 port, in the query.
  await (await request(`http://127.0.0.1:${emu.ready.httpPort}/api?token=${token}`, { headers: { authorization: `Bearer ${token}` } })).body.text();
  await new Promise((r) => setTimeout(r, 100));
  t = recorder.traffic();
});
afterAll(async () => emu.close());

describe('the recorder', () => {
  test('writes down each request with its connection, phase, headers, body and answer', () => {
    expect(t.requests.map((r) => `${r.side} ${r.phase} ${r.method} ${r.path} ${r.status}`)).toEqual([
      'v2 pairing POST /api/user 403',
      'v2 pairing POST /api/user 200',
      'v2 steady GET /api/measurement 200',
      'v2 steady GET /api/measurement 200',
      'v1 steady GET /api 200',
    ]);
    const [refused, granted, poll] = t.requests;
    expect(new Set([refused!.connection, granted!.connection, poll!.connection]).size).toBe(1);
    expect(refused!.body).toBe('{"name":"local/recorded"}');
    expect(refused!.headers['content-type']).toBe('application/json');
    expect(refused!.responseBody).toContain('user:creation-not-enabled');
    expect(poll!.headers.authorization).toBe(`Bearer ${token}`);
    expect(poll!.responseBody).toMatch(/^\{/);
    expect(t.requests[4]!.query).toBe(`token=${token}`);
  });

  test('writes down the token the device issued, the press and the phases', () => {
    expect(t.tokens).toEqual([{ token, name: 'local/recorded', request: 2, at: t.requests[1]!.at }]);
    expect(t.presses).toHaveLength(1);
    expect(t.phases.map((p) => p.phase)).toEqual(['pairing', 'steady']);
    expect(t.phases[0]!.to).toBe(t.phases[1]!.from);
  });

  test('writes down each connection: its TLS facts, a refused handshake, and who closed it', () => {
    const v2 = t.connections.filter((c) => c.side === 'v2');
    expect(v2).toHaveLength(2);
    expect(v2[0]).toMatchObject({ phase: 'pairing', closedBy: 'client', tls: { presented: 'valid', handshake: 'completed', sni: null, resumed: false } });
    expect(v2[0]!.tls!.protocol).toMatch(/^TLSv1\.[23]$/);
    expect(v2[1]).toMatchObject({ phase: 'steady', tls: { handshake: 'failed' } });
    expect(t.requests.filter((r) => r.connection === v2[1]!.id)).toEqual([]);
    expect(t.connections.filter((c) => c.side === 'v1')).toHaveLength(1);
  });
});

test('what it writes down is what the judges read: the token sent to the v1 port fails CL-AUTH-01 and CL-AUTH-04, with that request and no token shown', () => {
  const outcomes = Object.fromEntries(judgeTraffic(t).map((v) => [v.clause, v]));
  const v1 = t.requests.find((r) => r.side === 'v1')!;
  for (const id of ['CL-AUTH-01', 'CL-AUTH-04']) {
    expect(outcomes[id]).toMatchObject({ status: 'fail', evidence: [v1.id] });
    expect(outcomes[id]!.message).not.toContain(token);
  }
  expect(outcomes['CL-AUTH-01']!.message).toMatch(/^GET \/api\?token=\[REDACTED\] on the HTTP \(v1\) port/);
  expect(outcomes['CL-PAIR-04']!.status).toBe('pass');
  expect(outcomes['CL-BODY-01']!.status).toBe('pass');
});

// The scenario's change of certificate can fall between a connection's arrival and its refusal: the refused certificate
// is the one it was shown, not the one presented by the time the refusal was heard (CI, 2026-11-27: a foreign-CA
// refusal written down as a refusal of the wrong identity failed an integration under CL-TLS-03).
test('a handshake refused after the certificate changed is written down with the certificate it was shown', async () => {
  class Watching extends TrafficRecorder {
    v2: http.Server | undefined;
    override watch(server: http.Server, side: 'v1' | 'v2'): void {
      super.watch(server, side);
      if (side === 'v2') this.v2 = server;
    }
  }
  const watching = new Watching({ kind: 'p1dongle', serial: '5c2fafaabbcd' });
  const device = await startEmulator({ kind: 'p1dongle', serial: '5c2fafaabbcd', recorder: watching });
  try {
    const ca = await readFile(device.ready.ca, 'utf8');
    watching.beginPhase('foreign-ca');
    await device.present('foreign-ca');
    const tcp = net.connect(device.ready.httpsPort!, '127.0.0.1');
    await once(watching.v2!, 'connection');
    watching.beginPhase('wrong-identity');
    await device.present('wrong-identity');
    const refusing = tls.connect({ socket: tcp, ca, checkServerIdentity: () => undefined });
    await expect(once(refusing, 'secureConnect')).rejects.toThrow(/certificate/i);
    while (!watching.traffic().connections.length) await new Promise((r) => setTimeout(r, 10));
    expect(watching.traffic().connections).toMatchObject([{ side: 'v2', tls: { presented: 'foreign-ca', handshake: 'failed' } }]);
  } finally {
    await device.close();
  }
});

test('who closed a connection is who sent the first FIN: the device ending it (an upgrade to a path it does not serve) is the device, though the client answers with its own', async () => {
  const watching = new TrafficRecorder({ kind: 'p1dongle', serial: '5c2fafaabbce' });
  const device = await startEmulator({ kind: 'p1dongle', serial: '5c2fafaabbce', recorder: watching });
  try {
    const ca = await readFile(device.ready.ca, 'utf8');
    const client = tls.connect({ port: device.ready.httpsPort!, host: '127.0.0.1', ca, checkServerIdentity: () => undefined });
    await once(client, 'secureConnect');
    client.write('GET /api/nope HTTP/1.1\r\nhost: device\r\nconnection: upgrade\r\nupgrade: websocket\r\n\r\n');
    // The client ends its side only once the device's FIN came in, as a client that reads to the end does.
    client.on('data', () => undefined);
    await once(client, 'end');
    client.end();
    await once(client, 'close');
    while (watching.traffic().connections[0]?.closedAt == null) await new Promise((r) => setTimeout(r, 10));
    expect(watching.traffic().connections).toMatchObject([{ side: 'v2', closedBy: 'device' }]);
    // And a client that ends first, at once, is the client.
    const refusing = tls.connect({ port: device.ready.httpsPort!, host: '127.0.0.1', ca, checkServerIdentity: () => undefined });
    await once(refusing, 'secureConnect');
    refusing.end();
    await once(refusing, 'close');
    while (watching.traffic().connections[1]?.closedAt == null) await new Promise((r) => setTimeout(r, 10));
    expect(watching.traffic().connections[1]).toMatchObject({ closedBy: 'client' });
  } finally {
    await device.close();
  }
});
