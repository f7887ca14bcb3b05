// `capture --anonymise`: a capture safe to attach to a public bug report. The device's serial, the Wi-Fi's name and
// the meters' identifiers (a telegram's equipment identifiers too) are replaced wherever they appear (bodies,
// samples, the WebSocket, the mDNS TXT, the certificate, the telegram's text), each value by the same stand-in everywhere and
// written as it was (hex stays hex of its length), so that `diff` and `emulate --from` read it as the original.
// A telegram's CRC is not computed again: it no longer matches the anonymised text.
import type { Capture } from './schema.js';

/** The keys whose values say whose device, home or meter it is. */
const IDENTIFYING = new Set(['serial', 'wifi_ssid', 'unique_id']);
/** A DSMR telegram's equipment identifiers (OBIS 0-n:96.1.0 and 0-n:96.1.1): the meters' serials, hex-encoded. */
const EQUIPMENT = /\d-\d:96\.1\.[01]\(([0-9A-Fa-f]{4,})\)/g;

function identifying(v: unknown, out: Set<string>): void {
  if (Array.isArray(v)) for (const x of v) identifying(x, out);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (IDENTIFYING.has(k) && typeof x === 'string' && x.length >= 4) out.add(x);
      else identifying(x, out);
    }
  }
}

/** A stand-in written as `value` is: hex stays hex of its length (its case kept), anything else a numbered word. */
function standIn(value: string, n: number): string {
  const digits = n.toString(16);
  if (/^[0-9a-f]+$/.test(value) && value.length > digits.length) return `${'0'.repeat(value.length - digits.length)}${digits}`;
  if (/^[0-9A-F]+$/.test(value) && value.length > digits.length) return `${'0'.repeat(value.length - digits.length)}${digits.toUpperCase()}`;
  return `anonymised-${n}`;
}

/** The capture with every identifying value replaced by its stand-in; `replaced`: how many values. */
export function anonymise(c: Capture): { capture: Capture; replaced: number } {
  const values = new Set<string>();
  if (c.device.serial) values.add(c.device.serial);
  identifying(
    c.answers.map((a) => a.samples),
    values,
  );
  identifying(c.websocket, values);
  identifying(c.mdns, values);
  for (const a of c.answers) for (const m of a.body.matchAll(EQUIPMENT)) values.add(m[1]!);
  // Longest first, so that a value inside another (a serial in a longer id) does not split it.
  const order = [...values].sort((a, b) => b.length - a.length);
  let text = JSON.stringify(c);
  const inJson = (s: string) => JSON.stringify(s).slice(1, -1);
  order.forEach((v, i) => {
    text = text.split(inJson(v)).join(inJson(standIn(v, i + 1)));
    // The telegram and some ids carry a value hex-encoded as text (0-0:96.1.1(4530303…)): that form too.
    const hex = Buffer.from(v, 'latin1').toString('hex').toUpperCase();
    if (hex.length >= 8) text = text.split(hex).join(standIn(hex, i + 1 + order.length));
  });
  return { capture: JSON.parse(text) as Capture, replaced: order.length };
}
