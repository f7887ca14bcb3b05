// The judges against traffic: a well-behaved integration's (fixture.ts) passes every MUST and SHOULD clause
// it gives occasion to; each misbehaviour below, written as the device would record it, is caught by the
// clause it names (and the ones it names as also broken), and breaks no other clause.
import { describe, expect, test } from 'vitest';
import type { ClientClauseId } from '../../spec/client-clauses.js';
import { clientClauses } from '../../spec/client-clauses.js';
import type { Presented, SeenRequest, Traffic } from '../../spec/traffic.js';
import { TOKEN_1, TOKEN_2, addRequest, referenceTraffic, validTls } from './fixture.js';
import { judgeTraffic } from './table.js';
import { REFUSAL_MS } from './tls.js';

const span = (t: Traffic, phase: string) => t.phases.find((p) => p.phase === phase)!;
const polls = (t: Traffic, phase: string) => t.requests.filter((r) => r.phase === phase && r.path === '/api/measurement' && r.status === 200);
const posts = (t: Traffic, phase: string) => t.requests.filter((r) => r.phase === phase && r.method === 'POST' && r.path === '/api/user');
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const json = { 'content-type': 'application/json' };
const drop = (t: Traffic, gone: (r: SeenRequest) => boolean) => void (t.requests = t.requests.filter((r) => !gone(r)));

/** A misbehaviour of an integration, as the device records it. */
interface TrafficFault {
  name: string;
  clause: ClientClauseId;
  also?: ClientClauseId[];
  apply: (t: Traffic) => void;
}

function accepts(t: Traffic, presented: Exclude<Presented, 'valid'>, from = 0): void {
  for (const c of t.connections.filter((x) => x.tls?.presented === presented).slice(from)) {
    c.tls!.handshake = 'completed';
    addRequest(t, { at: c.openedAt + 1, connection: c.id, headers: bearer(TOKEN_1) });
  }
}

/** The integration's WebSocket conversations the device heard it speak on. */
const spoken = (t: Traffic) => t.sockets.filter((x) => x.messages.some((m) => m.from === 'client'));
const frame = (at: number, text: unknown) => ({ at, from: 'client' as const, text: typeof text === 'string' ? text : JSON.stringify(text) });
const writes = (t: Traffic, path: string) => t.requests.filter((r) => r.method === 'PUT' && r.path === path);

