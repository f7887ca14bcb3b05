// Endpoints a worker no longer asks: those the run could not read before the suites (SuiteContext
// `unreadable`), and those that gave no answer within the request timeout twice running (one hang may
// be that request's own: a body the firmware chokes on). A device that hangs on one endpoint then costs
// two timeouts there, not one per check; the checks that ask it skip, saying why. The conformance
// project runs every file in one worker (vitest.config.ts, isolate off), so this holds for the whole run.
import type { RequestGuard } from '../client/device-client.js';
import type { SuiteContext, Unreadable } from '../contract/run-context.js';
import { sideEndpointKey } from '../spec/endpoints.js';
import type { ErrorCode } from '../spec/error-codes.js';
import { runScoped } from '../client/run-scope.js';

export class EndpointGivenUp extends Error {
  readonly code: ErrorCode = 'EC_ENDPOINT_GIVEN_UP';
  override name = 'EndpointGivenUp';
}

/** For a check that can go on without the answer: a request given up reads as no answer (null). */
export function noAnswerIfGivenUp(err: unknown): null {
  if (err instanceof EndpointGivenUp) return null;
  throw err;
}

export const TIMEOUTS_TO_GIVE_UP = 2;

/** A guard of its own: the endpoints given up from the start, and what it learns from every request. */
export function newGuard(unreadable: readonly Unreadable[]): RequestGuard {
  const givenUp = new Map(unreadable.map((u) => [sideEndpointKey(u), u.reason]));
  const timeoutsRunning = new Map<string, number>();
  return {
    before(to) {
      const why = givenUp.get(sideEndpointKey(to));
      if (why !== undefined) throw new EndpointGivenUp(`${to.method} ${to.path} is not asked again: ${why}`);
    },
    after(to, err) {
      const key = sideEndpointKey(to);
      const n = err?.code === 'EC_TRANSPORT_TIMEOUT' ? (timeoutsRunning.get(key) ?? 0) + 1 : 0;
      timeoutsRunning.set(key, n);
      if (n >= TIMEOUTS_TO_GIVE_UP) givenUp.set(key, `it gave no answer ${n} times running (${err!.message})`);
    },
  };
}

const held = runScoped((): { guard?: RequestGuard } => ({}));

/** The run's guard in this worker, shared by every check's device client. */
export const requestGuard = (run: Pick<SuiteContext, 'unreadable'>): RequestGuard => (held().guard ??= newGuard(run.unreadable));
