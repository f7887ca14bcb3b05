// Faults a firmware engineer writes by handling a clause in some handlers and not others: each breaks
// its clause on one endpoint alone, all others kept correct, and names that endpoint. Boundary faults
// (a token compared by prefix, a header name matched in one case) sit beside them.
import type { DeviceState } from './device-state.js';
import { TOKEN_ENDPOINTS as ENDPOINTS, endpointName } from '../spec/endpoints.js';
import { type EmuRequest, type EmuResponse, json } from './exchange.js';
import { V, actAsFirstUser, at, bearer, dropHeader, is, nameIn, slug, withoutHeader } from './fault-helpers.js';
import type { FaultRow } from './catch-plan.js';

const TOKEN_ENDPOINTS = ENDPOINTS.map(endpointName);
const VERSION = 'x-api-version';
const isToken = (state: DeviceState, t: string | undefined) => t !== undefined && state.userOfToken(t) !== undefined;
const unknownWellFormed = (req: EmuRequest, state: DeviceState) => {
  const t = bearer(req);
  return t !== undefined && /^[A-F0-9]{32}$/.test(t) && !isToken(state, t);
};
/** Serves the request as the first user where `accepts` lets a credential through that the correct handler refuses. */
const lenient = (endpoint: string, accepts: (req: EmuRequest, state: DeviceState) => boolean) => (req: EmuRequest, state: DeviceState) =>
  at(req, endpoint) && accepts(req, state) ? actAsFirstUser(req, state) : req;
/** A presented token of a valid token's length that `same` takes for one of them, though it is none. */
const matchesBut = (state: DeviceState, t: string | undefined, same: (t: string, valid: string) => boolean) =>
  t !== undefined && !isToken(state, t) && [...state.users.values()].some((v) => v.length === t.length && same(t, v));
const contentType = (endpoint: string, type: string | null) => (res: EmuResponse, req: EmuRequest) => {
  if (!at(req, endpoint) || res.body === undefined) return res;
  return type === null ? dropHeader(res, 'content-type') : { ...res, headers: { ...res.headers, 'content-type': type } };
};

