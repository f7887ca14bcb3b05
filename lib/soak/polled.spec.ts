// What a soak polls follows the kind and the release the device serves: /api/batteries from API 2.1.0 on (spec/releases),
// where the vendor's table has the kind control the batteries; a device that said no release is polled as the latest.
import { expect, test } from 'vitest';
import type { KindId } from '../spec/kinds.js';
import { polledEndpoints } from './polled.js';

test.for([
  ['p1dongle', true, '2.0.0', ['v1 /api/v1/data', 'v2 /api/measurement', 'v2 /api/system']],
  ['p1dongle', true, '2.0.1', ['v1 /api/v1/data', 'v2 /api/measurement', 'v2 /api/system']],
  ['p1dongle', true, '2.1.0', ['v1 /api/v1/data', 'v2 /api/measurement', 'v2 /api/system', 'v2 /api/batteries']],
  ['p1dongle', true, '2.3.0', ['v1 /api/v1/data', 'v2 /api/measurement', 'v2 /api/system', 'v2 /api/batteries']],
  ['p1dongle', true, null, ['v1 /api/v1/data', 'v2 /api/measurement', 'v2 /api/system', 'v2 /api/batteries']],
  ['p1dongle', false, '2.2.0', ['v1 /api/v1/data']],
  ['energysocket', true, '2.0.0', ['v1 /api/v1/data', 'v1 /api/v1/state', 'v2 /api/measurement']],
] as const)('%s, token %s, serving %s: polls %j', ([kind, v2, served, want]) => {
  expect(polledEndpoints(kind as KindId, v2, served).map((e) => `${e.side} ${e.path}`)).toEqual(want);
});
