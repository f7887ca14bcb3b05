// certify-client's outcome in the result model every report reads (report/results.ts): one check per client
// clause, its evidence the integration's requests as exchanges, the integration as the subject and the
// emulated device as the target; the scenario's phases and a timeline of every request.
import type { Exchange } from '../client/exchange-log.js';
import type { ClientOutcome } from '../judge/client/finding.js';
import { type CheckResult, type IntegrationFacts, type RunResults, summarize } from '../report/results.js';
import { clientClause } from '../spec/client-clauses.js';
import type { SeenRequest, SeenSocket, Traffic } from '../spec/traffic.js';

export const CATALOGUE = 'spec/client-clauses.md, revision 2';
const EXCHANGES_KEPT = 20;

export interface CertifyFacts {
  tool: { name: string; version: string };
  integration: IntegrationFacts;
  device: {
    host: string;
    httpPort: number | null;
    httpsPort: number | null;
    kind: string;
    serial: string;
    productType: string;
    firmware: string;
    apiVersion: string;
  };
  started: Date;
  finished: Date;
  /** Where the run ended early, and why: the integration ended, or the operator stopped it. */
  notes: string[];
  interrupted: boolean;
  strict: boolean;
  options: Record<string, unknown>;
}

/** A WebSocket conversation as an exchange of the reports: what the integration sent, then what the device did, each with its time. */
export function socketExchange(s: SeenSocket, d: CertifyFacts['device'], t0: Date): Exchange {
  const lines = (from: 'client' | 'device') =>
    s.messages
      .filter((m) => m.from === from)
      .map((m) => `+${m.at - s.openedAt}ms ${m.text}`)
      .join('\n');
  return {
    side: 'v2',
    method: 'WS',
    url: `wss://${d.host}:${d.httpsPort}/api/ws`,
    requestHeaders: {},
    requestBody: lines('client'),
    ...(s.cut ? { error: 'cut off by the device (it was away)' } : { status: 101, responseBody: lines('device') }),
    startedAt: new Date(t0.getTime() + s.openedAt).toISOString(),
    durationMs: (s.closedAt ?? s.openedAt) - s.openedAt,
  };
}

/** A request of the integration as an exchange of the reports (the HAR, the evidence). */
export function exchangeOf(r: SeenRequest, d: CertifyFacts['device'], t0: Date): Exchange {
  const port = r.side === 'v1' ? d.httpPort : d.httpsPort;
  return {
    side: r.side,
    method: r.method,
    url: `${r.side === 'v1' ? 'http' : 'https'}://${d.host}:${port}${r.path}${r.query ? `?${r.query}` : ''}`,
    requestHeaders: r.headers,
    ...(r.body ? { requestBody: r.body } : {}),
    ...(r.status
      ? { status: r.status, responseHeaders: r.responseHeaders ?? {}, responseBody: r.responseBody }
      : { error: 'cut off by the device (it was away)' }),
    startedAt: new Date(t0.getTime() + r.at).toISOString(),
    durationMs: 0,
  };
}

const title = (v: ClientOutcome) => {
  const c = clientClause(v.clause);
  return `${c.id} [${c.level}] ${c.statement}`;
};

export function certifyResults(t: Traffic, outcomes: readonly ClientOutcome[], f: CertifyFacts): RunResults {
  // Requests and WebSocket conversations share one numbering.
  const byId = new Map<number, Exchange>([
    ...t.requests.map((r) => [r.id, exchangeOf(r, f.device, f.started)] as const),
    ...t.sockets.map((s) => [s.id, socketExchange(s, f.device, f.started)] as const),
  ]);
  const checks: CheckResult[] = outcomes.map((v) => {
    const c = clientClause(v.clause);
    // The request that shows the outcome first (the reports show it open), then up to EXCHANGES_KEPT in all (the HAR has every one).
    const evidence = v.evidence
      .slice(0, EXCHANGES_KEPT)
      .map((id) => byId.get(id))
      .filter((e) => e !== undefined);
    return {
      clause: v.clause,
      level: c.level,
      title: title(v),
      status: v.status,
      message: v.message,
      durationMs: 0,
      area: c.area,
      ...(v.observed === undefined ? {} : { observed: v.observed }),
      exchanges: evidence,
    };
  });
  const failed = checks.some((c) => c.status === 'fail') || (f.strict && checks.some((c) => c.status === 'warn'));
  return {
    tool: f.tool,
    target: {
      host: f.device.host,
      kind: f.device.kind,
      product_type: f.device.productType,
      serial: f.device.serial,
      firmware_version: f.device.firmware,
      api_version: f.device.apiVersion,
      certificate_sha256: null,
    },
    started: f.started.toISOString(),
    finished: f.finished.toISOString(),
    durationMs: f.finished.getTime() - f.started.getTime(),
    verdict: f.interrupted || !t.requests.length ? 'error' : failed ? 'fail' : 'pass',
    summary: summarize(checks),
    presses: { count: t.presses.length, asked: t.presses.length, backend: f.options.pressAfter === null ? 'a person, on the control port' : 'the judge' },
    requests: t.requests.length,
    connections: t.connections.length,
    socket: null,
    residue: [],
    notes: f.notes,
    checks,
    strict: f.strict,
    options: f.options,
    integration: f.integration,
    scenario: {
      catalogue: CATALOGUE,
      phases: t.phases.map((p) => ({ ...p, requests: t.requests.filter((r) => r.phase === p.phase).length })),
      timeline: t.requests.map((r) => ({ at: r.at, request: `${r.method} ${r.path} (${r.side})`, status: r.status })),
    },
  };
}
