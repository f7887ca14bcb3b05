// One run: a meeting with the device (lib/meeting/meeting.ts) whose configuration also says what to run.
import type { Meeting } from '../meeting/meeting.js';
import type { RunConfig } from './config.js';

export type Run = Meeting<RunConfig>;
