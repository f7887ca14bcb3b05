// Claims in place of the kind table: which gates of the catalogues hold for a device that declares what it serves,
// and why one does not, in the claims file's words. A gate holds where an endpoint that makes it hold is claimed and
// served (an IF-IMPLEMENTED one that answered 404 is not); a `v-no-` gate where none is. Pure.
import type { Gate } from '../spec/clause-types.js';
import { VENDOR_GATES } from '../spec/vendor-kinds.js';
import type { ClaimLevel, Claims } from './claims.js';
import { CLAIMABLE } from './claimable.js';

/** The gates claims decide; the others (press, slow, cloud, reboot, tls) stay the run's options. */
export const CLAIMED_GATES: ReadonlySet<Gate> = new Set<Gate>(['v1', 'v2', 'users', 'state', 'system', ...VENDOR_GATES]);

export interface ClaimedGate {
  holds: boolean;
  reason: string;
  level: ClaimLevel | null;
}

/** The claims as gates: `absent`, the IF-IMPLEMENTED endpoints that answered 404 (keys `api endpoint`), and what each said. */
export function claimedGates(claims: Claims, fileName: string, absent: ReadonlyMap<string, string> = new Map()): (gate: Gate) => ClaimedGate {
  const served = claims.endpoints.filter((e) => !absent.has(`${e.api} ${e.endpoint}`));
  const fieldLevel = (field: string, endpoint: string) => served.find((e) => e.endpoint === endpoint && e.api === 'v2')?.fields?.[field];
  /** The level a gate holds at: SHOULD where any of its claims is, else MUST (an IF-IMPLEMENTED one served is held as MUST). */
  const weakest = (levels: ClaimLevel[]): ClaimLevel | null => (levels.length ? (levels.includes('SHOULD') ? 'SHOULD' : 'MUST') : null);
  const names = (gate: Gate) =>
    CLAIMABLE.filter((c) => c.gate === gate)
      .map((c) => `${c.api} ${c.endpoint}`)
      .join(', ');
  const notClaimed = (gate: Gate): string => {
    const gone = claims.endpoints.filter((e) => e.known.gate === gate && absent.has(`${e.api} ${e.endpoint}`));
    return gone.length
      ? `claimed IF-IMPLEMENTED in ${fileName}, and not served: ${gone.map((e) => `${e.endpoint} (${absent.get(`${e.api} ${e.endpoint}`)})`).join(', ')}`
      : `not claimed: ${fileName} lists none of ${names(gate)}`;
  };
  const byEndpoints = (gate: Gate): ClaimedGate => {
    const level = weakest(served.filter((e) => e.known.gate === gate).map((e) => e.level));
    return { holds: level !== null, level, reason: level === null ? notClaimed(gate) : '' };
  };
  const byField = (field: string, endpoints: string[]): ClaimedGate => {
    const level = weakest(endpoints.map((e) => fieldLevel(field, e)).filter((l): l is ClaimLevel => l !== undefined));
    return { holds: level !== null, level, reason: level === null ? `not claimed: ${fileName} claims no field ${field} of ${endpoints.join(' or ')}` : '' };
  };
  return (gate) => {
    if (gate === 'v-led') return byField('status_led_brightness_pct', ['GET /api/system', 'PUT /api/system']);
    if (gate === 'v-v1-switch') return byField('api_v1_enabled', ['GET /api/system', 'PUT /api/system']);
    if (gate === 'v-cloud-rw') return byField('cloud_enabled', ['PUT /api/system']);
    if (gate === 'v-cloud-ro') {
      const read = byField('cloud_enabled', ['GET /api/system']);
      const written = fieldLevel('cloud_enabled', 'PUT /api/system') !== undefined;
      return written ? { holds: false, level: null, reason: `${fileName} claims cloud_enabled writable (PUT /api/system)` } : read;
    }
    if (gate.startsWith('v-no-')) {
      const yes = byEndpoints(`v-${gate.slice(5)}` as Gate);
      return yes.holds
        ? { holds: false, level: null, reason: `${fileName} claims ${names(`v-${gate.slice(5)}` as Gate)}` }
        : { holds: true, level: 'MUST', reason: '' };
    }
    return byEndpoints(gate);
  };
}

/** Why a MUST clause behind `gates` is a deviation: a gate it needs is claimed at SHOULD only. */
export function claimedDeviation(gates: readonly Gate[], gate: (g: Gate) => ClaimedGate, fileName: string): string | undefined {
  const weak = gates.filter((g) => CLAIMED_GATES.has(g) && gate(g).level === 'SHOULD');
  return weak.length ? `claimed SHOULD in ${fileName} (${weak.join(', ')}): a violation is a deviation, as under an "In development" capability` : undefined;
}
