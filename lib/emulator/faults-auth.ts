// Faults of authentication (AUTH) on GET /api and the user endpoints; those on one other endpoint are in faults-endpoints.ts.
import { json } from './exchange.js';
import { routeV2 } from './routes-v2.js';
import { V, bearer, is, serveDeviceInfoWhen, withBody } from './fault-helpers.js';
import type { FaultRow } from './catch-plan.js';

export const AUTH_FAULTS: readonly FaultRow[] = [
  {
    name: 'api-open-without-token',
    clause: 'AUTH-01',
    says: 'GET /api without Authorization answers 200',
    response: serveDeviceInfoWhen((req) => req.headers.authorization === undefined),
  },
  {
    name: 'any-well-formed-token-accepted',
    clause: 'AUTH-02',
    endpoint: 'GET /api',
    says: 'any 32 uppercase hex digits are accepted as a token',
    response: serveDeviceInfoWhen((req) => /^[A-F0-9]{32}$/.test(bearer(req) ?? '')),
  },
  {
    name: 'token-prefix-accepted',
    clause: 'AUTH-03',
    endpoint: 'GET /api',
    says: 'a valid token with its last digit cut off is accepted',
    response: serveDeviceInfoWhen((req, state) => {
      const t = bearer(req);
      return !!t && [...state.users.values()].some((valid) => valid.length === t.length + 1 && valid.startsWith(t));
    }),
  },
  {
    name: 'basic-scheme-accepted',
    clause: 'AUTH-03',
    endpoint: 'GET /api',
    says: 'the valid token is accepted under scheme Basic',
    response: serveDeviceInfoWhen((req, state) => {
      const m = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
      return !!m && state.userOfToken(m[1]!) !== undefined;
    }),
  },
  {
    name: 'user-list-open',
    clause: 'AUTH-04',
    says: 'GET /api/user without a token answers 200 with the list',
    response: (res, req, state) =>
      is(req, 'GET', '/api/user') && req.headers.authorization === undefined
        ? json(
            200,
            [...state.users.keys()].map((name) => ({ name })),
            V,
          )
        : res,
  },
  {
    name: 'user-post-needs-token',
    clause: 'AUTH-05',
    says: 'POST /api/user without a token answers 401',
    answer: (req) => (is(req, 'POST', '/api/user') && req.headers.authorization === undefined ? json(401, { error: 'user:unauthorized' }, V) : undefined),
  },
  // AUTH-09: the v2 user handlers also mounted on the HTTP port.
  {
    name: 'user-creation-over-http',
    clause: 'AUTH-09',
    server: 'v1',
    says: 'POST /api/user is served over HTTP as over HTTPS',
    answer: (req, state) => (is(req, 'POST', '/api/user') ? routeV2(req, state) : undefined),
  },
  {
    name: 'user-list-over-http',
    clause: 'AUTH-09',
    server: 'v1',
    says: 'GET /api/user is served over HTTP as over HTTPS (401 without a token)',
    answer: (req, state) => (is(req, 'GET', '/api/user') ? routeV2(req, state) : undefined),
  },
  {
    name: 'valid-token-refused',
    clause: 'AUTH-06',
    says: 'GET /api refuses every token with 401',
    response: (res, req) => (is(req, 'GET', '/api') && res.status === 200 ? json(401, { error: 'user:unauthorized' }, V) : res),
  },
  {
    name: 'token-in-user-list',
    clause: 'AUTH-08',
    says: "GET /api/user shows every user's token",
    response: (res, req, state) =>
      is(req, 'GET', '/api/user') && res.status === 200
        ? withBody(res, (list) => (list as unknown as { name: string }[]).map((u) => ({ ...u, token: state.users.get(u.name) })))
        : res,
  },
];
