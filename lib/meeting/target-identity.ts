// Know the target before judging it: is an energy device API there at all, and does the --kind the
// operator gave agree with what the device says of itself? Pure functions over what preflight saw.
import type { SuiteContext } from '../contract/run-context.js';
import { KINDS, type KindId, isKindId, kindOfProductType } from '../spec/kinds.js';
import type { Preflight } from './preflight.js';
import type { DeviceTarget } from './target.js';

/** Something the device says of its kind, and where it said it. */
export interface KindClaim {
  source: string;
  said: string;
  /** The kind that claim names; undefined for a product type or code the table does not know. */
  kind: KindId | undefined;
}

export function productTypeClaim(source: string, productType: unknown): KindClaim[] {
  return typeof productType === 'string' ? [{ source, said: `product_type ${productType}`, kind: kindOfProductType(productType) }] : [];
}

const CERTIFICATE = 'the certificate';

/** The code of `appliance/<code>/<serial>` in the certificate's subject or alternative names. */
export function certificateClaim(subjectAndNames: string | undefined): KindClaim[] {
  const m = /appliance\/([A-Za-z0-9-]+)\/([0-9a-fA-F]+)/.exec(subjectAndNames ?? '');
  return m ? [{ source: CERTIFICATE, said: `appliance/${m[1]}/${m[2]}`, kind: isKindId(m[1]!) ? m[1] : undefined }] : [];
}

/** What answered on each port, for a target with no energy device API on it. */
export interface Answered {
  host: string;
  httpPort: number | null;
  httpsPort: number | null;
  /** GET /api over HTTP: its status and Content-Type, or null when nothing answered. */
  v1Api: { status: number; contentType: string | undefined; productType: boolean } | null;
  /** The certificate the HTTPS port presented, or null when no handshake completed. */
  certificate: { subject: string } | null;
}

/**
 * Why this is not an energy device API, in the words of what answered instead; undefined where one is
 * there: GET /api answered with a product type, or the certificate names `appliance/…`.
 */
export function notADevice(a: Answered, claims: readonly KindClaim[]): string | undefined {
  if (a.v1Api?.productType || claims.some((c) => c.source === CERTIFICATE)) return undefined;
  const parts: string[] = [];
  if (a.httpPort !== null) {
    const v = a.v1Api;
    parts.push(
      !v
        ? `nothing answered GET /api on HTTP port ${a.httpPort}`
        : `GET /api on HTTP port ${a.httpPort} answered ${v.status} ${v.contentType ?? 'without a Content-Type'}${v.status === 200 ? ' without a product_type' : ''}`,
    );
  }
  if (a.httpsPort !== null) {
    parts.push(
      a.certificate
        ? `the HTTPS port ${a.httpsPort} presented a certificate for ${a.certificate.subject}, not appliance/<kind>/<serial>`
        : `nothing completed a TLS handshake on HTTPS port ${a.httpsPort}`,
    );
  }
  return (
    `no energy device API at ${a.host}: ${parts.join('; ')}. A device of this API answers GET /api with its product_type, ` +
    'or presents a certificate for appliance/<kind>/<serial>: check --host and the ports (--http-port, --https-port)'
  );
}

export type KindDecision = { kind: KindId | undefined; note?: string } | { contradiction: string };

/**
 * The kind to test as. A --kind that none of the device's claims of a known kind agrees with is the
 * operator's mistake, unless `force`: then the run goes on as asked, and every report carries the note.
 * Claims that disagree among themselves are the device's to answer for (KIND-02, TLS-02): a --kind that
 * agrees with any one of them stands.
 */
export function decideKind(given: KindId | undefined, claims: readonly KindClaim[], force: boolean): KindDecision {
  const known = claims.filter((c): c is KindClaim & { kind: KindId } => c.kind !== undefined);
  if (given === undefined) return { kind: known[0]?.kind };
  if (known.length === 0 || known.some((c) => c.kind === given)) return { kind: given };
  const says = known.map((c) => `${c.said} in ${c.source}`).join(', ');
  const theirs = [...new Set(known.map((c) => c.kind))].join(' or ');
  if (!force) {
    return {
      contradiction:
        `--kind ${given} (${KINDS[given].name}) contradicts what the device says of itself: ${theirs} (${says}); ` +
        `leave --kind out or give --kind ${known[0]!.kind}; to test it as ${given} all the same, add --force-kind`,
    };
  }
  return { kind: given, note: `tested as ${given} (--kind with --force-kind), although the device says it is ${theirs} (${says})` };
}

/** `appliance/<code>/<serial>` as the certificate names it: the last resort for kind and serial. */
export function certificateIdentity(pre: Preflight): { kind?: KindId; serial?: string } {
  const m = /appliance\/([a-z0-9]+)\/([0-9a-fA-F]+)/.exec(`${pre.certificate?.subject} ${pre.certificate?.subjectAltName}`);
  return m ? { kind: isKindId(m[1]!) ? m[1] : undefined, serial: m[2] } : {};
}

/**
 * Kind and serial as far as preflight tells them: --serial, then the device itself, then its mDNS
 * advertisement, then its certificate, each only where the one before tells nothing.
 */
export function identityOf(
  cfg: Pick<DeviceTarget, 'serial' | 'advertised'>,
  pre: Preflight,
): { kind: KindId | undefined; serial: string | null; source: SuiteContext['serialSource'] } {
  const fromCert = certificateIdentity(pre);
  const advertisedType = cfg.advertised?.product_type;
  const kind = pre.kind ?? (advertisedType ? kindOfProductType(advertisedType) : undefined) ?? fromCert.kind;
  if (cfg.serial) return { kind, serial: cfg.serial, source: 'option' };
  if (typeof pre.v1Info?.serial === 'string') return { kind, serial: pre.v1Info.serial, source: 'device' };
  if (cfg.advertised?.serial) return { kind, serial: cfg.advertised.serial, source: 'advertised' };
  return { kind, serial: fromCert.serial ?? null, source: fromCert.serial ? 'certificate' : null };
}
