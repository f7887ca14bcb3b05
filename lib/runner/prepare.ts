// RunConfig -> SuiteContext: preflight, kind, token, serial and plan, before vitest starts.
import { releaseSaid } from '../spec/releases.js';
import { DeviceClient, type DeviceResponse, type Target } from '../client/device-client.js';
import type { Exchange } from '../client/exchange-log.js';
import { EnergyConformError, RunError, type TransportError, answerOrFailure, isTransportError } from '../client/errors.js';
import type { ContextDraft } from '../contract/run-context.js';
import { KINDS, type KindId } from '../spec/kinds.js';
import { SEMVER } from '../spec/releases.js';
import type { Run } from './run-object.js';
import { plan } from './plan.js';
import { harnessRequest } from '../press/pairing.js';
import { isObject, kindFromV2Info, preflight, type Preflight } from '../meeting/preflight.js';
import type { RunConfig } from './config.js';
import { suitePresses } from './suite-areas.js';
import { acquireToken, type TokenOutcome } from '../meeting/token.js';
import type { Claims } from '../claims/claims.js';
import { claimedGates } from '../claims/gates.js';
import { probeClaimed } from './claims-probe.js';
import { type BeforeSuites, DEVICE_INFO, type ReadFailure, judgeRead, readBeforeSuites } from './checks/reads.js';
import { type KindClaim, certificateClaim, decideKind, identityOf, notADevice, productTypeClaim } from '../meeting/target-identity.js';

export interface Prepared {
  /** The worker context but for what is decided just before the suites start (run-context.ts workerContext). */
  draft: ContextDraft;
  preflight: Preflight;
  presses: TokenOutcome['presses'];
  pairing: TokenOutcome['pairing'];
  /** The endpoints claimed IF-IMPLEMENTED that answered 404 (`api endpoint` -> what it answered): not served. */
  absent: ReadonlyMap<string, string>;
  deviceInfo: Record<string, unknown> | null;
  /** What was sent before the suites (preflight, token, GET /api, the reads of what the run may change) and what came back. */
  exchanges: Exchange[];
  /** The users, socket state and cloud setting as the run found them, to put back after the suites. */
  before: Pick<BeforeSuites, 'found' | 'users'>;
  /** The run's own reads that failed (GET /api with the token among them): each is its clause's outcome. */
  readFailures: ReadFailure[];
  /** What every report must say of this run (a kind insisted on with --force-kind). */
  notes: string[];
}

/** The run stopped after the device had answered and before the suites: why, and what it had learned by then. */
export class StoppedBeforeSuites extends Error {
  constructor(
    readonly stop: EnergyConformError,
    readonly preflight: Preflight,
    readonly exchanges: Exchange[],
    readonly presses: TokenOutcome['presses'],
  ) {
    super(stop.message);
  }
}

/** What prepare has learned so far, for a run that stops before the suites. */
interface SoFar {
  exchanges: Exchange[];
  presses: TokenOutcome['presses'];
}

export async function prepare(run: Run): Promise<Prepared> {
  const pre = await preflight(run.cfg, run.redactor, run.pool);
  const soFar: SoFar = { exchanges: [...pre.exchanges], presses: { count: 0, asked: 0, backend: null } };
  try {
    return await prepareFrom(run, pre, soFar);
  } catch (err) {
    if (err instanceof EnergyConformError) throw new StoppedBeforeSuites(err, pre, soFar.exchanges, soFar.presses);
    throw err;
  }
}

/**
 * Know the target before judging it: an energy device API must be there, and a --kind must agree with
 * what the device says of itself (or be insisted on). Returns the note every report then carries.
 */