export const ENDPOINT_FAULTS: readonly FaultRow[] = [
  // VER-01: one handler forgets the header on its successful answers.
  ...[...TOKEN_ENDPOINTS.slice(0, 3), 'POST /api/user', 'DELETE /api/user'].map(
    (endpoint): FaultRow => ({
      name: `no-version-header-on-${slug(endpoint)}`,
      clause: 'VER-01',
      endpoint,
      says: `the successful answers of ${endpoint} carry no X-Api-Version`,
      response: (res, req) => (at(req, endpoint) && res.status < 300 ? dropHeader(res, VERSION) : res),
    }),
  ),
  // VER-04, VER-06: one handler serves what the version check should have refused.
  ...TOKEN_ENDPOINTS.map(
    (endpoint): FaultRow => ({
      name: `version-1-served-on-${slug(endpoint)}`,
      clause: 'VER-04',
      endpoint,
      says: `X-Api-Version: 1 is served by version 2 on ${endpoint}`,
      request: (req) => (at(req, endpoint) && req.headers[VERSION] === '1' ? withoutHeader(req, VERSION) : req),
    }),
  ),
  ...TOKEN_ENDPOINTS.map(
    (endpoint): FaultRow => ({
      name: `future-version-served-on-${slug(endpoint)}`,
      clause: 'VER-06',
      endpoint,
      says: `X-Api-Version above the latest (3, 99) is served on ${endpoint}`,
      request: (req) => (at(req, endpoint) && Number(req.headers[VERSION]) > 2 ? withoutHeader(req, VERSION) : req),
    }),
  ),
  {
    name: 'version-3-served',
    clause: 'VER-06',
    says: 'versions up to the latest MAJOR + 1 are served (the check is off by one)',
    request: (req) => (req.headers[VERSION] === '3' ? withoutHeader(req, VERSION) : req),
  },
  {
    name: 'version-error-echoes-asked-version',
    clause: 'VER-05',
    says: 'the version 400 carries X-Api-Version 1.0.0, the version asked for',
    response: (res, req) =>
      (res.body as { error?: string } | undefined)?.error === 'request:api-version-not-supported'
        ? { ...res, headers: { ...res.headers, [VERSION]: `${req.headers[VERSION]}.0.0` } }
        : res,
  },
  // VER-10: the header is looked up by its name as spelt, not case-insensitively.
  {
    name: 'version-header-name-case-sensitive',
    clause: 'VER-10',
    says: 'X-Api-Version is read only when spelt exactly so',
    request: (req) => (req.headers[VERSION] !== undefined && !req.rawHeaderNames.includes('X-Api-Version') ? withoutHeader(req, VERSION) : req),
  },
  {
    name: 'version-header-lowercase-only',
    clause: 'VER-10',
    says: 'X-Api-Version is read only when spelt in lowercase',
    request: (req) => (req.headers[VERSION] !== undefined && !req.rawHeaderNames.includes(VERSION) ? withoutHeader(req, VERSION) : req),
  },
  // AUTH-02: one handler takes any well-formed token (GET /api's is in faults-auth.ts).
  ...TOKEN_ENDPOINTS.slice(1, 3).map(
    (endpoint): FaultRow => ({
      name: `unknown-token-accepted-on-${slug(endpoint)}`,
      clause: 'AUTH-02',
      endpoint,
      says: `${endpoint} accepts any 32 uppercase hex digits as a token`,
      request: lenient(endpoint, unknownWellFormed),
    }),
  ),
  {
    name: 'delete-checks-name-before-token',
    clause: 'AUTH-02',
    endpoint: 'DELETE /api/user',
    says: 'DELETE /api/user looks the name up before the token: an unknown user answers 404 whatever the credential',
    answer: (req, state) => {
      const name = nameIn(req);
      return is(req, 'DELETE', '/api/user') && !isToken(state, bearer(req)) && name !== undefined && !state.users.has(name)
        ? json(404, { error: 'user:not-found' }, V)
        : undefined;
    },
  },
  // AUTH-03: boundaries of the credential, one endpoint each (GET /api's are in faults-auth.ts).
  {
    name: 'token-extra-digit-accepted-on-measurement',
    clause: 'AUTH-03',
    endpoint: 'GET /api/measurement',
    says: 'GET /api/measurement compares only the first 32 characters of the token',
    request: lenient('GET /api/measurement', (req, state) => {
      const t = bearer(req);
      return t !== undefined && t.length > 32 && isToken(state, t.slice(0, 32));
    }),
  },
  {
    name: 'bare-bearer-accepted-on-measurement',
    clause: 'AUTH-03',
    endpoint: 'GET /api/measurement',
    says: 'GET /api/measurement lets `Authorization: Bearer` with no token through',
    request: lenient('GET /api/measurement', (req) => /^Bearer\s*$/.test(req.headers.authorization ?? 'x')),
  },
  {
    name: 'token-prefix-accepted-on-user',
    clause: 'AUTH-03',
    endpoint: 'GET /api/user',
    says: 'GET /api/user compares the token only as far as the one presented goes',
    request: lenient('GET /api/user', (req, state) => {
      const t = bearer(req);
      return !!t && t.length < 32 && [...state.users.values()].some((v) => v.startsWith(t));
    }),
  },
  // AUTH-03 at one position of the token: comparisons that skip the first character, stop at 16, or stop at 31.
  {
    name: 'token-first-character-ignored-on-user',
    clause: 'AUTH-03',
    endpoint: 'GET /api/user',
    says: 'GET /api/user compares the token from its second character on',
    request: lenient('GET /api/user', (req, state) => matchesBut(state, bearer(req), (t, v) => t.slice(1) === v.slice(1))),
  },
  {
    name: 'token-half-compared-on-measurement',
    clause: 'AUTH-03',
    endpoint: 'GET /api/measurement',
    says: 'GET /api/measurement compares only the first 16 characters of a 32-character token',
    request: lenient('GET /api/measurement', (req, state) => matchesBut(state, bearer(req), (t, v) => t.slice(0, 16) === v.slice(0, 16))),
  },
  {
    name: 'token-last-character-ignored-on-api',
    clause: 'AUTH-03',
    endpoint: 'GET /api',
    says: 'GET /api compares the first 31 characters of a 32-character token',
    request: lenient('GET /api', (req, state) => matchesBut(state, bearer(req), (t, v) => t.slice(0, 31) === v.slice(0, 31))),
  },
  {
    name: 'any-scheme-accepted-on-user-delete',
    clause: 'AUTH-03',
    endpoint: 'DELETE /api/user',
    says: 'DELETE /api/user takes the token under any scheme (Basic too)',
    request: (req, state) => {
      const m = /^(\S+) (.+)$/.exec(req.headers.authorization ?? '');
      return is(req, 'DELETE', '/api/user') && m && m[1] !== 'Bearer' && isToken(state, m[2])
        ? { ...req, headers: { ...req.headers, authorization: `Bearer ${m[2]}` } }
        : req;
    },
  },
  // ERR-02: one handler sets another content type on its JSON.
  {
    name: 'device-info-as-text-plain',
    clause: 'ERR-02',
    endpoint: 'GET /api',
    says: 'GET /api answers its JSON as text/plain',
    response: contentType('GET /api', 'text/plain'),
  },
  {
    name: 'measurement-without-content-type',
    clause: 'ERR-02',
    endpoint: 'GET /api/measurement',
    says: 'GET /api/measurement answers with no Content-Type',
    response: contentType('GET /api/measurement', null),
  },
  {
    name: 'user-list-as-text-json',
    clause: 'ERR-02',
    endpoint: 'GET /api/user',
    says: 'GET /api/user answers its JSON as text/json',
    response: contentType('GET /api/user', 'text/json'),
  },
  {
    name: 'user-post-as-text-html',
    clause: 'ERR-02',
    endpoint: 'POST /api/user',
    says: 'POST /api/user answers its JSON as text/html',
    response: contentType('POST /api/user', 'text/html'),
  },
  {
    name: 'state-as-text-plain',
    clause: 'ERR-02',
    endpoint: 'GET /api/v1/state',
    kind: 'energysocket',
    server: 'v1',
    says: 'GET /api/v1/state answers its JSON as text/plain',
    response: contentType('GET /api/v1/state', 'text/plain'),
  },
  {
    name: 'state-put-as-application-javascript',
    clause: 'ERR-02',
    endpoint: 'PUT /api/v1/state',
    kind: 'energysocket',
    server: 'v1',
    says: 'PUT /api/v1/state answers its JSON as application/javascript',
    response: contentType('PUT /api/v1/state', 'application/javascript'),
  },
  {
    name: 'system-as-text-plain',
    clause: 'ERR-02',
    endpoint: 'GET /api/v1/system',
    server: 'v1',
    says: 'GET /api/v1/system answers its JSON as text/plain',
    response: contentType('GET /api/v1/system', 'text/plain'),
  },
];
