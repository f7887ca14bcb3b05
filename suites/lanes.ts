// vitest's setup file for the suites of a run (lib/runner/vitest-run.ts): before the first check of the run, the lanes
// the runner asked for start (the users suite's, suites/users/lane.ts), so they have the device first.
import { beforeAll, inject } from 'vitest';
import { startUsersLane } from './users/lane.js';

beforeAll(() => startUsersLane(inject('energyConform'), inject('energyConformLanes')));
