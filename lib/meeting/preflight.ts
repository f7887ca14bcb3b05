// Before any check: what answers at the address, what kind it is, whether its certificate chains.
// Everything here is bounded by the request timeout; nothing answering is a harness error (exit 2).
import type { Exchange } from '../client/exchange-log.js';
import { DeviceClient, type DeviceResponse } from '../client/device-client.js';
import { RunError, type TransportError, answerOrFailure, isTransportError } from '../client/errors.js';
import type { Redactor } from '../client/redactor.js';
import type { ConnectionPool } from '../client/connection-pool.js';
import { type CertificateFacts, inspectCertificate } from '../client/tls-inspect.js';
import { isKindId, kindOfProductType, type KindId } from '../spec/kinds.js';
import type { DeviceTarget } from './target.js';

export interface Preflight {
  v1: boolean;
  /** The HTTPS port completed a TLS handshake. */
  v2: boolean;
  /** Where it did not (set exactly then): the HTTPS endpoint, and why where it was asked, as the operator can act on it. */
  noV2: string | null;
  certificate: CertificateFacts | null;
  /** v2 can carry requests: the chain validates to the CA, or --insecure. */
  v2Usable: boolean;
  /** GET /api/v1/system answered 200 (the `system` gate). */
  system: boolean;
  /** That GET as preflight met it, the answer or the failure: the cloud setting as the run found it (reads.ts). */
  systemRead: DeviceResponse | TransportError | undefined;
  v1Info: Record<string, unknown> | null;
  /** GET /api over HTTP as it answered (null: nothing answered), for a target with no energy device API. */
  v1Api: { status: number; contentType: string | undefined; productType: boolean } | null;
  /** The kind GET /api over HTTP names (never --kind: prepare weighs that against what the device says). */
  kind: KindId | undefined;
  /** What preflight sent and what came back. */
  exchanges: Exchange[];
}

/** The answer, or undefined with why there was none. */
const settle = async <T>(p: Promise<T>): Promise<{ value?: T; failure?: unknown }> =>
  p.then(
    (value) => ({ value }),
    (failure: unknown) => ({ failure }),
  );

const NOT_ASKED: { value?: undefined; failure?: undefined } = {};

/** Why a port gave no answer, as the operator can act on it: refused (nothing listens) is not silence. */
export function noAnswerFrom(port: string, failure: unknown, timeoutS: number): string {
  const code = isTransportError(failure) ? failure.code : undefined;
  if (code === 'EC_TRANSPORT_REFUSED') return `${port} refused the connection (nothing listens there)`;
  if (code === 'EC_TRANSPORT_TIMEOUT') return `${port} did not answer within ${timeoutS} s`;
  // OpenSSL's word for a first answer that is no TLS record: the port speaks plain HTTP, or something else.
  if (code === 'EC_TRANSPORT_TLS' && /WRONG_VERSION_NUMBER/.test(String((failure as Error).message))) {
    return `${port} answered, but not in TLS (it speaks plain HTTP, or another protocol)`;
  }
  return `${port} failed: ${failure instanceof Error ? failure.message : String(failure)}`;
}

export async function preflight(cfg: DeviceTarget, redactor: Redactor, pool?: ConnectionPool): Promise<Preflight> {
  const device = new DeviceClient(
    { host: cfg.host, httpPort: cfg.httpPort, httpsPort: cfg.httpsPort, caPem: cfg.caPem, insecure: cfg.insecure },
    redactor,
    cfg.requestTimeoutMs,
    undefined,
    pool,
  );
  try {
    const https = cfg.httpsPort;
    const [v1, v2] = await Promise.all([
      cfg.httpPort === null ? NOT_ASKED : settle(device.v1.get('/api')),
      https === null ? NOT_ASKED : settle(inspectCertificate({ host: cfg.host, port: https, caPem: cfg.caPem, timeoutMs: cfg.requestTimeoutMs })),
    ]);
    const [v1Api, certificate] = [v1.value, v2.value];
    if (!v1Api && !certificate) {
      const why = [
        cfg.httpPort === null ? [] : [noAnswerFrom(`HTTP port ${cfg.httpPort}`, v1.failure, cfg.requestTimeoutMs / 1000)],
        https === null ? [] : [noAnswerFrom(`HTTPS port ${https}`, v2.failure, cfg.requestTimeoutMs / 1000)],
      ]
        .flat()
        .join('; ');
      throw new RunError(
        'EC_DEVICE_UNREACHABLE',
        `no device API at ${cfg.host}: ${why}; ` +
          'check the address and ports (--host, --http-port, --https-port) and that the device is powered and on this network',
      );
    }
    const v1Info = v1Api?.status === 200 && isObject(v1Api.json) ? v1Api.json : null;
    const systemRead = v1Api ? await answerOrFailure(device.v1.get('/api/v1/system')) : undefined;
    const system = systemRead !== undefined && !isTransportError(systemRead) && systemRead.status === 200;
    const kind = typeof v1Info?.product_type === 'string' ? kindOfProductType(v1Info.product_type) : undefined;
    return {
      v1: v1Api !== undefined,
      v2: certificate !== undefined,
      noV2:
        certificate !== undefined
          ? null
          : `the HTTPS endpoint did not answer at ${cfg.host}:${https}${https === null ? '' : `: ${noAnswerFrom(`port ${https}`, v2.failure, cfg.requestTimeoutMs / 1000)}`}`,
      certificate: certificate ?? null,
      v2Usable: certificate !== undefined && (cfg.insecure || certificate.chainError === null),
      system,
      systemRead,
      v1Info,
      kind,
      exchanges: device.log.records,
      v1Api: v1Api ? { status: v1Api.status, contentType: v1Api.contentType, productType: typeof v1Info?.product_type === 'string' } : null,
    };
  } finally {
    await device.close();
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function kindFromV2Info(info: unknown): KindId | undefined {
  const t = isObject(info) ? info.product_type : undefined;
  return typeof t === 'string' ? kindOfProductType(t) : undefined;
}

export { isKindId };
