// A captured device served again (`emulate --from`): its serial and firmware, and its readings in the captured
// shape (the fields it had, their types, how its numbers and timestamps are written), the values moving from the
// captured ones as a live device's do. It sits in the layer with the faults, in front of the correct handlers: the
// specification's state machines (users, tokens, versions, the socket, the cloud) stay the emulator's.
import type { KindId } from '../spec/kinds.js';
import { isPlainObject } from './exchange.js';
import type { Rewrite } from './fault-types.js';

export interface Persona {
  kind: KindId;
  serial: string;
  firmware: string | null;
  /** The readings as captured, by `v1 /api/v1/data`, `v2 /api/measurement`: a JSON body each. */
  readings: Readonly<Record<string, unknown>>;
}

/** Totals only grow; the other readings move around their captured value. */
const TOTAL = /_(kwh|m3|gj|liter)$/;
const decimalsOf = (n: number) => (Number.isInteger(n) ? 0 : (String(n).split('.')[1] ?? '').replace(/e.*$/, '').length);
const pad = (n: number) => String(n).padStart(2, '0');

/** `v` as it reads `seconds` after the start: its shape the captured one's. */
function moved(v: unknown, key: string, seconds: number, now: Date): unknown {
  if (typeof v === 'number') {
    if (v === 0) return v;
    const drift = TOTAL.test(key) ? 1e-6 * seconds : 0.004 * Math.sin(seconds / 7 + key.length);
    const places = decimalsOf(v);
    const x = v * (1 + drift);
    return places === 0 ? Math.round(x) : Number(x.toFixed(places));
  }
  if (typeof v === 'string') {
    if (/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/.test(v)) return now.toISOString().slice(0, 19);
    if (/^\d{12}[SW]$/.test(v)) return `${pad(now.getUTCFullYear() % 100)}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}${v.at(-1)}`;
    return v;
  }
  if (Array.isArray(v)) return v.map((x) => moved(x, key, seconds, now));
  if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, moved(x, k, seconds, now)]));
  return v;
}

/** The rewrite that serves the persona's readings where the emulator answers its own. */
export function personaRewrite(p: Persona, started: number, now: () => number): Rewrite {
  const reading = (key: string) => {
    const t = now();
    return moved(p.readings[key], key, (t - started) / 1000, new Date(t));
  };
  return {
    server: 'both',
    response: (res, req) => {
      const key = `${req.server} ${req.path}`;
      return req.method === 'GET' && res.status === 200 && key in p.readings ? { ...res, body: reading(key) } : res;
    },
    wsSend: (msg) => (msg.type === 'measurement' && 'v2 /api/measurement' in p.readings ? { ...msg, data: reading('v2 /api/measurement') } : msg),
  };
}
