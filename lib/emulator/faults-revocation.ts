// State that must change everywhere at once: a token revoked by DELETE /api/user (DEL-03) or by
// re-using a name (PAIR-10) that one endpoint still honours, as a firmware with a token cache per
// handler does; and a re-issue whose new token the device never stores.
import type { DeviceState } from './device-state.js';
import { TOKEN_ENDPOINTS, endpointName } from '../spec/endpoints.js';
import { type EmuRequest, json } from './exchange.js';
import { V, at, bearer, is, nameIn, perDevice, slug } from './fault-helpers.js';
import type { FaultRow } from './catch-plan.js';

/** Tokens a correct device has revoked, still honoured: token -> the user it belonged to. */
const revokedOf = perDevice(() => new Map<string, string>());

/** Remembers the token a re-use of a name is about to revoke. */
const onReuse = (req: EmuRequest, state: DeviceState) => {
  const name = nameIn(req);
  const old = name === undefined ? undefined : state.users.get(name);
  if (is(req, 'POST', '/api/user') && state.creationEnabled() && old) revokedOf(state).set(old, name!);
  return undefined;
};
/** Remembers the token a deletion by another user is about to revoke. */
const onDelete = (req: EmuRequest, state: DeviceState) => {
  const name = nameIn(req);
  const token = name === undefined ? undefined : state.users.get(name);
  if (is(req, 'DELETE', '/api/user') && token && state.userOfToken(bearer(req) ?? '')) revokedOf(state).set(token, name!);
  return undefined;
};
/** On `endpoint` (every endpoint where undefined), a revoked token acts for its user (or, deleted, for the first user). */
const honourRevoked =
  (endpoint?: string) =>
  (req: EmuRequest, state: DeviceState): EmuRequest => {
    if (endpoint !== undefined && !at(req, endpoint)) return req;
    const name = revokedOf(state).get(bearer(req) ?? '');
    const token = name === undefined ? undefined : (state.users.get(name) ?? [...state.users.values()][0]);
    return token ? { ...req, headers: { ...req.headers, authorization: `Bearer ${token}` } } : req;
  };

const EVERY_TOKEN_ENDPOINT = TOKEN_ENDPOINTS.map(endpointName);

export const REVOCATION_FAULTS: readonly FaultRow[] = [
  {
    name: 'reuse-keeps-old-token',
    clause: 'PAIR-10',
    says: 're-using a name leaves the previous token valid everywhere',
    answer: onReuse,
    request: honourRevoked(),
  },
  ...EVERY_TOKEN_ENDPOINT.map(
    (endpoint): FaultRow => ({
      name: `reuse-keeps-old-token-on-${slug(endpoint)}`,
      clause: 'PAIR-10',
      endpoint,
      says: `after a name is re-used, ${endpoint} still accepts the previous token`,
      answer: onReuse,
      request: honourRevoked(endpoint),
    }),
  ),
  {
    name: 'reissued-token-not-stored',
    clause: 'PAIR-10',
    says: 're-using a name answers a new token but keeps the previous one',
    answer: (req, state) => {
      const name = nameIn(req);
      const old = name === undefined ? undefined : state.users.get(name);
      if (!is(req, 'POST', '/api/user') || !state.creationEnabled() || !old) return undefined;
      state.windowOpenedAt = null;
      return json(200, { name, token: old.replace(/./g, (d) => (d === 'A' ? 'B' : 'A')) }, V);
    },
  },
  {
    name: 'deleted-token-still-valid',
    clause: 'DEL-03',
    says: "a deleted user's token is still accepted everywhere",
    answer: onDelete,
    request: honourRevoked(),
  },
  ...EVERY_TOKEN_ENDPOINT.slice(0, 3).map(
    (endpoint): FaultRow => ({
      name: `deleted-token-still-valid-on-${slug(endpoint)}`,
      clause: 'DEL-03',
      endpoint,
      says: `after a user is deleted, ${endpoint} still accepts its token`,
      answer: onDelete,
      request: honourRevoked(endpoint),
    }),
  ),
];