function knowTarget(cfg: Run['cfg'], pre: Preflight, claims: readonly KindClaim[]): string | undefined {
  const absent = notADevice(
    {
      host: cfg.host,
      httpPort: cfg.httpPort,
      httpsPort: cfg.httpsPort,
      v1Api: pre.v1Api,
      certificate: pre.certificate && { subject: pre.certificate.subject },
    },
    claims,
  );
  if (absent) throw new RunError('EC_NOT_A_DEVICE', absent);
  const decided = decideKind(cfg.kind, claims, cfg.forceKind);
  if ('contradiction' in decided) throw new RunError('EC_KIND_MISMATCH', decided.contradiction);
  return decided.note;
}

/** The claims' IF-IMPLEMENTED endpoints asked (claims-probe.ts), the exchanges kept with the run's own. */
async function probing(claims: Claims, target: Target, token: string | null, run: Run, exchanges: Exchange[]): Promise<Map<string, string>> {
  const device = new DeviceClient(target, run.redactor, run.cfg.requestTimeoutMs, undefined, run.pool);
  try {
    return await probeClaimed(claims, device, token);
  } finally {
    exchanges.push(...device.log.records);
    await device.close();
  }
}

async function prepareFrom(run: Run, pre: Preflight, soFar: SoFar): Promise<Prepared> {
  const { cfg, io, redactor } = run;
  const { exchanges } = soFar;
  // What the device says of its kind before any token: GET /api over HTTP, its certificate, its advertisement.
  const claims = [
    ...productTypeClaim('GET /api over HTTP', pre.v1Info?.product_type),
    ...certificateClaim(`${pre.certificate?.subject ?? ''} ${pre.certificate?.subjectAltName ?? ''}`),
    ...productTypeClaim('the mDNS advertisement', cfg.advertised?.product_type),
  ];
  let note = knowTarget(cfg, pre, claims);
  const target = {
    host: cfg.host,
    httpPort: pre.v1 ? cfg.httpPort : null,
    httpsPort: pre.v2 ? cfg.httpsPort : null,
    caPem: cfg.caPem,
    insecure: cfg.insecure,
    v1PaceMs: cfg.paceMs,
  };
  const identity = identityOf(cfg, pre);
  let { serial, source: serialSource } = identity;
  // What the device tells itself comes first; its advertisement, then its certificate, only where it tells nothing.
  let kind: KindId | undefined = cfg.kind ?? pre.kind;
  let token: TokenOutcome = { token: null, reason: '', presses: { count: 0, asked: 0, backend: null }, owner: null };
  let deviceInfo = pre.v1Info;
  let infoRead: { answer: DeviceResponse | TransportError; exchanges: Exchange[] } | null = null;
  let servedVersion: string | null = null;

  const claimed = cfg.claims && claimedGates(cfg.claims.claims, cfg.claims.file);
  if (claimed && !claimed('v2').holds) token.reason = `no token: the v2 API is ${claimed('v2').reason}`;
  else if (!pre.v2) token.reason = `no token: ${pre.noV2}`;
  else if (!pre.v2Usable) token.reason = 'no token is sent to a device whose certificate does not chain to the CA (see TLS-01)';
  else {
    const device = new DeviceClient(target, redactor, cfg.requestTimeoutMs, undefined, run.pool);
    try {
      const supported = claimed ? claimed('users').holds : kind === undefined || KINDS[kind].userToken !== 'Not supported';
      if (supported) {
        token = await acquireToken(run, device, serial, kind ?? identity.kind, 1 + suitePresses(cfg), (p) => (soFar.presses = p));
      }
      if (token.token) {
        const from = device.log.records.length;
        const answer = await answerOrFailure(harnessRequest(device, 'GET', '/api', { token: token.token }));
        // Judged with the other reads once the plan is known; without it the run goes on with what v1 and the certificate tell.
        infoRead = { answer, exchanges: device.log.records.slice(from) };
        const info = isTransportError(answer) ? undefined : answer.json;
        const header = isTransportError(answer) ? undefined : answer.headers['x-api-version'];
        if (header !== undefined && SEMVER.test(header)) servedVersion = header;
        if (typeof info === 'object' && info !== null) deviceInfo = info as Record<string, unknown>;
        kind ??= kindFromV2Info(info);
        // GET /api over HTTPS is one more thing the device says of itself, asked before any check.
        if (isObject(info)) note = knowTarget(cfg, pre, [...claims, ...productTypeClaim('GET /api over HTTPS', info.product_type)]);
        if (!cfg.serial && typeof deviceInfo?.serial === 'string') [serial, serialSource] = [deviceInfo.serial, 'device'];
      }
    } finally {
      exchanges.push(...device.log.records);
      await device.close();
    }
  }
  kind ??= identity.kind;
  if (!kind) {
    throw new RunError(
      'EC_KIND_UNKNOWN',
      'could not tell the device kind from its product type; give it with --kind (p1dongle, energysocket, display, energymeter, watermeter, battery)',
    );
  }
  // The release the device says it serves: the vendor clauses that hold from a later one are not asked of it.
  const release = releaseSaid(servedVersion, deviceInfo?.api_version);
  const absent = cfg.claims ? await probing(cfg.claims.claims, target, token.token, run, exchanges) : new Map<string, string>();
  const { skips, unselected, deviations, v2Reason } = plan(cfg, pre, kind, io.interactive, absent, release);
  // What the claims do not claim is not asked, whatever answers.
  const usable = { v1: pre.v1 && (!claimed || claimed('v1').holds), v2: pre.v2Usable && (!claimed || claimed('v2').holds) };
  const before = await readBeforeSuites(run, { target, token: token.token, usable, kind, deviations, servedVersion: release }, pre);
  exchanges.push(...before.exchanges);
  const readFailures: ReadFailure[] = [...before.failures];
  const info = infoRead && judgeRead({ deviations, kind }, DEVICE_INFO, infoRead.answer, infoRead.exchanges);
  if (info && 'failure' in info) readFailures.unshift(info.failure);
  const draft: ContextDraft = {
    target,
    kind,
    serial,
    serialSource,
    token: token.token,
    noTokenReason: token.reason || 'no token',
    servedVersion,
    usable,
    v2Reason,
    system: pre.system,
    requestTimeoutMs: cfg.requestTimeoutMs,
    deviations,
    runTag: run.runTag,
    // The plan's reasons (not selected, gate not met) come first.
    skips: { ...Object.assign({}, ...readFailures.map((f) => f.skips)), ...skips },
    unselected,
    pressTimeoutS: cfg.pressTimeoutS,
    slow: cfg.slow,
    tokenOwner: token.owner,
    advertised: cfg.advertised ?? null,
    unreadable: readFailures.flatMap((f) => (f.unreadable ? [f.unreadable] : [])),
  };
  return {
    draft,
    preflight: pre,
    presses: token.presses,
    pairing: token.pairing,
    deviceInfo,
    exchanges,
    before,
    readFailures,
    absent,
    notes: [...(note ? [note] : []), ...v2Notes(cfg, pre)],
  };
}

/**
 * Why no v2 check ran, said first, not only check by check: beside an HTTP endpoint that answered, an HTTPS one that did
 * not may be a wrong --https-port; a certificate that does not chain to the CA, a CA not given (the emulator's own, say).
 */
function v2Notes(cfg: RunConfig, pre: Preflight): string[] {
  if (pre.v1 && pre.noV2 && cfg.httpsPort !== null) return [`${pre.noV2}: no v2 check ran (if the device serves v2, check --https-port)`];
  if (pre.v2 && !pre.v2Usable && pre.certificate) {
    return [
      `the certificate (issued by ${pre.certificate.issuer}) does not chain to ${cfg.caLabel} (${pre.certificate.chainError}, TLS-01): no token is sent, ` +
        'and no v2 check beyond TLS ran; give the CA that issued it with --ca, or use --insecure to test the rest without TLS validation',
    ];
  }
  return [];
}
