// Authentication 7: the certificate must name `appliance/<code>/<serial>`. Standard hostname checks
// ignore the CN once any DNS SAN exists, so the identity is compared here (TLS-02) and the standard
// check is reported on its own (TLS-03).
import { X509Certificate } from 'node:crypto';
import tls from 'node:tls';

export interface IdentityVerdict {
  /** Where the identity was found: the subject CN, a SAN, or nowhere. */
  foundIn: 'cn' | 'san' | null;
  /** What the certificate names, for the failure message. */
  names: string[];
  /** Error of Node's standard hostname check with the identity, null when it passes. */
  standardCheckError: string | null;
}

function commonNames(subject: string | undefined): string[] {
  return (subject ?? '').split('\n').filter((l) => l.startsWith('CN=')).map((l) => l.slice(3));
}

function altNames(san: string | undefined): string[] {
  return (san ?? '').split(', ').filter(Boolean).map((e) => e.replace(/^(DNS|URI|IP Address):/, ''));
}

export function judgeIdentity(pem: string, identity: string): IdentityVerdict {
  const cert = new X509Certificate(pem);
  const cns = commonNames(cert.subject);
  const sans = altNames(cert.subjectAltName);
  // Hex serials are compared without regard to case: `5C2F…` and `5c2f…` are one device.
  const same = (name: string) => name.toLowerCase() === identity.toLowerCase();
  const foundIn = cns.some(same) ? 'cn' : sans.some(same) ? 'san' : null;
  const standard = tls.checkServerIdentity(identity, cert.toLegacyObject() as unknown as tls.PeerCertificate);
  return { foundIn, names: [...cns.map((n) => `CN=${n}`), ...(cert.subjectAltName ? [cert.subjectAltName] : [])],
    standardCheckError: standard ? standard.message : null };
}
