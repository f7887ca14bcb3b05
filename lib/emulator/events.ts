// What a device goes through that is neither a fault nor its normal service: the events certify-client's
// scenario plays (client-clauses.md "Phases of the scenario"). One layer around the routes and the faults:
// a device that is away cuts every request off; a device on a newer MINOR version says so and adds fields.
import type { EmuResponse } from './exchange.js';
import type { Handler } from './fault-layer.js';

export interface DeviceEvents {
  /** The device is away (rebooting): it accepts connections only to cut their requests off, so the attempts are seen. */
  away: boolean;
  /** A newer MINOR version the v2 API reports (`2.9.0`), with fields it never sent before in every JSON body; null: the device's own. */
  newerVersion: string | null;
}

export const newEvents = (): DeviceEvents => ({ away: false, newerVersion: null });

/** The field a newer firmware adds to every JSON object it answers with. */
export const NEWER_FIELD = 'ec_newer_field';

/** A JSON answer as a newer firmware gives it: its version where the body names one, and a field more in every object. */
export function newerBody(body: unknown, version: string): unknown {
  if (Array.isArray(body)) return body.map((b) => newerBody(b, version));
  if (typeof body !== 'object' || body === null) return body;
  const out: Record<string, unknown> = {
    ...(body as Record<string, unknown>),
    [NEWER_FIELD]: { since: version, note: 'a field this client has not seen before' },
  };
  if (typeof out.api_version === 'string' && out.api_version !== 'v1') out.api_version = version;
  return out;
}

export function withEvents(handler: Handler, events: DeviceEvents, server: 'v1' | 'v2'): Handler {
  return (req, state) => {
    if (events.away) return { status: 0, headers: {}, delivery: 'reset' };
    const res: EmuResponse = handler(req, state);
    if (events.newerVersion === null) return res;
    const isJson = Object.entries(res.headers).some(([k, v]) => k.toLowerCase() === 'content-type' && v.startsWith('application/json'));
    const headers = server === 'v2' ? { ...res.headers, 'x-api-version': events.newerVersion } : res.headers;
    return { ...res, headers, ...(isJson && res.body !== undefined && typeof res.body !== 'string' ? { body: newerBody(res.body, events.newerVersion) } : {}) };
  };
}