const VENDOR_FAULTS: TrafficFault[] = [
  {
    name: 'subscribes before it authorizes',
    clause: 'CL-WS-01',
    apply: (t) => {
      const s = spoken(t)[0]!;
      s.messages.splice(1, 0, frame(s.openedAt + 120, { type: 'subscribe', data: 'device' }));
    },
  },
  {
    name: 'authorizes the socket with a token the device never issued',
    clause: 'CL-WS-01',
    apply: (t) => {
      const s = spoken(t)[1]!;
      s.messages.find((m) => m.from === 'client')!.text = JSON.stringify({ type: 'authorization', data: '7'.repeat(32) });
    },
  },
  {
    name: 'sends its token before the device asks for it',
    clause: 'CL-WS-02',
    apply: (t) => {
      const s = spoken(t)[0]!;
      s.messages = [
        frame(s.openedAt + 20, { type: 'authorization', data: TOKEN_1 }),
        ...s.messages.filter((m) => m.from === 'device' || !m.text.includes('authorization')),
      ];
    },
  },
  {
    name: 'subscribed to the device topic, polls GET /api every second all the same',
    clause: 'CL-WS-03',
    apply: (t) => {
      for (const r of polls(t, 'steady').slice(0, 5)) addRequest(t, { at: r.at + 500, connection: r.connection, path: '/api', headers: bearer(TOKEN_1) });
    },
  },
  {
    name: 'tries the socket every 200 ms while the device is away',
    clause: 'CL-WS-04',
    apply: (t) => {
      const away = t.away[0]!;
      for (let at = away.from + 300; at < away.from + 2000; at += 200) {
        t.sockets.push({
          id: Math.max(...t.requests.map((r) => r.id), ...t.sockets.map((x) => x.id)) + 1,
          connection: 0,
          phase: 'reboot',
          openedAt: at,
          closedAt: at,
          closedBy: 'device',
          cut: true,
          messages: [],
        });
      }
    },
  },
  {
    name: 'sends a bare text command',
    clause: 'CL-WS-05',
    apply: (t) => {
      const s = spoken(t)[0]!;
      s.messages.push(frame(s.openedAt + 400, 'subscribe measurement'));
    },
  },
  {
    name: 'speaks over a WebSocket whose certificate is from a foreign CA',
    clause: 'CL-TLS-01',
    apply: (t) => {
      const c = t.connections.find((x) => x.tls?.presented === 'foreign-ca')!;
      c.tls!.handshake = 'completed';
      t.sockets.push({
        id: Math.max(...t.requests.map((r) => r.id), ...t.sockets.map((x) => x.id)) + 1,
        connection: c.id,
        phase: 'foreign-ca',
        openedAt: c.openedAt,
        closedAt: c.openedAt + 500,
        closedBy: 'device',
        cut: false,
        messages: [
          { at: c.openedAt + 100, from: 'device', text: '{"type":"authorization_requested","data":{"api_version":"2.2.0"}}' },
          frame(c.openedAt + 150, { type: 'authorization', data: TOKEN_1 }),
        ],
      });
    },
  },
  { name: 'switches the v1 API off', clause: 'CL-SYS-01', apply: (t) => void (writes(t, '/api/system')[0]!.body = '{"api_v1_enabled":false}') },
  {
    name: 'switches the cloud off over the socket',
    clause: 'CL-SYS-01',
    apply: (t) => {
      const s = spoken(t)[0]!;
      s.messages.push(frame(s.openedAt + 400, { type: 'system', data: { cloud_enabled: false } }));
    },
  },
  {
    name: 'asks for to_full with permissions in one write',
    clause: 'CL-BAT-01',
    apply: (t) => {
      writes(t, '/api/batteries')[0]!.body = '{"mode":"to_full","permissions":["charge_allowed"]}';
    },
  },
  {
    name: 'writes permissions while the device said it is in to_full',
    clause: 'CL-BAT-01',
    apply: (t) => {
      const w = writes(t, '/api/batteries')[0]!;
      addRequest(t, {
        at: w.at - 300,
        connection: w.connection,
        path: '/api/batteries',
        headers: bearer(TOKEN_1),
        responseBody: '{"mode":"to_full","permissions":[]}',
      });
      w.body = '{"permissions":["charge_allowed"]}';
    },
  },
  {
    name: 'asks for a mode the documentation does not name',
    clause: 'CL-BAT-01',
    apply: (t) => void (writes(t, '/api/batteries')[0]!.body = '{"mode":"eco"}'),
  },
];

