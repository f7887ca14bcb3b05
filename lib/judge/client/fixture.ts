// For the judges' tests: traffic as the device records it, built by hand, and the traffic of a well-behaved
// integration through the whole scenario (it pairs, polls once a second over one kept-alive connection,
// refuses foreign and misnamed certificates, rides out the reboot and pairs again once revoked).
import { PHASES, type Phase } from '../../spec/client-clause-types.js';
import type { IssuedToken, Presented, SeenConnection, SeenRequest, Traffic } from '../../spec/traffic.js';

/** The default scenario's phases, in seconds. */
export const LENGTHS: Record<Phase, number> = { pairing: 15, steady: 30, newer: 30, reboot: 40, 'foreign-ca': 15, 'wrong-identity': 15, revoked: 30 };
export const AWAY = { from: 2, to: 12 };
export const PRESS_AFTER = 5;

export const TOKEN_1 = '0123456789ABCDEF0123456789ABCDEF';
export const TOKEN_2 = 'FEDCBA9876543210FEDCBA9876543210';

export interface RequestSpec {
  at: number;
  side?: 'v1' | 'v2';
  method?: string;
  path?: string;
  query?: string;
  headers?: Record<string, string>;
  body?: string;
  status?: number;
  responseBody?: string;
  responseHeaders?: Record<string, string>;
  connection?: number;
}

/** What a connection's handshake looks like when the device presented its own certificate and the client took it. */
export const validTls = (): NonNullable<SeenConnection['tls']> => ({
  presented: 'valid',
  handshake: 'completed',
  sni: null,
  protocol: 'TLSv1.3',
  resumed: false,
});

/** A request as the device records it, the spec's blanks filled with a successful poll's. */
function seenRequest(spec: RequestSpec, id: number, connection: number, phase: Phase): SeenRequest {
  return {
    id,
    connection,
    side: spec.side ?? 'v2',
    phase,
    at: spec.at,
    method: spec.method ?? 'GET',
    path: spec.path ?? '/api/measurement',
    query: spec.query ?? '',
    headers: spec.headers ?? {},
    body: spec.body ?? '',
    status: spec.status ?? 200,
    responseBody: spec.responseBody ?? '',
    ...(spec.responseHeaders ? { responseHeaders: spec.responseHeaders } : {}),
  };
}

export class TrafficBuilder {
  readonly t: Traffic;
  constructor(lengths: Record<Phase, number> = LENGTHS) {
    let from = 0;
    const phases = PHASES.map((phase) => {
      const span = { phase, from, to: from + lengths[phase] * 1000 };
      from = span.to;
      return span;
    });
    const reboot = phases.find((p) => p.phase === 'reboot')!;
    this.t = {
      device: { kind: 'p1dongle', serial: '5c2fafaabbcc' },
      phases,
      connections: [],
      requests: [],
      sockets: [],
      tokens: [],
      away: [{ from: reboot.from + AWAY.from * 1000, to: reboot.from + AWAY.to * 1000 }],
      presses: [],
    };
  }

  start(phase: Phase): number {
    return this.t.phases.find((p) => p.phase === phase)!.from;
  }

  phaseAt(at: number): Phase {
    return (this.t.phases.find((p) => at >= p.from && at < p.to) ?? this.t.phases.at(-1)!).phase;
  }

  connection(side: 'v1' | 'v2', at: number, tls?: { presented?: Presented; handshake?: 'completed' | 'failed' }): number {
    const c: SeenConnection = {
      id: this.t.connections.length + 1,
      side,
      phase: this.phaseAt(at),
      openedAt: at,
      closedAt: null,
      closedBy: null,
      tls: side === 'v2' ? { ...validTls(), ...tls } : undefined,
    };
    this.t.connections.push(c);
    return c.id;
  }

  close(id: number, at: number, by: 'client' | 'device'): void {
    const c = this.t.connections.find((x) => x.id === id)!;
    if (c.closedAt === null) Object.assign(c, { closedAt: at, closedBy: by });
  }

