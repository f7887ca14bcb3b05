// The emulator's certificate styles, apart from certs.ts so that the CLI's options need not load x509.
/**
 * `real`: `CN=appliance/<code>/<serial>` and a DNS subject-alternative name, the serial, as real P1
 * certificates carry (so standard hostname checks miss the CN: TLS-03 warns); `cn-only`: the CN alone.
 */
export const CERT_STYLES = ['real', 'cn-only'] as const;
export type CertStyle = (typeof CERT_STYLES)[number];
