// Authentication 7: the certificate must name `appliance/<code>/<serial>`. TLS-02 looks for the identity in
// the CN and every subject-alternative name; TLS-03 asks whether an ordinary TLS client would accept it, by
// the rule below, written here so that no runtime's hostname check can move the verdict (Node 22's
// checkServerIdentity refuses a CN that Node 20's accepts). The certificate is read with @peculiar/x509
// (pinned), not with the runtime's text forms of subject and SAN.
import { createRequire } from 'node:module';

type X509 = typeof import('@peculiar/x509');
let loaded: X509 | undefined;
/** Loaded on the first certificate read, not on import: a quarter of a CPU-second that a run judging no certificate (a worker of one area) does not spend. */
function x509(): X509 {
  if (!loaded) {
    const require = createRequire(import.meta.url);
    require('reflect-metadata');
    loaded = require('@peculiar/x509') as X509;
  }
  return loaded;
}

export interface IdentityVerdict {
  /** Where the identity was found: the subject CN, a SAN, or nowhere. */
  foundIn: 'cn' | 'san' | null;
  /** What the certificate names, for the failure message. */
  names: string[];
  /** Why the hostname rule (matchHostname) refuses the identity; null when it accepts it. */
  standardCheckError: string | null;
}

export interface CertificateNames {
  commonNames: string[];
  /** Every subject-alternative name, as `type:value` (dns, ip, url, email, …). */
  altNames: { type: string; value: string }[];
}

/** The names of the certificates read last, by their bytes: a run is shown one or two, and judges them on every exchange. */
const read = new Map<string, CertificateNames>();
const READ_KEPT = 8;

/** `cert`: PEM, or DER as a TLS peer certificate's `raw`. */
export function certificateNames(cert: string | Uint8Array): CertificateNames {
  const key = typeof cert === 'string' ? cert : Buffer.from(cert.buffer, cert.byteOffset, cert.byteLength).toString('base64');
  const known = read.get(key);
  if (known) return known;
  const { X509Certificate, SubjectAlternativeNameExtension } = x509();
  const c = new X509Certificate(cert);
  const san = c.getExtension(SubjectAlternativeNameExtension);
  const names = { commonNames: c.subjectName.getField('CN'), altNames: san ? san.names.toJSON().map(({ type, value }) => ({ type, value })) : [] };
  if (read.size >= READ_KEPT) read.delete(read.keys().next().value!);
  read.set(key, names);
  return names;
}

const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/**
 * One presented name against the identity, as OpenSSL's X509_check_host compares them under the flags
 * Python's ssl module sets (X509_CHECK_FLAG_NO_PARTIAL_WILDCARDS): ASCII case folded, otherwise byte for
 * byte; a `*` only as the whole leftmost label, over at least two more labels, matching one non-empty
 * leftmost label of the identity that is not an `xn--` label (RFC 6125 6.4.3).
 */
export function namePresentedMatches(presented: string, identity: string): boolean {
  const p = asciiLower(presented);
  const id = asciiLower(identity);
  if (p === id) return true;
  if (!p.startsWith('*.') || !/^[a-z0-9.*-]+$/.test(p)) return false;
  const rest = p.slice(1);
  const labels = rest.split('.').slice(1);
  if (rest.includes('*') || labels.length < 2 || labels.includes('')) return false;
  if (!id.endsWith(rest)) return false;
  const label = id.slice(0, id.length - rest.length);
  return label.length > 0 && !label.includes('.') && !id.startsWith('xn--');
}

/**
 * RFC 6125 as a validating client meets it through OpenSSL (Python's ssl with check_hostname, the vendor's
 * own client): the DNS subject-alternative names where there is any, else each subject CN
 * (hostname_checks_common_name). Returns null where the identity is accepted, else why not.
 */
export function matchHostname(names: CertificateNames, identity: string): string | null {
  const dns = names.altNames.filter((n) => n.type === 'dns').map((n) => n.value);
  if (dns.length) {
    return dns.some((n) => namePresentedMatches(n, identity))
      ? null
      : `${identity} does not match the certificate's DNS subject-alternative names (${dns.join(', ')}), and with any DNS name present the CN is not consulted`;
  }
  if (!names.commonNames.length) return `the certificate has neither a DNS subject-alternative name nor a CN to match ${identity}`;
  return names.commonNames.some((n) => namePresentedMatches(n, identity))
    ? null
    : `${identity} does not match the certificate's CN (${names.commonNames.join(', ')})`;
}

export function judgeIdentity(cert: string | Uint8Array, identity: string): IdentityVerdict {
  const names = certificateNames(cert);
  // Hex serials are compared without regard to case: `5C2F…` and `5c2f…` are one device.
  const same = (name: string) => name.toLowerCase() === identity.toLowerCase();
  const foundIn = names.commonNames.some(same) ? 'cn' : names.altNames.some((n) => same(n.value)) ? 'san' : null;
  return {
    foundIn,
    names: [...names.commonNames.map((n) => `CN=${n}`), ...names.altNames.map((n) => `${n.type.toUpperCase()}:${n.value}`)],
    standardCheckError: matchHostname(names, identity),
  };
}
