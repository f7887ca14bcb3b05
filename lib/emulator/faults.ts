// The fault catalogue: one table, each fault naming the clause it breaks. `emulate --list-faults` prints it.
import type { FaultRow } from './catch-plan.js';
import { AUTH_FAULTS } from './faults-auth.js';
import { CLOUD_FAULTS } from './faults-cloud.js';
import { ERRORS_FAULTS } from './faults-errors.js';
import { INFO_FAULTS } from './faults-info.js';
import { KIND_FAULTS } from './faults-kind.js';
import { MEASUREMENT_FAULTS } from './faults-measurement.js';
import { TLS_FAULTS } from './faults-tls.js';
import { VERSIONING_FAULTS } from './faults-versioning.js';
import { ENDPOINT_FAULTS } from './faults-endpoints.js';
import { HOSTILE_FAULTS } from './faults-hostile.js';
import { REVOCATION_FAULTS } from './faults-revocation.js';
import { SEQUENCE_FAULTS } from './faults-sequences.js';
import { SIDE_EFFECT_FAULTS } from './faults-side-effects.js';
import { SOCKET_FAULTS } from './faults-socket.js';
import { USER_FAULTS } from './faults-users.js';
import { VENDOR_FAULTS } from './faults-vendor.js';
import { RELEASE_FAULTS } from './faults-releases.js';
import { WEBSOCKET_FAULTS } from './faults-vendor-websocket.js';
import { READING_FAULTS } from './faults-vendor-readings.js';

export const FAULTS: readonly FaultRow[] = [
  ...INFO_FAULTS,
  ...VERSIONING_FAULTS,
  ...AUTH_FAULTS,
  ...TLS_FAULTS,
  ...MEASUREMENT_FAULTS,
  ...ERRORS_FAULTS,
  ...KIND_FAULTS,
  ...ENDPOINT_FAULTS,
  ...USER_FAULTS,
  ...REVOCATION_FAULTS,
  ...SOCKET_FAULTS,
  ...CLOUD_FAULTS,
  ...HOSTILE_FAULTS,
  ...VENDOR_FAULTS,
  ...WEBSOCKET_FAULTS,
  ...READING_FAULTS,
  ...SEQUENCE_FAULTS,
  ...SIDE_EFFECT_FAULTS,
  ...RELEASE_FAULTS,
];
