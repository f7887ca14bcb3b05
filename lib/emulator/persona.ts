// A captured device served again (`emulate --from`): its serial and firmware, its readings in the captured
// shape (the fields it had, their types, how its numbers and timestamps are written), the values moving from the
// captured ones as a live device's do; the headers of its answers, the refusals every client meets, the settings'
// fields the emulator lacks, the telegram, the certificate's style and the mDNS TXT, as captured. It sits in the
// layer with the faults, in front of the correct handlers: the specification's state machines (users, tokens,
// versions, the socket, the cloud, the settings) stay the emulator's.
import type { KindId } from '../spec/kinds.js';
import { decimalsOf, v2Name } from '../spec/readings.js';
import { type EmuResponse, isPlainObject } from './exchange.js';
import type { Rewrite } from './fault-types.js';
import type { CertStyle } from './cert-styles.js';
import { dsmrCrc } from './v1-data.js';

/** A refusal every client meets, by what the emulator answers in its place (REFUSED). */
export type Refusal = 'no-token' | 'version-refused' | 'unknown-path' | 'before-press';

/** An answer as captured: its status, headers (names in lower case) and body text. */
export interface ServedAnswer {
  status: number;
  headers: Readonly<Record<string, string>>;
  body: string;
}

export interface Persona {
  kind: KindId;
  serial: string;
  firmware: string | null;
  /** The readings as captured, by `v1 /api/v1/data`, `v2 /api/measurement`: a JSON body each. */
  readings: Readonly<Record<string, unknown>>;
  /** The headers of each 200 captured, by `v1 /api`, `v2 /api/system`, …: served on the emulator's 200 of the same. */
  headers?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The refusals as captured: served in place of the emulator's own (status, headers and body). */
  refusals?: Readonly<Partial<Record<Refusal, ServedAnswer>>>;
  /** Fields of a settings answer (`v2 /api/system`, `v2 /api/batteries`) the emulator does not have: served beside its own. */
  extraFields?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  /** The meter's telegram as captured, served once the meter has sent its first: its values moving, its CRC kept right. */
  telegram?: string;
  /** The certificate's style: a DNS subject-alternative name beside the CN (`real`), or the CN alone. */
  certStyle?: CertStyle;
  /** The certificate's issuer as captured (node:crypto's text): the emulator's CA takes its name, with keys of its own. */
  issuer?: string;
  /** Each mDNS service's TXT as captured (`hwenergy`, `homewizard`). */
  txt?: Readonly<Partial<Record<'hwenergy' | 'homewizard', Readonly<Record<string, string>>>>>;
}

const codeOf = (r: EmuResponse) => (isPlainObject(r.body) && typeof r.body.error === 'string' ? r.body.error : null);
/** The emulator's own answer to each refusal: what a captured one takes the place of. */
const REFUSED: Record<Refusal, (r: EmuResponse, server: 'v1' | 'v2') => boolean> = {
  'no-token': (r) => r.status === 401 && codeOf(r) === 'user:unauthorized',
  'version-refused': (r) => r.status === 400 && codeOf(r) === 'request:api-version-not-supported',
  'unknown-path': (r, server) => server === 'v2' && r.status === 404 && typeof r.body === 'string',
  'before-press': (r) => r.status === 403 && codeOf(r) === 'user:creation-not-enabled',
};
/** Headers that are the connection's or the moment's, and the version the emulator's negotiation sets. */
const NOT_PERSONA = new Set(['date', 'content-length', 'connection', 'keep-alive', 'transfer-encoding', 'x-api-version']);
const own = (h: Readonly<Record<string, string>>) => Object.fromEntries(Object.entries(h).filter(([k]) => !NOT_PERSONA.has(k)));

function served(a: ServedAnswer, res: EmuResponse): EmuResponse {
  let body: unknown = a.body;
  try {
    body = a.body ? JSON.parse(a.body) : undefined;
  } catch {
    // Not JSON: the text as captured.
  }
  return { ...res, status: a.status, headers: { ...res.headers, ...own(a.headers) }, body };
}

/**
 * Totals only grow (a meter's energy by what its power says flowed: movedReading); the other readings move around their
 * captured value. An external meter's `value` is its register (gas, water, heat): a total too (V-READ-05).
 */
