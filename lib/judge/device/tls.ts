// Authentication 7 (TLS-01 to TLS-03): the certificate the device presents, judged by the project's own identity
// rule (lib/client/tls-identity.ts), so that no runtime moves the verdict. Its facts are what a handshake read.
import type { CertificateFacts } from '../../client/tls-inspect.js';
import { judgeIdentity } from '../../client/tls-identity.js';
import { type Judgment, unless } from './judgment.js';

export type Certificate = Pick<CertificateFacts, 'pem' | 'chainError' | 'issuer'>;
/** The identity the certificate must name: `appliance/<code>/<serial>`. */
export interface Identity {
  identity: string;
}

/** TLS-01: the chain ends at the CA the run was given. */
export const tls01 = (c: Certificate): Judgment =>
  unless(c.chainError === null, 'a certificate chain to the given CA', `${c.chainError} (issuer ${c.issuer.replace(/\n/g, ', ')})`);

/** TLS-02: the identity is the CN or a subject-alternative name. */
export const tls02 = (c: Certificate, { identity }: Identity): Judgment => {
  const v = judgeIdentity(c.pem, identity);
  return unless(v.foundIn !== null, `a certificate naming ${identity} (CN or SAN)`, v.names.join('; ') || 'a certificate without names');
};

/** TLS-03: an ordinary TLS client's hostname check accepts the identity (RFC 6125, as OpenSSL checks it). */
export const tls03 = (c: Certificate, { identity }: Identity): Judgment => {
  const { standardCheckError } = judgeIdentity(c.pem, identity);
  return unless(
    standardCheckError === null,
    `standard hostname verification of ${identity} to succeed (RFC 6125, as OpenSSL checks it for Python's ssl)`,
    standardCheckError ?? '',
  );
};
