// A test PKI per emulator run: a CA generated at start, and a device certificate it issues,
// ECDSA P-256 like real devices. Exported as PEM for node:tls.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

const crypto = webcrypto;
x509.cryptoProvider.set(crypto as never);
const EC = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const HOUR = 3_600_000;

export interface TestCa {
  certPem: string;
  keyPem: string;
  cert: x509.X509Certificate;
  keys: CryptoKeyPair;
}

export interface IssuedCert {
  certPem: string;
  keyPem: string;
}

export interface DeviceCertOptions {
  /** Subject CN; omitted when undefined (identity in the SAN only). */
  commonName?: string;
  /** Subject alternative names as `dns:` or `url:` entries. */
  sans?: { type: 'dns' | 'url'; value: string }[];
  notBefore?: Date;
  notAfter?: Date;
  /** Hex; random by default. */
  serialNumber?: string;
}

async function keyPem(key: CryptoKey): Promise<string> {
  const der = await crypto.subtle.exportKey('pkcs8', key);
  return x509.PemConverter.encode(der, 'PRIVATE KEY');
}

function serialNumber(): string {
  // Positive, non-zero: the high bit of the first byte stays clear.
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return Buffer.from(bytes).toString('hex');
}

/**
 * A distinguished name as node:crypto writes it (`C=NL\nO=HomeWizard\nCN=…`, an attribute a line, its special
 * characters already escaped as RFC 4514 escapes them) in RFC 4514's one-line form, in its order.
 */
export const dnOf = (nodeText: string): string => nodeText.split('\n').filter(Boolean).join(', ');

/** `name`: the CA's common name, or `dn`, its whole distinguished name (a captured device's issuer, `dnOf`). */
export async function createTestCa(name = 'energy-conform emulator test CA', dn?: string): Promise<TestCa> {
  const keys = await crypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serialNumber(),
    name: dn ?? `CN=${name}`,
    notBefore: new Date(Date.now() - HOUR),
    notAfter: new Date(Date.now() + 365 * 24 * HOUR),
    signingAlgorithm: EC,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certPem: cert.toString('pem'), keyPem: await keyPem(keys.privateKey), cert, keys };
}

export async function issueDeviceCert(ca: TestCa, opts: DeviceCertOptions): Promise<IssuedCert> {
  const keys = await crypto.subtle.generateKey(EC, true, ['sign', 'verify']);
  const extensions: x509.Extension[] = [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
    new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
    await x509.AuthorityKeyIdentifierExtension.create(ca.keys.publicKey),
  ];
  if (opts.sans?.length) extensions.push(new x509.SubjectAlternativeNameExtension(opts.sans));
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: opts.serialNumber ?? serialNumber(),
    subject: opts.commonName === undefined ? '' : `CN=${opts.commonName}`,
    issuer: ca.cert.subject,
    notBefore: opts.notBefore ?? new Date(Date.now() - HOUR),
    notAfter: opts.notAfter ?? new Date(Date.now() + 365 * 24 * HOUR),
    signingAlgorithm: EC,
    publicKey: keys.publicKey,
    signingKey: ca.keys.privateKey,
    extensions,
  });
  return { certPem: cert.toString('pem'), keyPem: await keyPem(keys.privateKey) };
}
