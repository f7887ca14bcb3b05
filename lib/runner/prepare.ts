// RunConfig -> SuiteContext: preflight, kind, token, serial and plan, before vitest starts.
import { DeviceClient } from '../client/device-client.js';
import type { Exchange } from '../client/exchange-log.js';
import { RunError } from '../client/errors.js';
import type { ContextDraft, SuiteContext } from '../contract/run-context.js';
import { KINDS, isKindId, type KindId, kindOfProductType } from '../spec/kinds.js';
import type { Run } from './run-object.js';
import { plan } from './plan.js';
import { harnessRequest } from '../operator/pairing.js';
import { kindFromV2Info, preflight, type Preflight } from './preflight.js';
import { suitePresses } from './presses.js';
import { acquireToken, type TokenOutcome } from './token.js';

export interface Prepared {
  /** The worker context but for what is decided just before the suites start (run-context.ts workerContext). */
  draft: ContextDraft;
  preflight: Preflight;
  presses: TokenOutcome['presses'];
  pairing: TokenOutcome['pairing'];
  deviceInfo: Record<string, unknown> | null;
  /** What was sent before the suites (preflight, token, GET /api) and what came back. */
  exchanges: Exchange[];
}

/** `appliance/<code>/<serial>` as the certificate names it: the last resort for kind and serial. */
export function certificateIdentity(pre: Preflight): { kind?: KindId; serial?: string } {
  const m = /appliance\/([a-z0-9]+)\/([0-9a-fA-F]+)/.exec(`${pre.certificate?.subject} ${pre.certificate?.subjectAltName}`);
  return m ? { kind: isKindId(m[1]!) ? m[1] : undefined, serial: m[2] } : {};
}

export async function prepare(run: Run): Promise<Prepared> {
  const { cfg, io, redactor } = run;
  const pre = await preflight(cfg, redactor);
  const target = { host: cfg.host, httpPort: pre.v1 ? cfg.httpPort : null, httpsPort: pre.v2 ? cfg.httpsPort : null,
    caPem: cfg.caPem, insecure: cfg.insecure, v1PaceMs: cfg.paceMs };
  const fromCert = certificateIdentity(pre);
  let serial: string | null = cfg.serial ?? (typeof pre.v1Info?.serial === 'string' ? pre.v1Info.serial : null);
  let serialSource: SuiteContext['serialSource'] = cfg.serial ? 'option' : serial ? 'device' : null;
  let kind: KindId | undefined = pre.kind;
  let token: TokenOutcome = { token: null, reason: '', presses: { count: 0, backend: null }, owner: null };
  let deviceInfo = pre.v1Info;
  const exchanges = [...pre.exchanges];

  if (!pre.v2) token.reason = `no token: the HTTPS endpoint did not answer at ${cfg.host}:${cfg.httpsPort}`;
  else if (!pre.v2Usable) token.reason = 'no token is sent to a device whose certificate does not chain to the CA (see TLS-01)';
  else {
    const device = new DeviceClient(target, redactor, cfg.requestTimeoutMs);
    try {
      const supported = kind === undefined || KINDS[kind].userToken !== 'Not supported';
      const storeSerial = serial ?? cfg.advertised?.serial ?? fromCert.serial ?? null;
      if (supported) token = await acquireToken(run, device, storeSerial, kind ?? fromCert.kind, 1 + suitePresses(cfg));
      if (token.token) {
        const info = (await harnessRequest(device, 'GET', '/api', { token: token.token })).json;
        if (typeof info === 'object' && info !== null) deviceInfo = info as Record<string, unknown>;
        kind ??= kindFromV2Info(info);
        if (!cfg.serial && typeof deviceInfo?.serial === 'string') [serial, serialSource] = [deviceInfo.serial, 'device'];
      }
    } finally {
      exchanges.push(...device.log.records);
      await device.close();
    }
  }
  // What the device tells itself comes first; its advertisement, then its certificate, only where it tells nothing.
  const advertisedType = cfg.advertised?.product_type;
  kind ??= advertisedType ? kindOfProductType(advertisedType) : undefined;
  kind ??= fromCert.kind;
  const advertisedSerial = cfg.advertised?.serial ?? null;
  if (serial === null && advertisedSerial) [serial, serialSource] = [advertisedSerial, 'advertised'];
  if (serial === null && fromCert.serial) [serial, serialSource] = [fromCert.serial, 'certificate'];
  if (!kind) {
    throw new RunError('EC_KIND_UNKNOWN',
      'could not tell the device kind from its product type; give it with --kind (p1dongle, energysocket, display, energymeter, watermeter, battery)');
  }
  const { skips, deviations, v2Reason } = plan(cfg, pre, kind, io.interactive);
  const draft: ContextDraft = {
    target, kind, serial, serialSource, token: token.token, noTokenReason: token.reason || 'no token', usable: { v1: pre.v1, v2: pre.v2Usable },
    v2Reason, system: pre.system, requestTimeoutMs: cfg.requestTimeoutMs, skips, deviations, runTag: run.runTag,
    pressTimeoutS: cfg.pressTimeoutS, tokenOwner: token.owner, advertised: cfg.advertised ?? null,
  };
  return { draft, preflight: pre, presses: token.presses, pairing: token.pairing, deviceInfo, exchanges };
}
