// Claims in place of the kind table: which gates hold, why one does not (in the claims file's words), and which MUST
// clauses count a violation as a deviation.
import { expect, test } from 'vitest';
import type { Gate } from '../spec/clause-types.js';
import { type ClaimsFile, checkClaims } from './claims.js';
import { claimedDeviation, claimedGates } from './gates.js';

const V1: ClaimsFile = {
  claims: 1,
  device: 'a dongle',
  kind: 'p1dongle',
  api: ['v1'],
  endpoints: [
    { api: 'v1', endpoint: 'GET /api', level: 'MUST' },
    { api: 'v1', endpoint: 'GET /api/v1/data', level: 'MUST' },
    { api: 'v1', endpoint: 'GET /api/v1/system', level: 'IF-IMPLEMENTED' },
    { api: 'v1', endpoint: 'PUT /api/v1/system', level: 'SHOULD' },
  ],
};
const BOTH: ClaimsFile = {
  ...V1,
  api: ['v1', 'v2'],
  endpoints: [
    ...V1.endpoints,
    { api: 'v2', endpoint: 'GET /api', level: 'MUST' },
    { api: 'v2', endpoint: 'POST /api/user', level: 'SHOULD' },
    { api: 'v2', endpoint: 'GET /api/telegram', level: 'IF-IMPLEMENTED' },
    { api: 'v2', endpoint: 'PUT /api/system', level: 'MUST', fields: { cloud_enabled: 'MUST' } },
  ],
};

test.for([
  ['v1', V1, true, ''],
  ['v2', V1, false, 'not claimed: c.yaml lists none of v2 GET /api'],
  ['users', V1, false, 'not claimed: c.yaml lists none of v2 POST /api/user, v2 GET /api/user, v2 DELETE /api/user'],
  ['state', V1, false, 'not claimed: c.yaml lists none of v1 GET /api/v1/state, v1 PUT /api/v1/state'],
  ['system', V1, true, ''],
  ['v-telegram', BOTH, true, ''],
  ['v-no-telegram', BOTH, false, 'c.yaml claims v2 GET /api/telegram'],
  ['v-no-batteries', BOTH, true, ''],
  ['v-cloud-rw', BOTH, true, ''],
  ['v-cloud-ro', BOTH, false, 'c.yaml claims cloud_enabled writable (PUT /api/system)'],
  ['v-led', BOTH, false, 'not claimed: c.yaml claims no field status_led_brightness_pct of GET /api/system or PUT /api/system'],
] as const)('%s on %#: holds %s', ([gate, file, holds, reason]) => {
  const g = claimedGates(checkClaims(file, 'c.yaml'), 'c.yaml')(gate as Gate);
  expect([g.holds, g.reason]).toEqual([holds, reason]);
});

test('an IF-IMPLEMENTED endpoint that answered 404 is not served: its gate fails saying so, its v-no- gate holds', () => {
  const gate = claimedGates(checkClaims(BOTH, 'c.yaml'), 'c.yaml', new Map([['v2 GET /api/telegram', 'GET /api/telegram answered 404']]));
  expect(gate('v-telegram')).toEqual({
    holds: false,
    level: null,
    reason: 'claimed IF-IMPLEMENTED in c.yaml, and not served: GET /api/telegram (GET /api/telegram answered 404)',
  });
  expect(gate('v-no-telegram').holds).toBe(true);
});

test('a gate claimed SHOULD makes its MUST clauses deviations; MUST, or no claimed gate, does not', () => {
  const gate = claimedGates(checkClaims(BOTH, 'c.yaml'), 'c.yaml');
  expect(claimedDeviation(['v2', 'users', 'press'], gate, 'c.yaml')).toBe(
    'claimed SHOULD in c.yaml (users): a violation is a deviation, as under an "In development" capability',
  );
  expect(claimedDeviation(['v2'], gate, 'c.yaml')).toBeUndefined();
  expect(claimedDeviation(['system'], gate, 'c.yaml')).toBe(
    'claimed SHOULD in c.yaml (system): a violation is a deviation, as under an "In development" capability',
  );
});
