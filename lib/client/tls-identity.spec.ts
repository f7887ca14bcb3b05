// Authentication 7 and TLS-01..03 on certificates made for each case; chains over real handshakes.
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestCa, issueDeviceCert, type DeviceCertOptions, type TestCa } from '../emulator/certs.js';
import { inspectCertificate } from './tls-inspect.js';
import { judgeIdentity } from './tls-identity.js';

const SERIAL = '5c2fafaabbcc';
const ID = `appliance/p1dongle/${SERIAL}`;
let ca: TestCa;
let otherCa: TestCa;
const servers: tls.Server[] = [];

beforeAll(async () => {
  [ca, otherCa] = await Promise.all([createTestCa(), createTestCa('another CA')]);
});
afterAll(() => servers.forEach((s) => s.close()));

const pem = async (o: DeviceCertOptions, issuer = ca) => (await issueDeviceCert(issuer, o)).certPem;

async function serve(o: DeviceCertOptions, issuer: TestCa): Promise<number> {
  const { certPem, keyPem } = await issueDeviceCert(issuer, o);
  const server = tls.createServer({ cert: certPem, key: keyPem }, (s) => s.end());
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

describe('identity appliance/<code>/<serial> (TLS-02, TLS-03)', () => {
  test('in the CN only: named, and standard verification succeeds', async () => {
    const v = judgeIdentity(await pem({ commonName: ID }), ID);
    expect(v).toMatchObject({ foundIn: 'cn', standardCheckError: null });
  });

  test('in a DNS SAN only: named, and standard verification succeeds', async () => {
    const v = judgeIdentity(await pem({ sans: [{ type: 'dns', value: ID }] }), ID);
    expect(v).toMatchObject({ foundIn: 'san', standardCheckError: null });
  });

  test('in the CN with a DNS SAN that hides it: named (TLS-02 passes), standard verification fails (TLS-03 warns)', async () => {
    const v = judgeIdentity(await pem({ commonName: ID, sans: [{ type: 'dns', value: SERIAL }] }), ID);
    expect(v.foundIn).toBe('cn');
    expect(v.standardCheckError).toMatch(/does not match/);
  });

  test('with the serial in other case: still the same device', async () => {
    expect(judgeIdentity(await pem({ commonName: ID.toUpperCase() }), ID).foundIn).toBe('cn');
  });

  test('with a wrong serial: not named', async () => {
    const v = judgeIdentity(await pem({ commonName: 'appliance/p1dongle/000000000000' }), ID);
    expect(v.foundIn).toBeNull();
    expect(v.names).toEqual(['CN=appliance/p1dongle/000000000000']);
  });

  test('with a wrong code: not named', async () => {
    expect(judgeIdentity(await pem({ commonName: `appliance/energysocket/${SERIAL}` }), ID).foundIn).toBeNull();
  });
});

describe('chain to the CA (TLS-01), seen in a real handshake', () => {
  test('a certificate of the CA chains', async () => {
    const port = await serve({ commonName: ID }, ca);
    const facts = await inspectCertificate({ host: '127.0.0.1', port, caPem: ca.certPem, timeoutMs: 5000 });
    expect(facts.chainError).toBeNull();
    expect(facts.subject).toBe(`CN=${ID}`);
    expect(facts.keyType).toBe('ec prime256v1');
  });

  test('a certificate of another CA does not chain', async () => {
    const port = await serve({ commonName: ID }, otherCa);
    const facts = await inspectCertificate({ host: '127.0.0.1', port, caPem: ca.certPem, timeoutMs: 5000 });
    expect(facts.chainError).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
  });

  test('an expired certificate does not validate', async () => {
    const day = 86_400_000;
    const port = await serve({ commonName: ID, notBefore: new Date(Date.now() - 30 * day), notAfter: new Date(Date.now() - day) }, ca);
    const facts = await inspectCertificate({ host: '127.0.0.1', port, caPem: ca.certPem, timeoutMs: 5000 });
    expect(facts.chainError).toBe('CERT_HAS_EXPIRED');
  });

  test('the bundled vendor CA (X.509 v1) loads as a trust anchor: a certificate it did not issue fails to chain', async () => {
    const { readFile } = await import('node:fs/promises');
    const vendor = await readFile(new URL('../../fixtures/homewizard-ca-cert.pem', import.meta.url), 'utf8');
    const port = await serve({ commonName: ID }, ca);
    const facts = await inspectCertificate({ host: '127.0.0.1', port, caPem: vendor, timeoutMs: 5000 });
    expect(facts.chainError).toBe('UNABLE_TO_VERIFY_LEAF_SIGNATURE');
  });
});
