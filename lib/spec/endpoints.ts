// Endpoint tables as data: a clause that governs several endpoints is checked on each of them, one
// row per (endpoint, probe), titled by both so that a failure says where.
import { clause } from './catalogue.js';
import type { ClauseId } from './clause-types.js';

export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

/** clauses.md: "every v2 endpoint that takes a token". */
export const TOKEN_ENDPOINTS: readonly Endpoint[] = [
  { method: 'GET', path: '/api' },
  { method: 'GET', path: '/api/measurement' },
  { method: 'GET', path: '/api/user' },
  { method: 'DELETE', path: '/api/user' },
];

/** ERR-01: the v2 endpoints of the specification's table, whose every error answer is `{error: string}`. */
export const ERROR_ANSWER_ENDPOINTS: readonly Endpoint[] = [...TOKEN_ENDPOINTS, { method: 'POST', path: '/api/user' }];

/** Those of them that answer 200 to a valid token whatever the device holds (DEL-03 names these). */
export const TOKEN_READS: readonly Endpoint[] = TOKEN_ENDPOINTS.filter((e) => e.method === 'GET');

export const endpointName = (e: Endpoint): string => `${e.method} ${e.path}`;

export interface EndpointRow<P> {
  clause: ClauseId;
  title: string;
  endpoint: Endpoint;
  probe: P;
}

/** The title of a row: `<ID> [<LEVEL>] <METHOD> <path> — <probe>`. */
export function rowTitle(id: ClauseId, endpoint: Endpoint | string, probe: string): string {
  const c = clause(id);
  const where = typeof endpoint === 'string' ? endpoint : endpointName(endpoint);
  return `${c.id} [${c.level}] ${where} — ${probe}`;
}

/** Every endpoint × every probe, endpoint first. */
export function endpointRows<P extends { probe: string }>(id: ClauseId, endpoints: readonly Endpoint[], probes: readonly P[]): EndpointRow<P>[] {
  return endpoints.flatMap((endpoint) => probes.map((probe) => ({ clause: id, title: rowTitle(id, endpoint, probe.probe), endpoint, probe })));
}

/**
 * The clause that governs each endpoint's answer as such. Where a check breaks on a request to one of
 * them (no answer, a reset, a flood) while the device stays up, that clause is `error` too: the fault is
 * the endpoint's, whichever check met it first.
 */
export const GOVERNING: Readonly<Record<string, ClauseId>> = {
  'v2 GET /api': 'INFO-01',
  'v2 GET /api/measurement': 'MEAS-01',
  'v2 GET /api/user': 'LIST-01',
  'v1 GET /api/v1/state': 'SOCK-01',
  'v1 PUT /api/v1/state': 'SOCK-03',
  'v1 GET /api/v1/system': 'CLOUD-01',
  'v1 PUT /api/v1/system': 'CLOUD-02',
};

/** An endpoint on one side, as GOVERNING and the harness's given-up endpoints name it: `v1 GET /api/v1/state`. */
export const sideEndpointKey = (to: { side: string; method: string; path: string }): string => `${to.side} ${to.method} ${to.path}`;

export const governingClause = (to: { side: string; method: string; path: string }): ClauseId | undefined => GOVERNING[sideEndpointKey(to)];
