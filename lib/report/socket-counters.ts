// results.json `socket`: how many state requests the run made and how often the relay switched.
// A relay switch is a change of power_on between two successive reads of the state.
import type { Exchange } from '../client/exchange-log.js';
import { STATE_PATH, socketStateOf } from '../client/socket-state.js';

export interface SocketCounters {
  stateRequests: number;
  relaySwitches: number;
}

/** A URL up to its query: its path ends where the URL does (a run's 700 URLs, not parsed one by one). */
const beforeQuery = (url: string) => {
  const q = url.search(/[?#]/);
  return q === -1 ? url : url.slice(0, q);
};

/** `sequence`: every exchange of the run in the order it was made. Null when no state request was made. */
export function socketCounters(sequence: readonly Exchange[]): SocketCounters | null {
  let stateRequests = 0;
  let relaySwitches = 0;
  let power: boolean | undefined;
  for (const ex of sequence) {
    if (!beforeQuery(ex.url).endsWith(STATE_PATH)) continue;
    stateRequests += 1;
    if (ex.method !== 'GET' || ex.status !== 200 || ex.responseBody === undefined) continue;
    let state: ReturnType<typeof socketStateOf>;
    try {
      state = socketStateOf(JSON.parse(ex.responseBody));
    } catch {
      continue;
    }
    if (!state) continue;
    if (power !== undefined && state.power_on !== power) relaySwitches += 1;
    power = state.power_on;
  }
  return stateRequests ? { stateRequests, relaySwitches } : null;
}
