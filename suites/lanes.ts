// vitest's setup file for the suites of a run (lib/runner/vitest-run.ts): before the first check of the run, the lanes
// the runner asked for start (the users suite's, suites/users/lane.ts), so they have the device first; and before each
// file, the lane learns where the run is (a socket file waits for its press); after each, a table whose last row never
// ran gives the device's turn back. With the first file of the vendor profile, the listening WebSocket checks'
// conversations start where the run has the WebSocket's area (suites/vendor/listeners.ts).
import { afterAll, beforeAll, inject } from 'vitest';
import { endTable } from '../lib/harness/device-turn.js';
import { suiteName } from '../lib/spec/run-order.js';
import { fileStarts, startUsersLane } from './users/lane.js';
import { startListening } from './vendor/listeners.js';

// The lane starts as this file loads, before the first suite file is imported: its first request need not wait for that.
startUsersLane(inject('energyConform'), inject('energyConformLanes'));

// vitest reads a hook's first parameter as the fixtures it asks for (an object pattern); the file is the second.
// biome-ignore lint/correctness/noEmptyPattern: no fixture is asked for
beforeAll(({}, suite) => {
  const file = 'filepath' in suite ? suite.filepath : suite.file.filepath;
  if (suiteName(file).startsWith('vendor-') && inject('energyConformLanes').includes('vendor-websocket')) startListening();
  return fileStarts(file);
});

afterAll(endTable);
