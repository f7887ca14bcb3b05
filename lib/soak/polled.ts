// What a simulated integration polls, per kind: what the kind serves of v1 and (with a token) of v2, as
// Home Assistant's integration and the vendor's own client poll it (the batteries where the meter controls them). Every poll asks for the readings; the
// slower endpoints come every `every`-th poll. An answer is bad where it is not 200 with the body the
// endpoint serves.
import { servedHas } from '../spec/releases.js';
import { z } from 'zod';
import { socketState } from '../spec/schemas.js';
import { KINDS, type KindId } from '../spec/kinds.js';
import { vendorGateHolds } from '../spec/vendor-kinds.js';

export interface PolledEndpoint {
  /** `GET /api/v1/data (v1)`: the name of its series in the reports. */
  name: string;
  side: 'v1' | 'v2';
  path: string;
  /** Polled every this many polls (1: every poll). */
  every: number;
  body: z.ZodType;
  /** A measurement: its answers tell how fresh the data is (SOAK-04, freshness.ts). */
  reading: boolean;
}

const object = z.record(z.string(), z.unknown());
/** GET /api/system: the uptime it tells is how a reboot is seen. */
export const systemBody = z.looseObject({ uptime_s: z.number() });

const endpoint = (side: 'v1' | 'v2', path: string, every: number, body: z.ZodType): PolledEndpoint => ({
  name: `GET ${path} (${side})`,
  side,
  path,
  every,
  body,
  reading: path === '/api/v1/data' || path === '/api/measurement',
});

/** What an integration with a token (`v2`) polls on this kind, in the release it serves (null: not said). */
export function polledEndpoints(kind: KindId, v2: boolean, served: string | null = null): PolledEndpoint[] {
  const k = KINDS[kind];
  const out: PolledEndpoint[] = [];
  if (k.v1) out.push(endpoint('v1', '/api/v1/data', 1, object));
  if (k.state === 'Supported') out.push(endpoint('v1', '/api/v1/state', 1, socketState));
  if (v2) {
    out.push(endpoint('v2', '/api/measurement', 1, object));
    if (vendorGateHolds('v-system', kind)) out.push(endpoint('v2', '/api/system', 10, systemBody));
    // The group of plug-in batteries a P1 meter or kWh meter controls, as energy managers watch it.
    if (vendorGateHolds('v-batteries', kind) && servedHas(served, 'batteries')) out.push(endpoint('v2', '/api/batteries', 10, object));
  }
  return out;
}

/** Why an answer is bad, or null: not 200, or not the body the endpoint serves. */
export function badAnswer(e: PolledEndpoint, status: number, json: unknown): string | null {
  if (status !== 200) return `answered ${status}`;
  const r = e.body.safeParse(json);
  return r.success ? null : `the body is not what ${e.path} serves: ${r.error.issues[0]?.message ?? 'invalid'}`;
}
