// States: User creation. After a press, POST /api/user answers 403 `user:creation-not-enabled` until the
// device has seen the press; it is polled no faster than every 500 ms (the vendor's guidance) until it
// answers anything else. One loop for the pairing and for the presses of the users suite.
import { setTimeout as sleep } from 'node:timers/promises';
import { creationNotEnabled } from './answers.js';
import type { DeviceResponse } from './device-client.js';

export const POLL_INTERVAL_MS = 500;
/** Seconds after a press that the default run's re-use waits (suites/users/scenario.ts): a window far shorter than 30 s shows in seconds. */
export const REUSE_AFTER_S = 3;

export interface WindowPoll {
  timeoutS: number;
  /** The error when no press was seen within `timeoutS`. */
  timedOut: () => Error;
  signal?: AbortSignal;
  /** The error when `signal` aborts the wait. */
  interrupted?: () => Error;
}

/** The first answer to `post` that is not 403 `user:creation-not-enabled`. */
export async function firstAnswerInWindow(post: () => Promise<DeviceResponse>, o: WindowPoll): Promise<DeviceResponse> {
  const deadline = Date.now() + o.timeoutS * 1000;
  for (;;) {
    if (o.signal?.aborted && o.interrupted) throw o.interrupted();
    const res = await post();
    if (!creationNotEnabled(res)) return res;
    if (Date.now() + POLL_INTERVAL_MS > deadline) throw o.timedOut();
    await sleep(POLL_INTERVAL_MS);
  }
}
