// The scenario's events on a real emulator: a newer MINOR version with new fields, a device away that cuts
// every request off, and the certificates a scenario presents (another CA, another device's identity).
import { readFile } from 'node:fs/promises';
import { connect, type PeerCertificate } from 'node:tls';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applianceIdentity } from '../spec/kinds.js';
import { clientOf, pairedToken } from '../testing/emulator-client.js';
import { type Emulator, startEmulator } from './emulator.js';
import { NEWER_FIELD, newerBody } from './events.js';

test.for([
  [
    'an object gains the field, and a v2 version becomes the newer one',
    { api_version: '2.0.0', serial: 'x' },
    { api_version: '2.9.0', serial: 'x', [NEWER_FIELD]: { since: '2.9.0', note: 'a field this client has not seen before' } },
  ],
  ['v1\'s "v1" stays', { api_version: 'v1' }, { api_version: 'v1', [NEWER_FIELD]: { since: '2.9.0', note: 'a field this client has not seen before' } }],
  [
    'each object of a list gains it',
    [{ name: 'local/a' }],
    [{ name: 'local/a', [NEWER_FIELD]: { since: '2.9.0', note: 'a field this client has not seen before' } }],
  ],
  ['a string is left as it is', 'telegram', 'telegram'],
] as const)("a newer firmware's body: %s", ([, body, expected]) => {
  expect(newerBody(body, '2.9.0')).toEqual(expected);
});

let emu: Emulator;
let ca: string;
let token: string;
beforeAll(async () => {
  emu = await startEmulator({ kind: 'p1dongle' });
  ca = await readFile(emu.ready.ca, 'utf8');
  token = await pairedToken(emu, await clientOf(emu));
});
afterAll(async () => emu.close());

const get = (path: string, o: { agent?: Agent } = {}) =>
  request(`https://127.0.0.1:${emu.ready.httpsPort}${path}`, {
    dispatcher: o.agent ?? new Agent({ connect: { ca, checkServerIdentity: () => undefined } }),
    headers: { authorization: `Bearer ${token}` },
  });

/** The certificate the HTTPS port presents now, and whether it chains to the emulator's CA. */
function presented(): Promise<{ cert: PeerCertificate; authorized: boolean }> {
  return new Promise((resolve, reject) => {
    const s = connect({ host: '127.0.0.1', port: emu.ready.httpsPort!, ca, rejectUnauthorized: false, checkServerIdentity: () => undefined }, () => {
      resolve({ cert: s.getPeerCertificate(), authorized: s.authorized });
      s.end();
    });
    s.once('error', reject);
  });
}

describe('the events of the scenario', () => {
  test('newer: X-Api-Version and api_version read 2.9.0, and every JSON object has a field more', async () => {
    emu.events.newerVersion = '2.9.0';
    try {
      const res = await get('/api');
      expect(res.headers['x-api-version']).toBe('2.9.0');
      expect(await res.body.json()).toMatchObject({ api_version: '2.9.0', [NEWER_FIELD]: { since: '2.9.0' } });
      expect(await (await get('/api/measurement')).body.json()).toHaveProperty(NEWER_FIELD);
    } finally {
      emu.events.newerVersion = null;
    }
    expect((await get('/api')).headers['x-api-version']).toBe('2.2.0');
  });

  test('away: a connection is accepted and its request cut off; back, it answers', async () => {
    emu.events.away = true;
    try {
      await expect(get('/api/measurement')).rejects.toThrow(/socket|closed|reset/i);
    } finally {
      emu.events.away = false;
    }
    expect((await get('/api/measurement')).statusCode).toBe(200);
  });

  test("present: another CA's certificate for this device, then the right CA's for another device, then the device's own; open connections cut", async () => {
    const own = applianceIdentity('p1dongle', emu.ready.serial);
    const kept = new Agent({ connections: 1, connect: { ca, checkServerIdentity: () => undefined } });
    expect((await get('/api', { agent: kept })).statusCode).toBe(200);
    await emu.present('foreign-ca');
    const foreign = await presented();
    expect([foreign.cert.subject.CN, foreign.authorized]).toEqual([own, false]);
    await expect(get('/api', { agent: kept })).rejects.toThrow();
    await emu.present('wrong-identity');
    const other = await presented();
    expect(other.authorized).toBe(true);
    expect(other.cert.subject.CN).toMatch(/^appliance\/p1dongle\/[0-9a-f]{12}$/);
    expect(other.cert.subject.CN).not.toBe(own);
    await emu.present('valid');
    expect([(await presented()).cert.subject.CN, (await presented()).authorized]).toEqual([own, true]);
    await kept.close();
  });
});
