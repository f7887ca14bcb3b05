// Hostile devices: they never answer, trickle, reset, send garbage or far too much. Each must end
// the run in bounded time with `error` or `fail`, never a crash. Those on GET /api/measurement leave
// the device answering what the run needs to reach it and put it back; those on the endpoints the run
// reads itself (the socket state, the cloud setting, the user list) take that away from it.
import type { ClauseId } from '../spec/clause-types.js';
import type { KindId } from '../spec/kinds.js';
import { type EmuRequest, type EmuResponse, json, text } from './exchange.js';
import { V, bearer, is, nameIn } from './fault-helpers.js';
import type { FaultRow } from './catch-plan.js';

const TEN_MB = 10 * 1024 * 1024;

const on = (method: string, path: string, res: () => EmuResponse) => (req: EmuRequest) => (is(req, method, path) ? res() : undefined);

/** The endpoints the run reads (and, for the socket, writes) itself, each with the clause that governs it. */
const RUNNER_ENDPOINTS: readonly { method: string; path: string; clause: ClauseId; kind: KindId; server: 'v1' | 'v2'; slug: string }[] = [
  { method: 'GET', path: '/api/v1/state', clause: 'SOCK-01', kind: 'energysocket', server: 'v1', slug: 'state-get' },
  { method: 'PUT', path: '/api/v1/state', clause: 'SOCK-03', kind: 'energysocket', server: 'v1', slug: 'state-put' },
  { method: 'GET', path: '/api/v1/system', clause: 'CLOUD-01', kind: 'p1dongle', server: 'v1', slug: 'system-get' },
  { method: 'GET', path: '/api/user', clause: 'LIST-01', kind: 'p1dongle', server: 'v2', slug: 'user-list' },
];

/** Five ways of answering badly or not at all. */
const MISBEHAVIOURS: readonly { slug: string; says: string; outcome?: 'error'; answer: (versioned: Record<string, string>) => EmuResponse }[] = [
  { slug: 'never-answers', says: 'never answers', outcome: 'error', answer: () => ({ status: 200, headers: {}, delivery: 'hang' }) },
  {
    slug: 'one-byte-a-second',
    says: 'sends its body one byte a second',
    outcome: 'error',
    answer: (h) => ({ ...json(200, { note: 'x'.repeat(60) }, h), delivery: 'trickle' }),
  },
  { slug: 'connection-reset', says: 'resets the connection', outcome: 'error', answer: () => ({ status: 200, headers: {}, delivery: 'reset' }) },
  {
    slug: 'invalid-json',
    says: 'answers 200 with a cut-off JSON body',
    answer: (h) => text(200, '{"power_on": true, "cloud_', { 'content-type': 'application/json', ...h }),
  },
  { slug: 'server-error', says: 'answers 500', answer: (h) => json(500, { error: 'request:internal-server-error' }, h) },
];

const RUNNER_READ_FAULTS: FaultRow[] = RUNNER_ENDPOINTS.flatMap((e) =>
  MISBEHAVIOURS.map(
    (m): FaultRow => ({
      name: `${e.slug}-${m.slug}`,
      clause: e.clause,
      kind: e.kind,
      server: e.server,
      hostile: true,
      runnerUses: e.method === 'GET' ? 'read' : 'write',
      ...(m.outcome ? { outcome: m.outcome } : {}),
      says: `${e.method} ${e.path} ${m.says}`,
      answer: on(e.method, e.path, () => m.answer(e.server === 'v2' ? V : {})),
    }),
  ),
);

const onMeasurement = (res: () => EmuResponse) => on('GET', '/api/measurement', res);

export const HOSTILE_FAULTS: readonly FaultRow[] = [
  {
    name: 'measurement-never-answers',
    clause: 'MEAS-01',
    outcome: 'error',
    hostile: true,
    says: 'GET /api/measurement never answers',
    answer: onMeasurement(() => ({ status: 200, headers: {}, delivery: 'hang' })),
  },
  {
    name: 'measurement-one-byte-a-second',
    clause: 'MEAS-01',
    outcome: 'error',
    hostile: true,
    says: 'GET /api/measurement sends its body one byte a second',
    answer: onMeasurement(() => ({ ...json(200, { power_w: 1, energy_import_kwh: 2, note: 'x'.repeat(200) }, V), delivery: 'trickle' })),
  },
  {
    name: 'measurement-connection-reset',
    clause: 'MEAS-01',
    outcome: 'error',
    hostile: true,
    says: 'GET /api/measurement resets the connection',
    answer: onMeasurement(() => ({ status: 200, headers: {}, delivery: 'reset' })),
  },
  {
    name: 'measurement-invalid-json',
    clause: 'MEAS-01',
    hostile: true,
    says: 'GET /api/measurement answers 200 with a cut-off JSON body',
    answer: onMeasurement(() => ({ status: 200, headers: { 'content-type': 'application/json', ...V }, body: '{"power_w": 12.5, "energy_' })),
  },
  {
    name: 'measurement-ten-megabytes',
    clause: 'MEAS-01',
    outcome: 'error',
    hostile: true,
    says: 'GET /api/measurement answers a 10 MB body',
    answer: onMeasurement(() => text(200, `{"power_w":1,"pad":"${'x'.repeat(TEN_MB)}"}`, { 'content-type': 'application/json', ...V })),
  },
  {
    name: 'device-info-never-answers-with-token',
    clause: 'INFO-01',
    outcome: 'error',
    hostile: true,
    says: 'GET /api with a bearer token never answers (without one it answers 401 as it should)',
    answer: (req) => (is(req, 'GET', '/api') && req.headers.authorization !== undefined ? { status: 200, headers: {}, delivery: 'hang' } : undefined),
  },
  {
    name: 'self-delete-never-answers',
    clause: 'DEL-05',
    outcome: 'error',
    hostile: true,
    args: ['--forget'],
    says: 'DELETE /api/user of the caller itself (--forget, after the suites) never answers',
    answer: (req, state) =>
      is(req, 'DELETE', '/api/user') && nameIn(req) !== undefined && state.userOfToken(bearer(req) ?? '') === nameIn(req)
        ? { status: 200, headers: {}, delivery: 'hang' }
        : undefined,
  },
  {
    name: 'content-type-html',
    clause: 'ERR-02',
    server: 'both',
    hostile: true,
    says: 'every answer says Content-Type: text/html',
    response: (res) => ({ ...res, headers: { ...res.headers, 'content-type': 'text/html' } }),
  },
  {
    name: 'server-error-everywhere',
    clause: 'PAIR-03',
    server: 'both',
    hostile: true,
    says: 'every request answers 500',
    answer: () => json(500, { error: 'request:internal-server-error' }, V),
  },
  ...RUNNER_READ_FAULTS,
];
