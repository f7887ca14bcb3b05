// Authentication 7 and TLS-01..03 on certificates made for each case; chains over real handshakes.
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestCa, issueDeviceCert, type DeviceCertOptions, type TestCa } from '../emulator/certs.js';
import { inspectCertificate } from './tls-inspect.js';
import { judgeIdentity, matchHostname, namePresentedMatches } from './tls-identity.js';

const SERIAL = '5c2fafaabbcc';
const ID = `appliance/p1dongle/${SERIAL}`;
let ca: TestCa;
let otherCa: TestCa;
const servers: tls.Server[] = [];

beforeAll(async () => {
  [ca, otherCa] = await Promise.all([createTestCa(), createTestCa('another CA')]);
});
afterAll(() => {
  for (const s of servers) s.close();
});

const pem = async (o: DeviceCertOptions, issuer = ca) => (await issueDeviceCert(issuer, o)).certPem;

async function serve(o: DeviceCertOptions, issuer: TestCa): Promise<number> {
  const { certPem, keyPem } = await issueDeviceCert(issuer, o);
  const server = tls.createServer({ cert: certPem, key: keyPem }, (s) => s.end());
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

// The same certificate gets the same outcome on every runtime: the rule is the project's (tls-identity.ts),
// not Node's checkServerIdentity. Run this file under Node 20, 22 and 24 (docs/architecture.md says how).
type IdRow = [name: string, cert: DeviceCertOptions, foundIn: 'cn' | 'san' | null, accepted: boolean];
const ID_ROWS: IdRow[] = [
  ['CN only', { commonName: ID }, 'cn', true],
  ['DNS SAN only', { sans: [{ type: 'dns', value: ID }] }, 'san', true],
  ['CN and the same DNS SAN', { commonName: ID, sans: [{ type: 'dns', value: ID }] }, 'cn', true],
  ['CN with a DNS SAN that hides it (real P1 meters)', { commonName: ID, sans: [{ type: 'dns', value: SERIAL }] }, 'cn', false],
  ['CN with a URI SAN only (no DNS name: the CN is consulted)', { commonName: ID, sans: [{ type: 'url', value: 'urn:x' }] }, 'cn', true],
  ['CN in upper case', { commonName: ID.toUpperCase() }, 'cn', true],
  ['wrong code', { commonName: `appliance/energysocket/${SERIAL}` }, null, false],
  ['wrong serial', { commonName: 'appliance/p1dongle/000000000000' }, null, false],
  ['serial one digit short (a prefix)', { commonName: ID.slice(0, -1) }, null, false],
  ['identity with a suffix', { commonName: `${ID}0` }, null, false],
  ['no names at all', {}, null, false],
];

describe('identity appliance/<code>/<serial> (TLS-02 named, TLS-03 accepted by the hostname rule)', () => {
  test.for(ID_ROWS)('%s', async ([, cert, foundIn, accepted]) => {
    const v = judgeIdentity(await pem(cert), ID);
    expect(v.foundIn).toBe(foundIn);
    expect(v.standardCheckError === null).toBe(accepted);
  });

  test('a refusal says why, and the names are listed for the failure', async () => {
    const v = judgeIdentity(await pem({ commonName: ID, sans: [{ type: 'dns', value: SERIAL }] }), ID);
    expect(v.standardCheckError).toBe(
      `${ID} does not match the certificate's DNS subject-alternative names (${SERIAL}), and with any DNS name present the CN is not consulted`,
    );
    expect(v.names).toEqual([`CN=${ID}`, `DNS:${SERIAL}`]);
  });
});

// OpenSSL's X509_check_host with X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS, one presented name at a time.
const NAME_ROWS: [presented: string, identity: string, matches: boolean][] = [
  ['appliance/p1dongle/5c2f', 'appliance/p1dongle/5c2f', true],
  ['APPLIANCE/P1DONGLE/5C2F', 'appliance/p1dongle/5c2f', true],
  ['appliance/p1dongle/5c2', 'appliance/p1dongle/5c2f', false],
  ['appliance/p1dongle/5c2f ', 'appliance/p1dongle/5c2f', false],
  ['*.local.example', 'meter.local.example', true],
  ['*.local.example', 'a.meter.local.example', false],
  ['*.local.example', '.local.example', false],
  ['*.example', 'meter.example', false],
  ['m*.local.example', 'meter.local.example', false],
  ['*.local.example', 'xn--mter-fqa.local.example', false],
  ['*', 'appliance/p1dongle/5c2f', false],
  ['*.local.example', 'appliance/p1dongle/5c2f', false],
];

test.for(NAME_ROWS)('presented %s against %s: %s', ([presented, identity, matches]) => {
  expect(namePresentedMatches(presented, identity)).toBe(matches);
});

test('the hostname rule reads DNS names before the CN, and says when there is nothing to read', () => {
  expect(matchHostname({ commonNames: [ID], altNames: [{ type: 'ip', value: '127.0.0.1' }] }, ID)).toBeNull();
  expect(matchHostname({ commonNames: [], altNames: [] }, ID)).toMatch(/neither a DNS subject-alternative name nor a CN/);
  expect(matchHostname({ commonNames: ['other', ID], altNames: [] }, ID)).toBeNull();
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