const FAULTS: TrafficFault[] = [
  ...VENDOR_FAULTS,
  {
    name: 'sends its token to the v1 port',
    clause: 'CL-AUTH-01',
    apply: (t) => void addRequest(t, { at: span(t, 'steady').from + 300, side: 'v1', path: '/api', headers: bearer(TOKEN_1) }),
  },
  {
    name: 'puts its token in a v1 body',
    clause: 'CL-AUTH-01',
    apply: (t) =>
      void addRequest(t, {
        at: span(t, 'steady').from + 300,
        side: 'v1',
        method: 'PUT',
        path: '/api/v1/system',
        headers: json,
        body: JSON.stringify({ cloud_enabled: true, token: TOKEN_1 }),
      }),
  },
  {
    name: 'sends its token lowercased once',
    clause: 'CL-AUTH-02',
    apply: (t) => void (polls(t, 'steady')[3]!.headers.authorization = `Bearer ${TOKEN_1.toLowerCase()}`),
  },
  {
    name: 'sends the token as Basic credentials',
    clause: 'CL-AUTH-02',
    apply: (t) => void (polls(t, 'steady')[3]!.headers.authorization = `Basic ${btoa(`x:${TOKEN_1}`)}`),
  },
  { name: 'also sends the token in a header of its own', clause: 'CL-AUTH-02', apply: (t) => void (polls(t, 'newer')[2]!.headers['x-token'] = TOKEN_1) },
  {
    name: 'sends a token the device never issued',
    clause: 'CL-AUTH-02',
    apply: (t) => void (polls(t, 'steady')[5]!.headers.authorization = `Bearer ${'7'.repeat(32)}`),
  },
  // Its refused token, sent again with every request for a new one, is also too often for LOAD-03.
  {
    name: 'sends its old token while asking for a new one',
    clause: 'CL-AUTH-03',
    also: ['CL-LOAD-03'],
    apply: (t) => {
      for (const r of posts(t, 'revoked')) r.headers.authorization = `Bearer ${TOKEN_1}`;
    },
  },
  { name: 'puts its token in the query', clause: 'CL-AUTH-04', apply: (t) => void (polls(t, 'steady')[1]!.query = `token=${TOKEN_1}`) },
  {
    name: 'asks for a name without the local/ prefix',
    clause: 'CL-PAIR-01',
    apply: (t) => {
      for (const r of posts(t, 'pairing')) r.body = '{"name":"my-integration"}';
    },
  },
  {
    name: 'asks for a name of 41 characters',
    clause: 'CL-PAIR-01',
    apply: (t) => {
      for (const r of posts(t, 'revoked')) r.body = JSON.stringify({ name: `local/${'n'.repeat(41)}` });
    },
  },
  {
    name: 'asks for a token every 200 ms until the press',
    clause: 'CL-PAIR-02',
    apply: (t) => {
      for (const r of posts(t, 'pairing').filter((p) => p.status === 403)) {
        for (const d of [200, 400, 600, 800]) addRequest(t, { ...r, at: r.at + d, connection: r.connection });
      }
    },
  },
  {
    name: 'asks for a token twice in a row',
    clause: 'CL-PAIR-03',
    also: ['CL-PAIR-04'],
    apply: (t) => {
      const got = t.tokens[0]!;
      const again = addRequest(t, {
        at: got.at + 400,
        connection: 1,
        method: 'POST',
        path: '/api/user',
        headers: json,
        body: '{"name":"local/my-integration"}',
        responseBody: JSON.stringify({ name: 'local/my-integration', token: 'C'.repeat(32) }),
      });
      t.tokens.push({ token: 'C'.repeat(32), name: 'local/my-integration', request: again.id, at: again.at });
    },
  },
  {
    name: 'probes GET /api without its new token first',
    clause: 'CL-PAIR-04',
    apply: (t) => void addRequest(t, { at: t.tokens[1]!.at + 300, connection: 1, path: '/api', status: 401 }),
  },
  { name: 'accepts a certificate from a foreign CA', clause: 'CL-TLS-01', apply: (t) => accepts(t, 'foreign-ca') },
  { name: 'accepts a certificate that names another device', clause: 'CL-TLS-02', apply: (t) => accepts(t, 'wrong-identity') },
  {
    name: 'refuses a wrong identity once, then sends its token over it',
    clause: 'CL-TLS-03',
    also: ['CL-TLS-02'],
    apply: (t) => accepts(t, 'wrong-identity', 1),
  },
  {
    name: 'asks for API version 1 over HTTPS',
    clause: 'CL-VER-01',
    apply: (t) => {
      for (const r of polls(t, 'newer')) r.headers['x-api-version'] = '1';
    },
  },
  { name: 'stops polling once the version is newer', clause: 'CL-VER-02', apply: (t) => drop(t, (r) => r.phase === 'newer') },
  {
    name: 'polls at a quarter of its rate once the version is newer',
    clause: 'CL-VER-02',
    apply: (t) => drop(t, (r) => r.phase === 'newer' && r.id % 4 !== 0),
  },
  {
    name: 'polls every 250 ms',
    clause: 'CL-LOAD-01',
    apply: (t) => {
      for (const r of [...polls(t, 'steady'), ...polls(t, 'newer')])
        for (const d of [250, 500, 750]) addRequest(t, { ...r, at: r.at + d, connection: r.connection });
    },
  },
  {
    name: 'opens a connection for every request',
    clause: 'CL-LOAD-02',
    apply: (t) => {
      for (const r of polls(t, 'steady')) {
        const id = Math.max(...t.connections.map((c) => c.id)) + 1;
        t.connections.push({ id, side: 'v2', phase: 'steady', openedAt: r.at - 2, closedAt: r.at + 5, closedBy: 'client', tls: validTls() });
        r.connection = id;
      }
    },
  },
  {
    name: 'holds five connections open',
    clause: 'CL-LOAD-02',
    apply: (t) => {
      for (let i = 0; i < 4; i += 1)
        t.connections.push({
          id: 900 + i,
          side: 'v2',
          phase: 'steady',
          openedAt: span(t, 'steady').from + 100 * i,
          closedAt: null,
          closedBy: null,
          tls: validTls(),
        });
    },
  },
  {
    name: 'retries every 200 ms while the device is away',
    clause: 'CL-LOAD-03',
    apply: (t) => {
      const { from, to } = t.away[0]!;
      for (let at = from + 100; at < to; at += 200) addRequest(t, { at, headers: bearer(TOKEN_1), status: 0 });
    },
  },
  {
    name: 'sends its refused token every second',
    clause: 'CL-LOAD-03',
    apply: (t) => {
      const first = t.requests.find((r) => r.status === 401)!;
      for (let i = 1; i <= 3; i += 1) addRequest(t, { at: first.at + 250 * i, connection: first.connection, headers: bearer(TOKEN_1), status: 401 });
    },
  },
  {
    name: 'pairs again after the reboot',
    clause: 'CL-LIFE-01',
    also: ['CL-PAIR-03'],
    apply: (t) => {
      const back = t.away[0]!.to;
      addRequest(t, {
        at: back + 200,
        method: 'POST',
        path: '/api/user',
        headers: json,
        body: '{"name":"local/my-integration"}',
        status: 403,
        responseBody: '{"error":"user:creation-not-enabled"}',
      });
    },
  },
  { name: 'comes back only after 40 s', clause: 'CL-LIFE-01', apply: (t) => drop(t, (r) => r.phase === 'reboot' && r.at >= t.away[0]!.to) },
  {
    name: 'sends its name without a Content-Type',
    clause: 'CL-BODY-01',
    apply: (t) => {
      for (const r of posts(t, 'pairing')) delete r.headers['content-type'];
    },
  },
  {
    name: 'sends its name as a form',
    clause: 'CL-BODY-01',
    also: ['CL-PAIR-01'],
    apply: (t) => {
      for (const r of posts(t, 'revoked'))
        Object.assign(r, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=local%2Fmy-integration' });
    },
  },
  {
    name: 'deletes itself with a body-less DELETE',
    clause: 'CL-BODY-02',
    apply: (t) =>
      void addRequest(t, { at: t.phases.at(-1)!.to - 500, connection: 1, method: 'DELETE', path: '/api/user', headers: bearer(TOKEN_2), status: 204 }),
  },
  {
    name: 'asks the socket for off and locked',
    clause: 'CL-SOCK-01',
    apply: (t) =>
      void addRequest(t, {
        at: span(t, 'steady').from + 300,
        side: 'v1',
        method: 'PUT',
        path: '/api/v1/state',
        headers: json,
        body: '{"power_on":false,"switch_lock":true}',
        status: 400,
      }),
  },
  {
    name: 'asks the socket for brightness 256',
    clause: 'CL-SOCK-02',
    apply: (t) =>
      void addRequest(t, {
        at: span(t, 'steady').from + 300,
        side: 'v1',
        method: 'PUT',
        path: '/api/v1/state',
        headers: json,
        body: '{"brightness":256}',
        status: 400,
      }),
  },
  {
    name: 'sends power_on as a string',
    clause: 'CL-SOCK-02',
    apply: (t) =>
      void addRequest(t, {
        at: span(t, 'steady').from + 300,
        side: 'v1',
        method: 'PUT',
        path: '/api/v1/state',
        headers: json,
        body: '{"power_on":"true"}',
        status: 400,
      }),
  },
];

const outcomes = (t: Traffic) => Object.fromEntries(judgeTraffic(t).map((v) => [v.clause, v.status]));
const clean = outcomes(referenceTraffic());

describe('the reference traffic', () => {
  test('gives every clause an outcome, in catalogue order, and passes every MUST and SHOULD clause it gives occasion to', () => {
    expect(Object.keys(clean)).toEqual(clientClauses.map((c) => c.id));
    const judged = clientClauses.filter((c) => c.level !== 'OBSERVE');
    expect(judged.filter((c) => clean[c.id] !== 'pass').map((c) => `${c.id} ${clean[c.id]}`)).toEqual([
      'CL-BODY-02 skip',
      'CL-SOCK-01 skip',
      'CL-SOCK-02 skip',
    ]);
    for (const c of clientClauses.filter((x) => x.level === 'OBSERVE')) expect(clean[c.id], c.id).toMatch(/observation|skip/);
  });

  test('a client of both ports that keeps one connection to each is not told it does not reuse them (CL-LOAD-02)', () => {
    const t = referenceTraffic();
    const from = span(t, 'steady').from;
    const v1 = addRequest(t, { at: from + 100, side: 'v1', path: '/api/v1/data' });
    for (let i = 1; i < 3; i += 1) addRequest(t, { at: from + 100 + i * 2000, side: 'v1', path: '/api/v1/data', connection: v1.connection });
    expect(judgeTraffic(t).find((v) => v.clause === 'CL-LOAD-02')!.status).toBe('pass');
  });

  test('a WebSocket opened during steady is not a connection a request could have reused (CL-LOAD-02)', () => {
    const t = referenceTraffic();
    const from = span(t, 'steady').from;
    // Five polls (one connection allowed), and two WebSockets opened in steady: the first closed by the integration.
    const polls = t.requests.filter((r) => r.phase === 'steady');
    t.requests = t.requests.filter((r) => !polls.slice(5).includes(r));
    for (const [id, at, closedAt] of [
      [9_000, from + 500, from + 2000],
      [9_002, from + 3000, null],
    ] as const) {
      const closedBy = closedAt === null ? null : ('client' as const);
      t.connections.push({ id, side: 'v2', phase: 'steady', openedAt: at, closedAt, closedBy });
      t.sockets.push({ id: id + 1, connection: id, phase: 'steady', openedAt: at, closedAt, closedBy, cut: false, messages: [] });
    }
    const load02 = judgeTraffic(t).find((v) => v.clause === 'CL-LOAD-02')!;
    expect(load02.status, load02.message).toBe('pass');
    expect(load02.message).toBe('2 connections opened for 5 requests during steady, never more than 3 open');
  });

  test("a token whose answer went out in the millisecond the pairing phase ended is the pairing's (CL-PAIR-04)", () => {
    const t = referenceTraffic();
    // The pairing's token alone (the revoked phase's would be judged on its own).
    const issued = t.tokens[0]!;
    t.tokens = [issued];
    const pairing = span(t, 'pairing');
    const steady = t.phases[t.phases.indexOf(pairing) + 1]!;
    pairing.to = steady.from = issued.at;
    expect(judgeTraffic(t).find((v) => v.clause === 'CL-PAIR-04')!.status).toBe('pass');
  });

  test('its outcomes name no token', () => {
    const text = JSON.stringify(judgeTraffic(referenceTraffic()));
    for (const token of [TOKEN_1, TOKEN_2]) expect(text.toUpperCase()).not.toContain(token);
  });
});

// A non-validating integration whose connection the device closed before the request came (at the change of
// certificate that ends the phase, on a busy machine) did not refuse the certificate: that is CL-TLS-02's warning
// alone, not CL-TLS-03's "it validates, but not on every connection".
test('a poll the device still answered as it went away, and the next 200 ms later that it cut: no repeat too soon (CL-LOAD-03)', () => {
  const t = referenceTraffic();
  const { from, to } = t.away[0]!;
  drop(t, (r) => r.at >= from && r.at < to);
  addRequest(t, { at: from + 10, headers: bearer(TOKEN_1), status: 200 });
  for (const at of [from + 240, from + 1300]) addRequest(t, { at, headers: bearer(TOKEN_1), status: 0 });
  expect(judgeTraffic(t).find((v) => v.clause === 'CL-LOAD-03')?.status).toBe('pass');
  addRequest(t, { at: from + 1500, headers: bearer(TOKEN_1), status: 0 });
  expect(judgeTraffic(t).find((v) => v.clause === 'CL-LOAD-03')).toMatchObject({
    status: 'warn',
    message: expect.stringMatching(/came 200 ms after the same request, while the device was away/),
  });
});

test('a clause none of whose phases was played is skipped, saying so; one played in part is judged in the phases played', () => {
  const t = referenceTraffic();
  // A scenario that played pairing and steady alone (certify.spec.ts's plans), or stopped after them.
  t.phases = t.phases.filter((p) => p.phase === 'pairing' || p.phase === 'steady');
  const outcomes = judgeTraffic(t);
  const v = (id: string) => outcomes.find((x) => x.clause === id)!;
  expect(v('CL-TLS-02')).toMatchObject({ status: 'skip', message: 'none of its phases (wrong-identity) was played' });
  expect(v('CL-LOAD-01')).toMatchObject({ status: 'pass' });
});

test('CL-TLS-03 names the refusal it rests on, where the operator finds it in the timeline', () => {
  const t = referenceTraffic();
  accepts(t, 'wrong-identity', 1);
  const first = t.connections.find((c) => c.tls?.presented === 'wrong-identity')!;
  expect(judgeTraffic(t).find((v) => v.clause === 'CL-TLS-03')!.message).toContain(
    `(connection ${first.id}, ${(first.openedAt / 1000).toFixed(1)} s into the scenario: it broke the handshake off)`,
  );
});

test('a connection the device closed, or the client gave up late, before any request is no refusal (CL-TLS-03)', () => {
  const t = referenceTraffic();
  accepts(t, 'wrong-identity');
  const late = Math.max(...t.connections.map((c) => c.id)) + 1;
  const end = Math.max(...t.connections.filter((c) => c.tls?.presented === 'wrong-identity').map((c) => c.closedAt ?? c.openedAt));
  t.connections.push({
    id: late,
    side: 'v2',
    phase: 'wrong-identity',
    openedAt: end,
    closedAt: end + 5,
    closedBy: 'device',
    tls: { ...validTls(), presented: 'wrong-identity' },
  });
  const status = (id: string) => judgeTraffic(t).find((v) => v.clause === id)!.status;
  expect([status('CL-TLS-02'), status('CL-TLS-03')]).toEqual(['warn', 'pass']);
  t.connections.find((c) => c.id === late)!.closedBy = 'client';
  expect(judgeTraffic(t).find((v) => v.clause === 'CL-TLS-03')).toMatchObject({
    status: 'fail',
    message: expect.stringContaining(
      `(connection ${late}, ${(end / 1000).toFixed(1)} s into the scenario: it closed it 5 ms after the handshake, without a request)`,
    ),
  });
  // Closed by the client long after the handshake: a request or an upgrade it gave up (CI, 2026-11-26), no refusal.
  t.connections.find((c) => c.id === late)!.closedAt = end + REFUSAL_MS + 4000;
  expect([status('CL-TLS-02'), status('CL-TLS-03')]).toEqual(['warn', 'pass']);
});

describe('each misbehaviour is caught by its clause, and breaks no other', () => {
  test.for(FAULTS.map((f) => [`${f.clause}: ${f.name}`, f] as const))('%s', ([, fault]) => {
    const t = referenceTraffic();
    fault.apply(t);
    const outcomes = judgeTraffic(t);
    const mine = outcomes.find((v) => v.clause === fault.clause)!;
    const level = clientClauses.find((c) => c.id === fault.clause)!.level;
    expect(mine.status, mine.message).toBe(level === 'MUST' ? 'fail' : 'warn');
    expect(mine.evidence.length, mine.message).toBeGreaterThan(0);
    for (const id of mine.evidence) expect(t.requests.some((r) => r.id === id) || t.sockets.some((x) => x.id === id)).toBe(true);
    const changed = outcomes.filter((v) => (v.status === 'fail' || v.status === 'warn') && v.status !== clean[v.clause]).map((v) => v.clause);
    expect(changed.sort()).toEqual([fault.clause, ...(fault.also ?? [])].sort());
    for (const token of [TOKEN_1, TOKEN_2]) expect(JSON.stringify(outcomes).toUpperCase()).not.toContain(token);
  });

  test('every MUST and SHOULD clause has a misbehaviour that breaks it', () => {
    const broken = new Set(FAULTS.map((f) => f.clause));
    expect(clientClauses.filter((c) => c.level !== 'OBSERVE' && !broken.has(c.id)).map((c) => c.id)).toEqual([]);
  });
});
