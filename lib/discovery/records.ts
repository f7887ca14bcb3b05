// DNS-SD answers -> one row per device (real-world.md "Discovery"): `_hwenergy._tcp` (v1, HTTP) and
// `_homewizard._tcp` (v2, HTTPS) records of one serial are merged. Odd records are kept, with a note.
import { type KindId, applianceIdentity, isKindId, kindOfProductType } from '../spec/kinds.js';
import type { ServiceType } from '../spec/mdns.js';

/** One answer as the browser saw it. */
export interface ServiceRecord {
  type: ServiceType;
  /** Instance name, e.g. `energysocket-27FF1E`. */
  name: string;
  /** The address the answer came from: the one to connect to. */
  address: string;
  port: number;
  txt: Record<string, string>;
}

export interface DiscoveredDevice {
  kind: KindId | null;
  product_type: string | null;
  product_name: string | null;
  serial: string | null;
  address: string;
  v1Port: number | null;
  v2Port: number | null;
  api_enabled: string | null;
  api_version: string | null;
  id: string | null;
  /** What is odd about the records: missing or unexpected TXT keys, disagreements. */
  notes: string[];
  /** Each service it was found by, as advertised: its instance name, port and TXT record. */
  services: Partial<Record<ServiceType, { name: string; port: number; txt: Record<string, string> }>>;
}

const SERIAL = /^[0-9a-f]{12}$/i;

function notesOf(r: ServiceRecord): string[] {
  const notes: string[] = [];
  const needed =
    r.type === 'hwenergy' ? ['api_enabled', 'path', 'serial', 'product_name', 'product_type'] : ['api_version', 'id', 'serial', 'product_name', 'product_type'];
  const missing = needed.filter((k) => r.txt[k] === undefined);
  if (missing.length) notes.push(`_${r.type}._tcp lacks TXT ${missing.join(', ')}`);
  if (r.txt.serial !== undefined && !SERIAL.test(r.txt.serial)) notes.push(`serial "${r.txt.serial}" is not 12 hex digits`);
  if (r.type === 'hwenergy' && r.txt.api_enabled === '0') notes.push('api_enabled is "0": the local API is switched off in the app');
  if (r.type === 'hwenergy' && r.txt.path !== undefined && r.txt.path !== '/api/v1') notes.push(`path is "${r.txt.path}", not /api/v1`);
  if (r.txt.product_type !== undefined && !kindOfProductType(r.txt.product_type)) notes.push(`product_type "${r.txt.product_type}" is unknown`);
  return notes;
}

function kindOf(d: DiscoveredDevice): KindId | null {
  const code = /^appliance\/([^/]+)\//.exec(d.id ?? '')?.[1];
  return (d.product_type ? kindOfProductType(d.product_type) : undefined) ?? (code && isKindId(code) ? code : null);
}

const DISAGREE = 'the services disagree on';
/** The notes that say where two services of one device disagree (KIND-02 judges them). */
export const disagreementsOf = (d: DiscoveredDevice) => d.notes.filter((n) => n.startsWith(DISAGREE));

/** Sets `field` from a record, noting where two records of one device disagree. */
function take(d: DiscoveredDevice, field: 'product_type' | 'product_name' | 'serial', value: string | undefined): void {
  if (value === undefined) return;
  if (d[field] !== null && d[field]!.toLowerCase() !== value.toLowerCase()) d.notes.push(`${DISAGREE} ${field}: "${d[field]}" and "${value}"`);
  else d[field] = value;
}

export function mergeRecords(records: readonly ServiceRecord[]): DiscoveredDevice[] {
  const byKey = new Map<string, DiscoveredDevice>();
  for (const r of records) {
    const key = r.txt.serial?.toLowerCase() ?? `${r.address} ${r.name}`;
    let d = byKey.get(key);
    if (!d) {
      d = {
        kind: null,
        product_type: null,
        product_name: null,
        serial: null,
        address: r.address,
        v1Port: null,
        v2Port: null,
        api_enabled: null,
        api_version: null,
        id: null,
        notes: [],
        services: {},
      };
      byKey.set(key, d);
    }
    if (r.txt.serial === undefined) d.notes.push(`${r.name}: no serial in TXT, so it cannot be matched with another service`);
    if (d.address !== r.address) d.notes.push(`also answered from ${r.address}`);
    take(d, 'serial', r.txt.serial);
    take(d, 'product_type', r.txt.product_type);
    take(d, 'product_name', r.txt.product_name);
    d.services[r.type] = { name: r.name, port: r.port, txt: r.txt };
    if (r.type === 'hwenergy') [d.v1Port, d.api_enabled] = [r.port, r.txt.api_enabled ?? null];
    else [d.v2Port, d.api_version, d.id] = [r.port, r.txt.api_version ?? null, r.txt.id ?? null];
    for (const n of notesOf(r)) if (!d.notes.includes(n)) d.notes.push(n);
  }
  const devices = [...byKey.values()];
  for (const d of devices) {
    d.kind = kindOf(d);
    if (d.id && d.serial && d.kind && d.id.toLowerCase() !== applianceIdentity(d.kind, d.serial).toLowerCase())
      d.notes.push(`id "${d.id}" does not name ${applianceIdentity(d.kind, d.serial)}`);
  }
  return devices.sort((a, b) => (a.serial ?? a.address).localeCompare(b.serial ?? b.address));
}
