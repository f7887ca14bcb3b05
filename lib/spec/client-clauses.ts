// The client clause catalogue as data, transcribed from spec/client-clauses.md (client-clauses.spec.ts keeps
// the two equal). What certify-client judges an integration against. IDs are stable: never renumber, never
// reuse. `ClientClauseId` is derived from it, so a misspelt ID fails tsc.
import type { ClientArea } from './client-clause-types.js';
import type { Level } from './clause-types.js';

interface Row {
  id: string;
  level: Exclude<Level, 'MANUAL'>;
  area: ClientArea;
  /** The phases of the scenario it judges, as the catalogue writes them: `all`, or a list. */
  phases: string;
  statement: string;
  where: string;
}

const CATALOGUE = [
  {
    id: 'CL-AUTH-01',
    level: 'MUST',
    area: 'auth',
    phases: 'all',
    statement: 'No request to the HTTP (v1) port carries the token: no Authorization header, and the token nowhere in its path, query or body.',
    where: 'Authentication 8; Rules 3; Resources: User (token is secret)',
  },
  {
    id: 'CL-AUTH-02',
    level: 'MUST',
    area: 'auth',
    phases: 'all',
    statement:
      'Credentials go only in `Authorization: Bearer <token>`, with a token the device issued, unchanged (no other scheme, no altered or stale-cased token).',
    where: 'Authentication 1, 2.4',
  },
  { id: 'CL-AUTH-03', level: 'MUST', area: 'auth', phases: 'all', statement: 'POST /api/user carries no Authorization header.', where: 'Authentication 1' },
  {
    id: 'CL-AUTH-04',
    level: 'MUST',
    area: 'auth',
    phases: 'all',
    statement: 'The token never appears in a URL (path or query) of any request.',
    where: 'Resources: User (token is secret)',
  },
  {
    id: 'CL-AUTH-05',
    level: 'OBSERVE',
    area: 'auth',
    phases: 'all',
    statement:
      'v2 requests sent without a token, other than POST /api/user (for example a probe that tells v2 support by its 401), recorded with their purpose where it can be told.',
    where: 'Authentication 1',
  },
  {
    id: 'CL-PAIR-01',
    level: 'MUST',
    area: 'pair',
    phases: 'pairing, revoked',
    statement: 'POST /api/user has a JSON object body whose `name` matches `^local\\/[a-zA-Z0-9\\-_/\\\\# ]{1,40}$`.',
    where: 'Resources: name rules',
  },
  {
    id: 'CL-PAIR-02',
    level: 'SHOULD',
    area: 'pair',
    phases: 'pairing, revoked',
    statement: 'While the device answers 403 `user:creation-not-enabled`, POST /api/user is repeated no faster than every 500 ms.',
    where: 'real-world: pairing in practice',
  },
  {
    id: 'CL-PAIR-03',
    level: 'MUST',
    area: 'pair',
    phases: 'all',
    statement:
      'After a 200 with a token, no further POST /api/user is sent until the device refuses that token: a second POST with the same name would revoke the token just received, and with another name would create a second user.',
    where: 'Resources: name rules; States: User creation',
  },
  {
    id: 'CL-PAIR-04',
    level: 'MUST',
    area: 'pair',
    phases: 'pairing, revoked',
    statement: 'The token received is the one used: the next v2 request carries it.',
    where: 'Authentication 2.4',
  },
  {
    id: 'CL-PAIR-05',
    level: 'OBSERVE',
    area: 'pair',
    phases: 'pairing',
    statement: 'How long the integration keeps asking without a press, and what it does when it stops.',
    where: 'not shown',
  },
  {
    id: 'CL-TLS-01',
    level: 'SHOULD',
    area: 'tls',
    phases: 'foreign-ca',
    statement:
      'No HTTP request is sent on a connection whose certificate does not chain to the CA the integration trusts (the vendor CA, or the one it was given): above all no token.',
    where: 'Authentication 7 ("can be validated"; tools that cannot may skip)',
  },
  {
    id: 'CL-TLS-02',
    level: 'SHOULD',
    area: 'tls',
    phases: 'wrong-identity',
    statement: 'No HTTP request is sent on a connection whose certificate names another device than the one the integration paired with.',
    where: 'Authentication 7 ("a client must therefore validate against this custom hostname"; tools that cannot may skip)',
  },
  {
    id: 'CL-TLS-03',
    level: 'MUST',
    area: 'tls',
    phases: 'wrong-identity, foreign-ca',
    statement: 'An integration that refused such a certificate at least once, and so does validate, never sends its token over one in the same phase.',
    where: 'Authentication 7',
  },
  {
    id: 'CL-TLS-04',
    level: 'OBSERVE',
    area: 'tls',
    phases: 'all',
    statement: "The TLS facts of the integration's connections: SNI sent (and its value), protocol version, whether it resumes sessions.",
    where: 'not shown',
  },
  {
    id: 'CL-VER-01',
    level: 'MUST',
    area: 'versioning',
    phases: 'all',
    statement: 'An `X-Api-Version` the integration sends names a major version the device serves over HTTPS (not `1`).',
    where: 'Versioning 3, 4, 7',
  },
  {
    id: 'CL-VER-02',
    level: 'SHOULD',
    area: 'versioning',
    phases: 'newer',
    statement:
      'With a newer MINOR version and unknown fields, the integration keeps working: it goes on polling at its usual rate, with its token, and does not pair again.',
    where: 'Versioning 1 (MINOR is backward compatible); real-world: accept unknown types and fields',
  },
  {
    id: 'CL-VER-03',
    level: 'OBSERVE',
    area: 'versioning',
    phases: 'all',
    statement: 'Whether the integration sends `X-Api-Version`, and which value.',
    where: 'Versioning 5',
  },
  {
    id: 'CL-LOAD-01',
    level: 'SHOULD',
    area: 'load',
    phases: 'steady, newer',
    statement: 'No endpoint is asked more often than once per 500 ms, averaged over any 10 s window.',
    where: 'real-world: the vendor asks clients not to poll faster than every 500 ms',
  },
  {
    id: 'CL-LOAD-02',
    level: 'SHOULD',
    area: 'load',
    phases: 'steady, newer',
    statement: 'Connections are reused: never more than 3 open to the device at once, and in steady polling at most one new connection per 10 requests.',
    where: 'real-world: small devices have few connection slots',
  },
  {
    id: 'CL-LOAD-03',
    level: 'SHOULD',
    area: 'load',
    phases: 'reboot, revoked',
    statement:
      'While the device is away or refuses the token, requests are not repeated faster than once per second, and a refused token is not sent again more often than once per 10 s.',
    where: 'interoperability practice',
  },
  {
    id: 'CL-LIFE-01',
    level: 'SHOULD',
    area: 'life',
    phases: 'reboot',
    statement: "Within 30 s of the device's return the integration is polling again, with the token it had and without pairing again.",
    where: 'real-world: devices reboot for firmware updates',
  },
  {
    id: 'CL-LIFE-02',
    level: 'OBSERVE',
    area: 'life',
    phases: 'revoked',
    statement: 'What the integration does once its token is refused: pairs again, stops, or keeps trying (recorded with its timing).',
    where: 'Authentication 5',
  },
  {
    id: 'CL-BODY-01',
    level: 'MUST',
    area: 'body',
    phases: 'all',
    statement: 'Every request with a body sends JSON with `Content-Type: application/json`.',
    where: 'Endpoints ("bodies are JSON")',
  },
  {
    id: 'CL-BODY-02',
    level: 'SHOULD',
    area: 'body',
    phases: 'all',
    statement:
      'DELETE /api/user names the user to delete, with its prefix, in a JSON body `{name}` (a body-less DELETE relies on behaviour the specification does not state).',
    where: 'Endpoints; Rules 1',
  },
  {
    id: 'CL-SOCK-01',
    level: 'MUST',
    area: 'socket',
    phases: 'all',
    statement: 'A state PUT never asks for `power_on: false` together with `switch_lock: true`.',
    where: 'States: Socket',
  },
  {
    id: 'CL-SOCK-02',
    level: 'MUST',
    area: 'socket',
    phases: 'all',
    statement: 'A state PUT holds only `power_on` (boolean), `switch_lock` (boolean) and `brightness` (a number from 0 to 255).',
    where: 'Endpoints; Resources: Socket state',
  },
  {
    id: 'CL-SOCK-03',
    level: 'OBSERVE',
    area: 'socket',
    phases: 'all',
    statement: 'Whether the integration sends `power_on: false` alone to a socket it has read as locked (its outcome is not shown).',
    where: 'not shown',
  },
  {
    id: 'CL-CLOUD-01',
    level: 'OBSERVE',
    area: 'cloud',
    phases: 'all',
    statement:
      'Whether the integration switches cloud communication off (PUT cloud_enabled false). The specification asks clients to make sure the user understands the effect (a confirmation), which only a person can check: the report says so.',
    where: 'Cloud communication',
  },
  {
    id: 'CL-WS-01',
    level: 'MUST',
    area: 'websocket',
    phases: 'all',
    statement:
      'On every WebSocket connection the integration speaks on, its first message is `{"type":"authorization","data":<token>}` with a token the device issued, sent within 40 s of the device\'s `authorization_requested`.',
    where: 'vendor-api §3.8 (DOC v2/websocket.mdx)',
  },
  {
    id: 'CL-WS-02',
    level: 'SHOULD',
    area: 'websocket',
    phases: 'all',
    statement: "No message is sent before the device's `authorization_requested`: the token waits for the device to ask for it.",
    where: 'vendor-api §3.8',
  },
  {
    id: 'CL-WS-03',
    level: 'SHOULD',
    area: 'websocket',
    phases: 'steady, newer',
    statement: 'A topic the integration is subscribed to is not also polled over HTTPS: at most one GET of its endpoint while the subscription lasts.',
    where: 'vendor-api §3.8 ("updates when data changes"); §2',
  },
  {
    id: 'CL-WS-04',
    level: 'SHOULD',
    area: 'websocket',
    phases: 'reboot',
    statement: 'While the device is away, a new WebSocket connection is tried no more often than once a second.',
    where: 'vendor-api §3.8; interoperability practice',
  },
  {
    id: 'CL-WS-05',
    level: 'MUST',
    area: 'websocket',
    phases: 'all',
    statement: 'Every message the integration sends is a JSON object with a string `type` (and an optional `data`).',
    where: 'vendor-api §3.8 ("all data packages, in both directions")',
  },
  {
    id: 'CL-SYS-01',
    level: 'SHOULD',
    area: 'system',
    phases: 'all',
    statement:
      "The integration does not switch `api_v1_enabled` or `cloud_enabled` off, over HTTPS or the WebSocket: that is a person's choice, which certify-client cannot see being made (the report says so).",
    where: 'vendor-api §3.5 (DOC v2/system.mdx: make sure users understand)',
  },
  {
    id: 'CL-BAT-01',
    level: 'MUST',
    area: 'batteries',
    phases: 'all',
    statement:
      'Every write of the battery group (PUT /api/batteries, or a `batteries` set over the WebSocket) keeps to the documentation: `mode` one of `zero`, `to_full`, `standby`, `predictive`; `permissions` an array of `charge_allowed` and `discharge_allowed`; never `to_full` and `permissions` in one write, nor `permissions` while the device last said it is in `to_full`.',
    where: 'vendor-api §3.7 (DOC v2/batteries.mdx)',
  },
] as const satisfies readonly Row[];

export type ClientClauseId = (typeof CATALOGUE)[number]['id'];

export interface ClientClause extends Row {
  id: ClientClauseId;
}

export const clientClauses: readonly ClientClause[] = CATALOGUE;
export function clientClause(id: ClientClauseId): ClientClause {
  const found = clientClauses.find((c) => c.id === id);
  if (!found) throw new Error(`no clause ${id} in the client catalogue`);
  return found;
}