const TOTAL = /_(kwh|m3|gj|liter)$|^value$/;
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
    if (/^\d{12}[SW]$/.test(v))
      return `${pad(now.getUTCFullYear() % 100)}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}${v.at(-1)}`;
    return v;
  }
  if (Array.isArray(v)) return v.map((x) => moved(x, key, seconds, now));
  if (isPlainObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, moved(x, k, seconds, now)]));
  return v;
}

const ENERGY = /^(energy|total_power)_(import|export)(_t(\d))?_kwh$/;
/** The decimals a body's energy registers are written with: the most any of them shows. */
const energyPlaces = (body: Readonly<Record<string, unknown>>) =>
  Math.max(
    0,
    ...Object.entries(body)
      .filter(([k, v]) => ENERGY.test(k) && typeof v === 'number')
      .map(([, v]) => decimalsOf(v as number)),
  );

/**
 * A reading as it reads `seconds` after the start, its registers moved by what its power says flowed (V-READ-06):
 * the import registers (the total and the current tariff's) by the power drawn, the export ones by the power fed in,
 * the water by the flow; a count of cycles stays; everything else as `moved` moves it.
 */
function movedReading(body: unknown, seconds: number, now: Date): unknown {
  if (!isPlainObject(body)) return moved(body, '', seconds, now);
  const power = typeof body.power_w === 'number' ? body.power_w : typeof body.active_power_w === 'number' ? body.active_power_w : 0;
  const tariff = String(body.tariff ?? body.active_tariff ?? 1);
  const flowed = { import: (Math.max(power, 0) * seconds) / 3_600_000, export: (Math.max(-power, 0) * seconds) / 3_600_000 };
  const lpm = typeof body.active_liter_lpm === 'number' ? body.active_liter_lpm : 0;
  // One meter's registers resolve alike: a captured one that ended in a zero (13779.35) lost a decimal JSON does not write.
  const places = energyPlaces(body);
  const grown = (v: number, by: number, k: string) => Number((v + by).toFixed(ENERGY.test(k) ? places : decimalsOf(v)));
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => {
      const energy = ENERGY.exec(k);
      if (energy && typeof v === 'number')
        return [k, grown(v, energy[4] === undefined || energy[4] === tariff ? flowed[energy[2] as 'import' | 'export'] : 0, k)];
      if (k === 'total_liter_m3' && typeof v === 'number') return [k, grown(v, (lpm * seconds) / 60_000, k)];
      if (k === 'cycles') return [k, v];
      return [k, moved(v, k, seconds, now)];
    }),
  );
}

/**
 * The v1 form of the reading the v2 form says (V-READ-07): a capture reads the two some moments apart, the load moving
 * between. Each v1 number the v2 reading has under its v2 name is that one, written with the v1 field's decimals; a
 * v1 total register is moved onto the v2 one, its current tariff's register by as much (their sum kept, V-READ-02).
 */
function sameMoment(v1: unknown, v2: unknown): unknown {
  if (!isPlainObject(v1) || !isPlainObject(v2)) return v1;
  // One meter's registers in either form: the decimals the v2 form shows where the v1 one lost a zero.
  const places = Math.max(energyPlaces(v1), energyPlaces(v2));
  const tariff = String(v1.active_tariff ?? 1);
  const shift: Record<string, number> = {};
  for (const dir of ['import', 'export']) {
    const [mine, theirs] = [v1[`total_power_${dir}_kwh`], v2[`energy_${dir}_kwh`]];
    if (typeof mine !== 'number' || typeof theirs !== 'number') continue;
    const register = [`total_power_${dir}_t${tariff}_kwh`, `total_power_${dir}_t1_kwh`].find((k) => typeof v1[k] === 'number');
    for (const k of [`total_power_${dir}_kwh`, ...(register ? [register] : [])]) shift[k] = theirs - mine;
  }
  return Object.fromEntries(
    Object.entries(v1).map(([k, v]) => {
      if (typeof v !== 'number') return [k, v];
      if (ENERGY.test(k)) return [k, Number((v + (shift[k] ?? 0)).toFixed(places))];
      const same = v2[v2Name(k)];
      if (typeof same !== 'number') return [k, v];
      // A number captured whole says nothing of its decimals (JSON writes 4.000 as 4): the v2 reading's are kept.
      return [k, Number(same.toFixed(Number.isInteger(v) ? decimalsOf(same) : decimalsOf(v)))];
    }),
  );
}

