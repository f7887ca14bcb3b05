// Looks at the device's certificate in a handshake of its own: the chain is validated against the
// CA, the identity is left to judgeIdentity. No SNI carries the identity (real-world.md "TLS").
import type { X509Certificate } from 'node:crypto';
import { countConnection } from './connection-pool.js';
import tls from 'node:tls';
import type { TransportErrorCode } from '../spec/error-codes.js';
import { TransportError } from './errors.js';

export interface CertificateFacts {
  /** OpenSSL's verdict on the chain to the given CA (null error when it chains). */
  chainError: string | null;
  pem: string;
  subject: string;
  subjectAltName: string | null;
  issuer: string;
  validFrom: string;
  validTo: string;
  keyType: string;
  fingerprint256: string;
}

export function certificateFacts(cert: X509Certificate, chainError: string | null): CertificateFacts {
  const key = cert.publicKey;
  const curve = key.asymmetricKeyDetails?.namedCurve;
  return {
    chainError,
    pem: cert.toString(),
    subject: cert.subject ?? '',
    subjectAltName: cert.subjectAltName ?? null,
    issuer: cert.issuer,
    validFrom: cert.validFrom,
    validTo: cert.validTo,
    keyType: `${key.asymmetricKeyType ?? 'unknown'}${curve ? ` ${curve}` : ''}`,
    fingerprint256: cert.fingerprint256,
  };
}

export function inspectCertificate(o: { host: string; port: number; caPem: string; timeoutMs: number }): Promise<CertificateFacts> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({
      host: o.host,
      port: o.port,
      ca: o.caPem,
      rejectUnauthorized: false,
      checkServerIdentity: () => undefined,
    });
    socket.once('connect', countConnection);
    const fail = (code: TransportErrorCode, message: string, cause?: unknown) => {
      socket.destroy();
      reject(new TransportError(code, `TLS handshake with ${o.host}:${o.port}: ${message}`, { cause }));
    };
    socket.setTimeout(o.timeoutMs, () => fail('EC_TRANSPORT_TIMEOUT', `no handshake within ${o.timeoutMs} ms`));
    socket.once('error', (err: NodeJS.ErrnoException) =>
      fail(err.code === 'ECONNREFUSED' ? 'EC_TRANSPORT_REFUSED' : 'EC_TRANSPORT_TLS', err.code ?? err.message, err),
    );
    socket.once('secureConnect', () => {
      const peer = socket.getPeerX509Certificate();
      const chainError = socket.authorized ? null : String(socket.authorizationError ?? 'not authorized');
      socket.end();
      if (!peer) return fail('EC_TRANSPORT_TLS', 'the device presented no certificate');
      resolve(certificateFacts(peer, chainError));
    });
  });
}