  request(spec: RequestSpec): SeenRequest {
    const r = seenRequest(
      spec,
      this.t.requests.length + this.t.sockets.length + 1,
      spec.connection ?? this.connection(spec.side ?? 'v2', spec.at),
      this.phaseAt(spec.at),
    );
    this.t.requests.push(r);
    return r;
  }

  /** A WebSocket conversation opened at `at`: its frames at offsets (ms) from then, closed by whom and when (or open). */
  socket(at: number, frames: readonly [number, 'client' | 'device', unknown][], closed?: { at: number; by: 'client' | 'device' }, cut = false): number {
    const id = this.t.requests.length + this.t.sockets.length + 1;
    this.t.sockets.push({
      id,
      connection: this.connection('v2', at),
      phase: this.phaseAt(at),
      openedAt: at,
      closedAt: closed?.at ?? null,
      closedBy: closed?.by ?? null,
      cut,
      messages: frames.map(([dt, from, m]) => ({ at: at + dt, from, text: typeof m === 'string' ? m : JSON.stringify(m) })),
    });
    return id;
  }

  /** The documented handshake (DOC v2/websocket.mdx), then the client's own frames. */
  authorizedSocket(
    at: number,
    token: string,
    then: readonly [number, 'client' | 'device', unknown][] = [],
    closed?: { at: number; by: 'client' | 'device' },
  ): number {
    return this.socket(
      at,
      [
        [100, 'device', { type: 'authorization_requested', data: { api_version: '2.2.0' } }],
        [150, 'client', { type: 'authorization', data: token }],
        [151, 'device', { type: 'authorized' }],
        ...then,
      ],
      closed,
    );
  }

  /** A POST /api/user: refused before the press, else a token. */
  pair(at: number, connection: number, token: string | null, name = 'local/my-integration'): SeenRequest {
    const headers = { 'content-type': 'application/json' };
    const body = JSON.stringify({ name });
    if (token === null) {
      return this.request({
        at,
        connection,
        method: 'POST',
        path: '/api/user',
        headers,
        body,
        status: 403,
        responseBody: '{"error":"user:creation-not-enabled"}',
      });
    }
    const r = this.request({ at, connection, method: 'POST', path: '/api/user', headers, body, responseBody: JSON.stringify({ name, token }) });
    const issued: IssuedToken = { token, name, request: r.id, at };
    this.t.tokens.push(issued);
    return r;
  }

  poll(at: number, connection: number, token: string, status = 200): SeenRequest {
    return this.request({
      at,
      connection,
      headers: { authorization: `Bearer ${token}`, 'x-api-version': '2' },
      status,
      responseBody: status === 401 ? '{"error":"user:unauthorized"}' : '{"power_w":543}',
    });
  }

  build(): Traffic {
    const t = structuredClone(this.t);
    t.requests.sort((a, b) => a.at - b.at || a.id - b.id);
    return t;
  }
}

/** The battery group's default: zero, both permissions. */
export const ZERO = { mode: 'zero', permissions: ['charge_allowed', 'discharge_allowed'] };

/** Every second from `from` until before `to` (milliseconds). */
const seconds = (from: number, to: number, step = 1000) => Array.from({ length: Math.ceil((to - from) / step) }, (_, i) => from + i * step);

