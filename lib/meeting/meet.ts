// Meeting the device for a command that runs no suite (soak, capture), as `run` meets it for its suites.
import { DeviceClient } from '../client/device-client.js';
import { RunError } from '../client/errors.js';
import type { Redactor } from '../client/redactor.js';
import type { OperatorIo } from '../operator/operator-io.js';
import { KINDS, type KindId } from '../spec/kinds.js';
import { preflight } from './preflight.js';
import type { DeviceTarget } from './target.js';
import { identityOf } from './target-identity.js';
import { acquireToken } from './token.js';

/**
 * What a command that runs no suite finds out of the device before it starts (soak, capture): what answers, its
 * kind (the operator's word against the device's stops it), its identity, and a token where v2 takes one.
 */
export async function meetDevice(cfg: DeviceTarget, io: OperatorIo, redactor: Redactor, signal: AbortSignal) {
  const pre = await preflight(cfg, redactor);
  if (!pre.v1 && !pre.v2) {
    throw new RunError('EC_DEVICE_UNREACHABLE', `nothing answered at ${cfg.host} (HTTP port ${cfg.httpPort ?? 'none'}, HTTPS port ${cfg.httpsPort ?? 'none'})`);
  }
  const { kind: said, serial } = identityOf(cfg, pre);
  // The operator's word against the device's: polling what another kind serves would blame the device.
  if (cfg.kind && said && cfg.kind !== said && !cfg.forceKind) {
    throw new RunError('EC_KIND_MISMATCH', `--kind ${cfg.kind} was given, but the device at ${cfg.host} says it is a ${KINDS[said].name} (${said})`);
  }
  const kind: KindId | undefined = cfg.kind ?? said;
  if (!kind) throw new RunError('EC_KIND_UNKNOWN', `could not tell what kind of device answers at ${cfg.host}`);
  const device = new DeviceClient(
    { host: cfg.host, httpPort: pre.v1 ? cfg.httpPort : null, httpsPort: pre.v2 ? cfg.httpsPort : null, caPem: cfg.caPem, insecure: cfg.insecure },
    redactor,
    cfg.requestTimeoutMs,
  );
  const v2 = pre.v2Usable && KINDS[kind].userToken === 'Supported';
  const acquired = v2 ? await acquireToken({ cfg, io, signal }, device, serial, kind, 1) : null;
  const token = acquired?.token ?? null;
  if (token) redactor.add(token);
  const info = token ? await device.v2.get('/api', { token }) : null;
  const served = info?.headers['x-api-version'] ?? null;
  const facts = (info?.json ?? pre.v1Info ?? {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    kind,
    token,
    served,
    device,
    system: pre.system,
    apiVersion: str(facts.api_version),
    presses: acquired?.presses ?? { count: 0, asked: 0, backend: null },
    pre,
    /** The user this meeting created to get its token (a press), where it did: the caller leaves the device as found. */
    paired: acquired?.pairing && acquired.token ? acquired.owner : null,
    target: {
      host: cfg.host,
      kind,
      product_type: str(facts.product_type),
      serial: str(facts.serial) ?? serial,
      firmware_version: str(facts.firmware_version),
      api_version: served ?? str(facts.api_version),
      certificate_sha256: pre.certificate?.fingerprint256 ?? null,
    },
  };
}