/** The emulator's settings (its state) written as the capture wrote each where its type differs: a number as text, or text as a number. */
function shapedLike(captured: Readonly<Record<string, unknown>>, ours: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(ours).map(([k, v]) => {
      const was = captured[k];
      if (typeof v === 'number' && typeof was === 'string' && /^-?\d+(\.\d+)?$/.test(was)) return [k, v.toFixed(decimalsOf(Number(was)))];
      if (typeof v === 'string' && typeof was === 'number' && v.trim() !== '' && Number.isFinite(Number(v))) return [k, Number(v)];
      return [k, v];
    }),
  );
}

/** How `was` wrote its number (its decimals, its zero-padded width), `n` written so. */
const writtenAs = (was: string, n: number) => n.toFixed((was.split('.')[1] ?? '').length).padStart(was.length, '0');

/**
 * The captured telegram as it reads `seconds` later: its timestamps the time, its totals grown and its powers moved,
 * each written as captured; its CRC made again where it carried one.
 */
function movedTelegram(text: string, seconds: number, now: Date): string {
  const body = text
    .replace(/\((\d{12}[SW])\)/g, (_, stamp: string) => `(${moved(stamp, 'timestamp', seconds, now) as string})`)
    .replace(
      /\((\d+(?:\.\d+)?)\*(kWh|m3|GJ|kW)\)/g,
      (_, v: string, unit: string) =>
        `(${writtenAs(v, moved(Number(v), unit === 'kW' ? 'power_kw' : `total_${unit.toLowerCase()}`, seconds, now) as number)}*${unit})`,
    );
  const from = body.search(/(^|\n)\//);
  const bang = body.indexOf('\n!', from);
  if (from === -1 || bang === -1 || !/^[0-9A-Fa-f]{4}/.test(body.slice(bang + 2))) return body;
  const start = body[from] === '\n' ? from + 1 : from;
  return `${body.slice(0, bang + 2)}${dsmrCrc(body.slice(start, bang + 2))}${body.slice(bang + 6)}`;
}

/** The rewrite that serves the persona's readings where the emulator answers its own. */
export function personaRewrite(p: Persona, started: number, now: () => number): Rewrite {
  const reading = (key: string) => {
    const t = now();
    const body = movedReading(p.readings[key], (t - started) / 1000, new Date(t));
    const twin = key === 'v1 /api/v1/data' ? p.readings['v2 /api/measurement'] : undefined;
    return twin === undefined ? body : sameMoment(body, movedReading(twin, (t - started) / 1000, new Date(t)));
  };
  return {
    server: 'both',
    response: (res, req) => {
      const key = `${req.server} ${req.path}`;
      const refusal = (Object.keys(p.refusals ?? {}) as Refusal[]).find((r) => REFUSED[r](res, req.server));
      if (refusal) return served(p.refusals![refusal]!, res);
      if (req.method !== 'GET' || res.status !== 200) return res;
      const headers = p.headers?.[key] ? { ...res.headers, ...own(p.headers[key]) } : res.headers;
      // The settings stay the emulator's state (a PUT is seen in the next GET); fields it does not have come from the capture.
      const extra = p.extraFields?.[key];
      const t = now();
      const body =
        key in p.readings
          ? reading(key)
          : key === 'v2 /api/telegram' && p.telegram !== undefined
            ? movedTelegram(p.telegram, (t - started) / 1000, new Date(t))
            : extra && isPlainObject(res.body)
              ? { ...extra, ...shapedLike(extra, res.body) }
              : res.body;
      return { ...res, headers, body };
    },
    wsSend: (msg) => (msg.type === 'measurement' && 'v2 /api/measurement' in p.readings ? { ...msg, data: reading('v2 /api/measurement') } : msg),
  };
}

/** The TXT a service advertises: the capture's where it has that service's (told apart by what only the v1 one carries). */
export const personaTxt =
  (p: Persona) =>
  (txt: Record<string, string>): Record<string, string> => {
    const captured = 'api_enabled' in txt ? p.txt?.hwenergy : p.txt?.homewizard;
    return captured ? { ...captured } : txt;
  };