/** The traffic of a well-behaved integration through the default scenario. */
export function referenceTraffic(): Traffic {
  const b = new TrafficBuilder();
  const end = b.t.phases.at(-1)!.to;
  const press1 = b.start('pairing') + PRESS_AFTER * 1000;
  b.t.presses.push(press1);
  let c = b.connection('v2', 1000);
  for (const at of seconds(1000, press1 + 1001)) b.pair(at, c, at > press1 ? TOKEN_1 : null);
  const away = b.t.away[0]!;
  for (const at of seconds(press1 + 2000, away.from)) b.poll(at, c, TOKEN_1);
  // One battery write and one system setting, as the documentation has them.
  const writing = { authorization: `Bearer ${TOKEN_1}`, 'content-type': 'application/json' };
  b.request({
    at: b.start('steady') + 1500,
    connection: c,
    method: 'PUT',
    path: '/api/batteries',
    headers: writing,
    body: JSON.stringify(ZERO),
    responseBody: JSON.stringify({ ...ZERO, power_w: 0 }),
  });
  b.request({
    at: b.start('steady') + 2500,
    connection: c,
    method: 'PUT',
    path: '/api/system',
    headers: writing,
    body: '{"status_led_brightness_pct":50}',
    responseBody: '{"cloud_enabled":true,"status_led_brightness_pct":50,"api_v1_enabled":true}',
  });
  b.close(c, away.from, 'device');
  // The WebSocket, for the device's topic: opened once the token is in use, cut by the reboot, tried every 2 s while away, opened again.
  const subscribe: [number, 'client' | 'device', unknown][] = [
    [200, 'client', { type: 'subscribe', data: 'device' }],
    [201, 'device', { type: 'device', data: {} }],
  ];
  b.authorizedSocket(press1 + 2500, TOKEN_1, subscribe, { at: away.from, by: 'device' });
  for (const at of seconds(away.from + 1000, away.to, 2000)) b.socket(at, [], { at, by: 'device' }, true);
  b.authorizedSocket(away.to + 1000, TOKEN_1, subscribe, { at: b.start('foreign-ca'), by: 'device' });
  // While away: one attempt every two seconds, each cut off.
  for (const at of seconds(away.from + 500, away.to, 2000)) {
    const gone = b.connection('v2', at);
    b.request({ at, connection: gone, headers: { authorization: `Bearer ${TOKEN_1}` }, status: 0 });
    b.close(gone, at + 1, 'device');
  }
  c = b.connection('v2', away.to + 500);
  for (const at of seconds(away.to + 500, b.start('foreign-ca'))) b.poll(at, c, TOKEN_1);
  b.close(c, b.start('foreign-ca'), 'device');
  for (const presented of ['foreign-ca', 'wrong-identity'] as const) {
    for (const at of seconds(b.start(presented) + 500, b.start(presented) + LENGTHS[presented] * 1000, 2000)) {
      b.close(b.connection('v2', at, { presented, handshake: 'failed' }), at + 2, 'client');
    }
  }
  const revoked = b.start('revoked');
  c = b.connection('v2', revoked + 500);
  b.poll(revoked + 500, c, TOKEN_1, 401);
  const press2 = revoked + PRESS_AFTER * 1000;
  b.t.presses.push(press2);
  for (const at of seconds(revoked + 1500, press2 + 1001)) b.pair(at, c, at > press2 ? TOKEN_2 : null);
  for (const at of seconds(press2 + 2000, end)) b.poll(at, c, TOKEN_2);
  return b.build();
}

/** Another request in built traffic, at its time, in its phase (ids stay unique; order by time). */
export function addRequest(t: Traffic, spec: RequestSpec): SeenRequest {
  const phase = (t.phases.find((p) => spec.at >= p.from && spec.at < p.to) ?? t.phases.at(-1)!).phase;
  const side = spec.side ?? 'v2';
  let connection = spec.connection;
  if (connection === undefined) {
    connection = Math.max(0, ...t.connections.map((c) => c.id)) + 1;
    t.connections.push({
      id: connection,
      side,
      phase,
      openedAt: spec.at,
      closedAt: spec.at + 5,
      closedBy: 'client',
      tls: side === 'v2' ? validTls() : undefined,
    });
  }
  const r = seenRequest(spec, Math.max(0, ...t.requests.map((x) => x.id), ...t.sockets.map((x) => x.id)) + 1, connection, phase);
  t.requests.push(r);
  t.requests.sort((a, b) => a.at - b.at || a.id - b.id);
  return r;
}
