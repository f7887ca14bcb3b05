// `energy-conform pair`: a token for the device, kept in the token store for later runs.
import { DeviceClient } from '../client/device-client.js';
import { RunError } from '../client/errors.js';
import { Redactor } from '../client/redactor.js';
import type { OperatorIo } from '../operator/operator-io.js';
import type { DeviceTarget } from './target.js';
import { preflight } from './preflight.js';
import { certificateIdentity } from './target-identity.js';
import { acquireToken } from './token.js';

export interface Paired {
  serial: string;
  /** false when a stored token still worked and no press was needed. */
  pressed: boolean;
}

export async function pairDevice(cfg: DeviceTarget, io: OperatorIo): Promise<Paired> {
  const pre = await preflight(cfg, new Redactor());
  if (!pre.v2) {
    throw new RunError('EC_NO_V2', `${pre.noV2}; pairing needs it (check --https-port)`);
  }
  if (!pre.v2Usable) {
    throw new RunError(
      'EC_TLS_UNTRUSTED',
      `the device's certificate does not chain to ${cfg.caLabel} (${pre.certificate?.chainError}); give its CA with --ca, or --insecure`,
    );
  }
  const fromCert = certificateIdentity(pre);
  const serial = cfg.serial ?? (typeof pre.v1Info?.serial === 'string' ? pre.v1Info.serial : fromCert.serial);
  if (!serial) throw new RunError('EC_SERIAL_UNKNOWN', "could not tell the device's serial to store the token under; give it with --serial");
  const device = new DeviceClient(
    { host: cfg.host, httpPort: null, httpsPort: cfg.httpsPort, caPem: cfg.caPem, insecure: cfg.insecure },
    new Redactor(),
    cfg.requestTimeoutMs,
  );
  try {
    const outcome = await acquireToken({ cfg: { ...cfg, token: undefined }, io }, device, serial, cfg.kind ?? pre.kind ?? fromCert.kind, 1);
    if (!outcome.token) throw new RunError('EC_PAIRING_REFUSED', `pairing failed: ${outcome.reason.replace(/^no token: /, '')}`);
    return { serial, pressed: outcome.presses.count > 0 };
  } finally {
    await device.close();
  }
}
