// The fault catalogue: one table, each fault naming the clause it breaks. `emulate --list-faults` prints it.
import type { FaultRow } from './catch-plan.js';
import { CORE_FAULTS } from './faults-core.js';
import { ENDPOINT_FAULTS } from './faults-endpoints.js';
import { HOSTILE_FAULTS } from './faults-hostile.js';
import { REVOCATION_FAULTS } from './faults-revocation.js';
import { SEQUENCE_FAULTS } from './faults-sequences.js';
import { SOCKET_FAULTS } from './faults-socket.js';
import { USER_FAULTS } from './faults-users.js';
import { VENDOR_FAULTS } from './faults-vendor.js';
import { WEBSOCKET_FAULTS } from './faults-websocket.js';

export const FAULTS: readonly FaultRow[] = [...CORE_FAULTS, ...ENDPOINT_FAULTS, ...USER_FAULTS, ...REVOCATION_FAULTS, ...SOCKET_FAULTS, ...HOSTILE_FAULTS,
  ...VENDOR_FAULTS, ...WEBSOCKET_FAULTS, ...SEQUENCE_FAULTS];
