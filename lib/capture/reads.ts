// What `capture` asks a device of a kind: every GET the kind serves on v1 and (with a token) on v2, with and
// without X-Api-Version, and the refused answers a client meets. Reads only: the one POST is a creation before
// any press, which a device refuses (a user it creates all the same is deleted again).
import { KINDS, type KindId } from '../spec/kinds.js';
import { vendorGateHolds } from '../spec/vendor-kinds.js';

export interface Read {
  side: 'v1' | 'v2';
  method: 'GET' | 'POST';
  path: string;
  /** Sent with the token. */
  token: boolean;
  /** X-Api-Version sent, where one is. */
  version?: string;
  /** What the answer shows, in words. */
  why: string;
  /** Asked this many times: the readings' values and the latency come from the repeats. */
  repeat: number;
}

export const UNKNOWN_PATH = '/api/ec-no-such-path';
/** The name of the creation before a press: never a user the device has. */
export const PROBE_NAME = 'local/ec-capture-probe';
const REPEAT = 5;

const get = (side: Read['side'], path: string, why: string, o: Partial<Read> = {}): Read => ({ side, method: 'GET', path, token: false, why, repeat: 1, ...o });

export function readsOf(kind: KindId, sides: { v1: boolean; v2: boolean; token: boolean }): Read[] {
  const k = KINDS[kind];
  const out: Read[] = [];
  if (sides.v1) {
    out.push(get('v1', '/api', "the device's identity over HTTP"), get('v1', '/api/v1/data', 'the readings over HTTP', { repeat: REPEAT }));
    if (k.state === 'Supported') out.push(get('v1', '/api/v1/state', "the socket's state"));
    out.push(get('v1', '/api/v1/system', 'the cloud setting, where the kind serves it'), get('v1', UNKNOWN_PATH, 'an unknown path over HTTP'));
  }
  if (!sides.v2) return out;
  out.push(get('v2', '/api', "the device's identity without a token"), get('v2', '/api/measurement', 'a token-only endpoint without a token'));
  out.push({ side: 'v2', method: 'POST', path: '/api/user', token: false, why: 'a creation before any press', repeat: 1 });
  if (!sides.token) return out;
  const v = { token: true };
  out.push(
    get('v2', '/api', "the device's identity", v),
    get('v2', '/api', 'the identity, X-Api-Version: 2', { ...v, version: '2' }),
    get('v2', '/api', 'a version refused over HTTPS', { ...v, version: '1' }),
    get('v2', '/api', 'a version it does not serve', { ...v, version: '99' }),
    get('v2', '/api/measurement', 'the readings', { ...v, repeat: REPEAT }),
    get('v2', '/api/measurement', 'the readings, X-Api-Version: 2', { ...v, version: '2' }),
    get('v2', '/api/user', 'the users', v),
    get('v2', UNKNOWN_PATH, 'an unknown path', v),
  );
  if (vendorGateHolds('v-system', kind)) out.push(get('v2', '/api/system', 'the system settings', { ...v, repeat: 2 }));
  if (vendorGateHolds('v-batteries', kind)) out.push(get('v2', '/api/batteries', 'the battery group', v));
  if (vendorGateHolds('v-telegram', kind)) out.push(get('v2', '/api/telegram', 'the last telegram', v));
  return out;
}
