// The device kinds of the specification's table ("What the service does"), with the certificate
// codes of "Product type codes used in the TLS certificate hostname" and the product types and
// API availability of spec/real-world.md.

export const KIND_IDS = ['p1dongle', 'energysocket', 'display', 'energymeter', 'watermeter', 'battery'] as const;
export type KindId = (typeof KIND_IDS)[number];

/** Capability levels exactly as the specification's table writes them. */
export type Capability = 'Supported' | 'In development' | 'Not supported';

export interface Kind {
  /** Also the certificate code of `appliance/<code>/<serial>`. */
  id: KindId;
  name: string;
  productTypes: readonly string[];
  userToken: Capability;
  state: Capability;
  /** Real devices of this kind serve v1 over HTTP (real-world.md "API versions on real devices"). */
  v1: boolean;
  /** Family word of the mDNS instance name, e.g. `energysocket-27FF1E`. */
  mdnsFamily: string;
  /** What the operator is told about the pairing button. */
  pressHint: string;
}

const SHORT_PRESS = 'short press — about half a second; holding it for 2 s or more can start Wi-Fi pairing';

export const KINDS: Readonly<Record<KindId, Kind>> = {
  p1dongle: {
    id: 'p1dongle',
    name: 'P1 meter',
    productTypes: ['HWE-P1'],
    userToken: 'Supported',
    state: 'Not supported',
    v1: true,
    mdnsFamily: 'p1meter',
    pressHint: `the button on the P1 meter: ${SHORT_PRESS}`,
  },
  energysocket: {
    id: 'energysocket',
    name: 'Energy socket',
    productTypes: ['HWE-SKT'],
    userToken: 'In development',
    state: 'Supported',
    v1: true,
    mdnsFamily: 'energysocket',
    pressHint: `the button on the front of the socket: ${SHORT_PRESS}`,
  },
  display: {
    id: 'display',
    name: 'Energy display',
    productTypes: ['HWE-DSP'],
    userToken: 'In development',
    state: 'Not supported',
    v1: false,
    mdnsFamily: 'display',
    pressHint: `the button on the display: ${SHORT_PRESS}`,
  },
  energymeter: {
    id: 'energymeter',
    name: 'kWh meter',
    productTypes: ['HWE-KWH1', 'HWE-KWH3', 'SDM230-wifi', 'SDM630-wifi'],
    userToken: 'Supported',
    state: 'Not supported',
    v1: true,
    mdnsFamily: 'energymeter',
    pressHint: 'the button on the kWh meter: hold it for 1 to 3 seconds (a hardware limitation of this kind)',
  },
  watermeter: {
    id: 'watermeter',
    name: 'Watermeter',
    productTypes: ['HWE-WTR'],
    userToken: 'In development',
    state: 'Not supported',
    v1: true,
    mdnsFamily: 'watermeter',
    pressHint: `the button on the watermeter: ${SHORT_PRESS}`,
  },
  battery: {
    id: 'battery',
    name: 'Plug-in battery',
    productTypes: ['HWE-BAT'],
    userToken: 'Supported',
    state: 'Not supported',
    v1: false,
    mdnsFamily: 'battery',
    pressHint: `the button on the battery: ${SHORT_PRESS}`,
  },
};

/**
 * Why a MUST violation of the clause on this kind is a deviation, not a failure (clauses.md Levels): under an "In
 * development" user/token capability, a clause of the v2 API or of the users; else undefined.
 */
export function kindDeviation(c: { level: string; gate: string }, kind: KindId): string | undefined {
  const k = KINDS[kind];
  if (c.level !== 'MUST' || k.userToken !== 'In development' || !/v2|users/.test(c.gate)) return undefined;
  return (
    `the ${k.name}'s user/token capability is "In development" ` + `(specification, "What the service does", kind table, row "${k.name}"; clauses.md Levels)`
  );
}

export function isKindId(s: string): s is KindId {
  return (KIND_IDS as readonly string[]).includes(s);
}

/** The kind of a product type, or undefined: clients must accept unknown product types. */
export function kindOfProductType(productType: string): KindId | undefined {
  return KIND_IDS.find((k) => KINDS[k].productTypes.includes(productType));
}

/** The certificate identity of Authentication 7: `appliance/<code>/<serial>`. */
export function applianceIdentity(kind: KindId, serial: string): string {
  return `appliance/${kind}/${serial}`;
}

/** The mDNS instance name real devices advertise: family and the serial's last six hex digits, uppercase. */
export function mdnsInstanceName(kind: KindId, serial: string): string {
  return `${KINDS[kind].mdnsFamily}-${serial.slice(-6).toUpperCase()}`;
}
