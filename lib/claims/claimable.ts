// The endpoints a claims file may name (the specification's and the vendor's v2 surface), and the gate of the
// catalogues each one makes hold: a clause runs where every gate it needs is claimed (gates.ts). Data.
import type { Gate } from '../spec/clause-types.js';

export interface Claimable {
  api: 'v1' | 'v2';
  endpoint: string;
  /** The gate this endpoint makes hold where it is claimed (and its `v-no-` gate where it is not). */
  gate: Gate;
  /** The GET that tells whether it is served, for IF-IMPLEMENTED (none: a claim of it must be MUST or SHOULD). */
  probe?: string;
  /** Fields of its answer that gate clauses of their own, and the gate each makes hold. */
  gatedFields?: Record<string, Gate>;
}

export const claimableKey = (api: string, endpoint: string): string => `${api} ${endpoint}`;

const SYSTEM_FIELDS: Record<string, Gate> = { status_led_brightness_pct: 'v-led', api_v1_enabled: 'v-v1-switch', cloud_enabled: 'v-cloud-rw' };

export const CLAIMABLE: readonly Claimable[] = [
  { api: 'v1', endpoint: 'GET /api', gate: 'v1' },
  { api: 'v1', endpoint: 'GET /api/v1/data', gate: 'v1' },
  { api: 'v1', endpoint: 'GET /api/v1/state', gate: 'state', probe: '/api/v1/state' },
  { api: 'v1', endpoint: 'PUT /api/v1/state', gate: 'state' },
  { api: 'v1', endpoint: 'GET /api/v1/system', gate: 'system', probe: '/api/v1/system' },
  { api: 'v1', endpoint: 'PUT /api/v1/system', gate: 'system' },
  { api: 'v2', endpoint: 'GET /api', gate: 'v2' },
  { api: 'v2', endpoint: 'POST /api/user', gate: 'users' },
  { api: 'v2', endpoint: 'GET /api/user', gate: 'users' },
  { api: 'v2', endpoint: 'DELETE /api/user', gate: 'users' },
  { api: 'v2', endpoint: 'GET /api/measurement', gate: 'v-measurement', probe: '/api/measurement' },
  { api: 'v2', endpoint: 'GET /api/system', gate: 'v-system', probe: '/api/system', gatedFields: { ...SYSTEM_FIELDS, cloud_enabled: 'v-cloud-ro' } },
  { api: 'v2', endpoint: 'PUT /api/system', gate: 'v-system', gatedFields: SYSTEM_FIELDS },
  { api: 'v2', endpoint: 'PUT /api/system/identify', gate: 'v-identify' },
  { api: 'v2', endpoint: 'PUT /api/system/reboot', gate: 'v-reboot' },
  { api: 'v2', endpoint: 'GET /api/telegram', gate: 'v-telegram', probe: '/api/telegram' },
  { api: 'v2', endpoint: 'GET /api/batteries', gate: 'v-batteries', probe: '/api/batteries' },
  { api: 'v2', endpoint: 'PUT /api/batteries', gate: 'v-batteries' },
  { api: 'v2', endpoint: 'WS /api/ws', gate: 'v-ws' },
];
