// Faults of the API's releases (lib/spec/releases.ts): a release's field left out at one position, a release's
// rule broken where only that release shows it. Each runs on the release its catch plan names.
import type { FaultRow } from './catch-plan.js';
import { is, withBody } from './fault-helpers.js';
import { isPlainObject, parseJson } from './exchange.js';
import { routeV2 } from './routes-v2.js';

const onGroupRead =
  (change: (b: Record<string, unknown>) => Record<string, unknown>) =>
  (res: Parameters<NonNullable<FaultRow['response']>>[0], req: Parameters<NonNullable<FaultRow['response']>>[1]) =>
    is(req, 'GET', '/api/batteries') && res.status === 200 && isPlainObject(res.body) ? withBody(res, change) : res;

export const RELEASE_FAULTS: readonly FaultRow[] = [
  {
    name: 'battery-count-missing',
    clause: 'V-BAT-12',
    says: 'GET /api/batteries of API 2.2.0 has permissions but no battery_count',
    response: onGroupRead(({ battery_count: _, ...b }) => b),
  },
  {
    name: 'batteries-as-2.1.0',
    clause: 'V-BAT-12',
    says: 'the device says API 2.2.0, and GET /api/batteries answers as 2.1.0 did: no permissions, no battery_count',
    response: onGroupRead(({ permissions: _, battery_count: __, ...b }) => b),
  },
  {
    name: 'charge-to-full-missing',
    clause: 'V-BAT-13',
    apiVersion: '2.3.0',
    says: 'GET /api/batteries of API 2.3.0 has no charge_to_full',
    response: onGroupRead(({ charge_to_full: _, ...b }) => b),
  },
  {
    name: 'standby-ignored-on-2.1.0',
    clause: 'V-BAT-02',
    apiVersion: '2.1.0',
    says: 'on API 2.1.0 a PUT of mode standby without permissions answers 200 and changes nothing (the firmware waits for permissions it does not have)',
    answer: (req, state) => {
      const body = parseJson(req.bodyText);
      return is(req, 'PUT', '/api/batteries') && state.batteries !== null && isPlainObject(body) && body.mode === 'standby' && Object.keys(body).length === 1
        ? routeV2({ ...req, method: 'GET', bodyText: '' }, state)
        : undefined;
    },
  },
];
