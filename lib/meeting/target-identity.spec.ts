import { describe, expect, test } from 'vitest';
import { type Answered, type KindClaim, certificateClaim, decideKind, notADevice, productTypeClaim } from './target-identity.js';

const v1Socket = productTypeClaim('GET /api over HTTP', 'HWE-SKT');
const certSocket = certificateClaim('CN=appliance/energysocket/5c2faf000001');
const advertKwh = productTypeClaim('the mDNS advertisement', 'HWE-KWH1');
const unknownType = productTypeClaim('GET /api over HTTP', 'HWE-XYZ');

describe('claims', () => {
  test('a product type names its kind, an unknown one none; a certificate its code', () => {
    expect(v1Socket).toEqual([{ source: 'GET /api over HTTP', said: 'product_type HWE-SKT', kind: 'energysocket' }]);
    expect(unknownType[0]!.kind).toBeUndefined();
    expect(certSocket).toEqual([{ source: 'the certificate', said: 'appliance/energysocket/5c2faf000001', kind: 'energysocket' }]);
    expect(certificateClaim('CN=appliance/HWE-P1/5c2faf000001')[0]!.kind).toBeUndefined();
    expect(certificateClaim('CN=example.com')).toEqual([]);
    expect(productTypeClaim('x', 42)).toEqual([]);
  });
});

describe('the kind to test as', () => {
  test.for([
    { name: 'no --kind: the first claim of a known kind', given: undefined, claims: [...unknownType, ...certSocket], want: { kind: 'energysocket' } },
    { name: 'no --kind, nothing known', given: undefined, claims: unknownType, want: { kind: undefined } },
    { name: '--kind agreeing with the device', given: 'energysocket', claims: [...v1Socket, ...certSocket], want: { kind: 'energysocket' } },
    { name: '--kind where the device names no known kind', given: 'p1dongle', claims: unknownType, want: { kind: 'p1dongle' } },
    // The device's own claims disagree (an advertisement of another kind): KIND-02 judges it, not the operator.
    { name: '--kind agreeing with one of claims that disagree', given: 'energysocket', claims: [...v1Socket, ...advertKwh], want: { kind: 'energysocket' } },
  ] as { name: string; given: 'p1dongle' | 'energysocket' | undefined; claims: KindClaim[]; want: unknown }[])('$name', ({ given, claims, want }) => {
    expect(decideKind(given, claims, false)).toEqual(want);
  });

  test('--kind contradicting every claim: both named, with what to do', () => {
    expect(decideKind('p1dongle', [...v1Socket, ...certSocket], false)).toEqual({
      contradiction:
        '--kind p1dongle (P1 meter) contradicts what the device says of itself: energysocket (product_type HWE-SKT in GET /api over HTTP, ' +
        'appliance/energysocket/5c2faf000001 in the certificate); leave --kind out or give --kind energysocket; ' +
        'to test it as p1dongle all the same, add --force-kind',
    });
  });

  test('… with --force-kind: tested as given, with a note for every report', () => {
    expect(decideKind('p1dongle', v1Socket, true)).toEqual({
      kind: 'p1dongle',
      note: 'tested as p1dongle (--kind with --force-kind), although the device says it is energysocket (product_type HWE-SKT in GET /api over HTTP)',
    });
  });
});

describe('whether an energy device API is there', () => {
  const base: Answered = { host: '127.0.0.1', httpPort: 8080, httpsPort: 8443, v1Api: null, certificate: null };
  test.for([
    {
      name: 'GET /api with a product type',
      a: { ...base, v1Api: { status: 200, contentType: 'application/json', productType: true } },
      claims: v1Socket,
      want: undefined,
    },
    {
      name: 'a v2-only device: the certificate names appliance/…',
      a: { ...base, httpPort: null, certificate: { subject: 'CN=appliance/battery/1' } },
      claims: certificateClaim('CN=appliance/battery/1'),
      want: undefined,
    },
    {
      name: 'a file server',
      a: { ...base, v1Api: { status: 404, contentType: 'text/html', productType: false } },
      claims: [],
      want:
        'no energy device API at 127.0.0.1: GET /api on HTTP port 8080 answered 404 text/html; nothing completed a TLS handshake on HTTPS port 8443. ' +
        'A device of this API answers GET /api with its product_type, or presents a certificate for appliance/<kind>/<serial>: ' +
        'check --host and the ports (--http-port, --https-port)',
    },
    {
      name: "JSON without a product type, and a web server's certificate",
      a: { ...base, v1Api: { status: 200, contentType: 'application/json', productType: false }, certificate: { subject: 'CN=nas.local' } },
      claims: [],
      want: /GET \/api on HTTP port 8080 answered 200 application\/json without a product_type; the HTTPS port 8443 presented a certificate for CN=nas\.local, not appliance/,
    },
  ] as { name: string; a: Answered; claims: KindClaim[]; want: string | RegExp | undefined }[])('$name', ({ a, claims, want }) => {
    const got = notADevice(a, claims);
    if (want === undefined || typeof want === 'string') expect(got).toBe(want);
    else expect(got).toMatch(want);
  });
});
