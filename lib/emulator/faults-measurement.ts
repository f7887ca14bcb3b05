// Faults of the measurement (MEAS); a device that hangs or floods on it is in faults-hostile.ts.
import { text } from './exchange.js';
import { V, is } from './fault-helpers.js';
import type { FaultRow } from './catch-plan.js';

export const MEASUREMENT_FAULTS: readonly FaultRow[] = [
  {
    name: 'measurement-as-text',
    clause: 'MEAS-01',
    says: 'GET /api/measurement answers 200 with lines of text, not JSON',
    response: (res, req) => (is(req, 'GET', '/api/measurement') && res.status === 200 ? text(200, 'power_w=125\nenergy_import_kwh=10830.511\n', V) : res),
  },
  {
    name: 'measurement-empty',
    clause: 'MEAS-01',
    says: 'GET /api/measurement answers 200 with an empty body',
    response: (res, req) => (is(req, 'GET', '/api/measurement') && res.status === 200 ? { ...res, body: undefined } : res),
  },
];
