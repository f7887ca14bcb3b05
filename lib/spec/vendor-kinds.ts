// What the vendor's documentation says each kind serves of its v2 surface (spec/vendor-clauses.md "Gates"; the
// availability tables of DOC v2/system.mdx, telegram.mdx, batteries.mdx, websocket.mdx, measurement.mdx). A
// feature is `yes` or `no` where the documentation says so; where it says "In development" or "Supported in v1"
// it is absent here, and neither its gate nor its `no-` gate holds.
import type { KindId } from './kinds.js';

export const VENDOR_FEATURES = [
  'system',
  'led',
  'v1-switch',
  'cloud-rw',
  'cloud-ro',
  'identify',
  'reboot',
  'telegram',
  'batteries',
  'ws',
  'measurement',
  'readings',
] as const;
export type VendorFeature = (typeof VENDOR_FEATURES)[number];

type Said = 'yes' | 'no';

const P1: Record<VendorFeature, Said> = {
  system: 'yes',
  led: 'yes',
  'v1-switch': 'yes',
  'cloud-rw': 'yes',
  'cloud-ro': 'no',
  identify: 'yes',
  reboot: 'yes',
  telegram: 'yes',
  batteries: 'yes',
  ws: 'yes',
  measurement: 'yes',
  readings: 'yes',
};

export const VENDOR_KINDS: Readonly<Record<KindId, Partial<Record<VendorFeature, Said>>>> = {
  p1dongle: P1,
  energymeter: { ...P1, led: 'no', identify: 'no', telegram: 'no' },
  battery: { ...P1, 'v1-switch': 'no', 'cloud-rw': 'no', 'cloud-ro': 'yes', reboot: 'no', telegram: 'no', batteries: 'no' },
  // v2 "In development" (socket, watermeter) or "not planned for v1, v2 in development" (display): only what the
  // documentation marks "Not supported" for them.
  // Readings in v1's /api/v1/data (the socket, the watermeter); the display measures nothing.
  energysocket: { telegram: 'no', batteries: 'no', readings: 'yes' },
  watermeter: { telegram: 'no', batteries: 'no', readings: 'yes' },
  display: { telegram: 'no', batteries: 'no', readings: 'no' },
};

/** The gates of the vendor profile: `v-<feature>` where the documentation says yes, `v-no-<feature>` where it says no. */
export const VENDOR_GATES = [
  'v-system',
  'v-led',
  'v-v1-switch',
  'v-cloud-rw',
  'v-cloud-ro',
  'v-identify',
  'v-no-identify',
  'v-reboot',
  'v-no-reboot',
  'v-telegram',
  'v-no-telegram',
  'v-batteries',
  'v-no-batteries',
  'v-ws',
  'v-measurement',
  'v-readings',
] as const;
export type VendorGate = (typeof VENDOR_GATES)[number];

/** Whether the documentation says `gate` of `kind`. */
export function vendorGateHolds(gate: VendorGate, kind: KindId): boolean {
  const no = gate.startsWith('v-no-');
  const feature = gate.slice(no ? 5 : 2) as VendorFeature;
  return VENDOR_KINDS[kind][feature] === (no ? 'no' : 'yes');
}

const FEATURE_WORDS: Record<VendorFeature, string> = {
  system: 'GET/PUT /api/system',
  led: 'a status LED brightness',
  'v1-switch': 'api_v1_enabled',
  'cloud-rw': 'a writable cloud_enabled',
  'cloud-ro': 'a read-only cloud_enabled',
  identify: 'PUT /api/system/identify',
  reboot: 'PUT /api/system/reboot',
  telegram: 'GET /api/telegram',
  batteries: '/api/batteries',
  ws: 'the WebSocket /api/ws',
  measurement: 'the v2 measurement fields',
  readings: "a meter's readings",
};

/** Why the gate does not hold, in the documentation's words for the kind. */
export function vendorGateReason(gate: VendorGate, kindName: string, kind: KindId): string {
  const no = gate.startsWith('v-no-');
  const feature = gate.slice(no ? 5 : 2) as VendorFeature;
  const said = VENDOR_KINDS[kind][feature];
  const what = FEATURE_WORDS[feature];
  if (said === undefined) return `the vendor's documentation does not say whether the ${kindName} serves ${what} (its v2 API is "In development")`;
  return no
    ? `it holds where the vendor's documentation marks ${what} "Not supported"; it lists it for the ${kindName}`
    : `it holds where the vendor's documentation lists ${what}; it does not for the ${kindName}`;
}

/** The /api/system fields the documentation lets a client write on the kind (DOC v2/system.mdx "Parameters"). */
export function writableSystemFields(kind: KindId): string[] {
  return [
    ...(vendorGateHolds('v-led', kind) ? ['status_led_brightness_pct'] : []),
    ...(vendorGateHolds('v-v1-switch', kind) ? ['api_v1_enabled'] : []),
    ...(vendorGateHolds('v-cloud-rw', kind) ? ['cloud_enabled'] : []),
  ];
}
