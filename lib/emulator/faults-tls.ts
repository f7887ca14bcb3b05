// Faults of the certificate (TLS): the emulator serves another certificate, or this one with other names.
import type { FaultRow } from './catch-plan.js';

export const TLS_FAULTS: readonly FaultRow[] = [
  { name: 'cert-untrusted-ca', clause: 'TLS-01', says: 'the certificate is issued by a CA other than the published one', cert: { kind: 'untrusted-ca' } },
  { name: 'cert-expired', clause: 'TLS-01', says: 'the certificate expired yesterday', cert: { kind: 'expired' } },
  {
    name: 'cert-wrong-serial',
    clause: 'TLS-02',
    says: 'the certificate names another serial',
    cert: { kind: 'names', commonName: (id) => id.replace(/[^/]+$/, '000000000000') },
  },
  {
    name: 'cert-wrong-code',
    clause: 'TLS-02',
    says: 'the certificate names the product type instead of the certificate code',
    cert: { kind: 'names', commonName: (id) => id.replace(/^appliance\/[^/]+/, 'appliance/HWE-P1') },
  },
  // The real certificate style already carries it: this fault adds it to the cn-only style.
  {
    name: 'cert-dns-san-hides-identity',
    clause: 'TLS-03',
    strict: true,
    certStyle: 'cn-only',
    says: 'a DNS subject-alternative name (the serial) hides the CN from standard hostname checks',
    cert: { kind: 'names', sans: (_id, serial) => [{ type: 'dns', value: serial }] },
  },
];
