import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import { clientOf, pairedToken } from '../testing/emulator-client.js';
import { DeviceClient } from './device-client.js';
import { describeExchange } from './exchange-log.js';
import { splitAnswer } from './raw-exchange.js';

const bytes = (s: string) => Buffer.from(s, 'latin1');

describe('splitting what a device sent into its answer and what came after (RFC 9112 §6.3)', () => {
  test.for([
    ['an empty 204', 'DELETE', 'HTTP/1.1 204 No Content\r\ncontent-length: 0\r\n\r\n', false, { status: 204, body: '', after: '' }],
    ['a 204 followed by a body', 'DELETE', 'HTTP/1.1 204 No Content\r\n\r\n{}', false, { status: 204, body: '', after: '{}' }],
    ['a 204 that claims a length', 'DELETE', 'HTTP/1.1 204 No Content\r\nContent-Length: 2\r\n\r\n{}', false, { status: 204, body: '', after: '{}' }],
    ['a 200 with its length', 'GET', 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}', false, { status: 200, body: '{}', after: '' }],
    ['a 200 with more than its length', 'GET', 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}xy', false, { status: 200, body: '{}', after: 'xy' }],
    ['a 200 read to the close', 'GET', 'HTTP/1.1 200 OK\r\n\r\nabc', true, { status: 200, body: 'abc', after: '' }],
    ['a HEAD answer with a length', 'HEAD', 'HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n', false, { status: 200, body: '', after: '' }],
  ] as const)('%s', ([, method, raw, closed, want]) => {
    expect(splitAnswer(method, bytes(raw), closed)).toMatchObject(want);
  });

  test.for([
    ['the head is not complete', 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n', false],
    ['the body is shorter than its length', 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n{}', false],
    ['no length and the connection still open', 'HTTP/1.1 200 OK\r\n\r\nabc', false],
  ] as const)('waits while %s', ([, raw, closed]) => {
    expect(splitAnswer('GET', bytes(raw), closed)).toBeNull();
  });

  test('headers: names lowercased, repeats joined', () => {
    expect(splitAnswer('GET', bytes('HTTP/1.1 200 OK\r\nX-A: 1\r\nx-a: 2\r\nContent-Length: 0\r\n\r\n'), false)?.headers).toEqual({
      'x-a': '1, 2',
      'content-length': '0',
    });
  });

  test('something that is not HTTP is an error, not an answer', () => {
    expect(() => splitAnswer('GET', bytes('SSH-2.0-OpenSSH\r\n\r\n'), false)).toThrow(/not an HTTP\/1.x status line/);
  });
});

const servers: net.Server[] = [];
const emulators: Emulator[] = [];
afterAll(async () => {
  for (const s of servers) s.close();
  for (const e of emulators) await e.close();
});

describe('a raw exchange', () => {
  test('reads the bytes a device sends after an empty 204, which a kept-alive connection would take for the next answer', async () => {
    const server = net.createServer((socket) => socket.once('data', () => socket.write('HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n{"ok":true}')));
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const client = new DeviceClient({ host: '127.0.0.1', httpPort: (server.address() as AddressInfo).port, httpsPort: null, caPem: '', insecure: false });
    const res = await client.v1.raw('DELETE', '/api/user', { body: { name: 'local/x' }, graceMs: 200 });
    expect(res).toMatchObject({ status: 204, text: '', after: '{"ok":true}' });
    expect(describeExchange(res.exchange)).toMatch(/→ 204, then "\{\\"ok\\":true\}" after the answer's end$/);
    await client.close();
  });

  test("over HTTPS against the emulator: a conformant 204 has nothing after it, the fault's has its body; the token is redacted", async () => {
    for (const faults of [[], ['delete-204-with-body']]) {
      const emu = await startEmulator({ kind: 'p1dongle', faults });
      emulators.push(emu);
      const client = await clientOf(emu);
      const token = await pairedToken(emu, client);
      await fetch(`${emu.ready.controlUrl}/cloud-user`, { method: 'POST', body: JSON.stringify({ name: 'cloud/x' }) });
      const res = await client.v2.raw('DELETE', '/api/user', { token, body: { name: 'cloud/x' } });
      expect(res).toMatchObject({ status: 204, text: '', after: faults.length ? '{}' : '', headers: { 'content-length': '0', 'x-api-version': '2.2.0' } });
      expect(JSON.stringify(res.exchange)).not.toContain(token);
      expect(emu.state.users.has('cloud/x')).toBe(false);
      await client.close();
    }
  });
});
