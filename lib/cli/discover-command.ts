// `energy-conform discover`: the devices that answer over mDNS, as a table or as JSON.
import { RunError } from '../client/errors.js';
import { DiscoveryError, browse } from '../discovery/browse.js';
import type { DiscoveredDevice } from '../discovery/records.js';

type DiscoveryArgs = { timeout: number; interface?: string };

/** `flag`: the option that gave the timeout, for the error (`run` and `pair` call it --discovery-timeout). */
export async function discoverDevices(a: DiscoveryArgs, flag = '--timeout'): Promise<DiscoveredDevice[]> {
  if (!(Number.isFinite(a.timeout) && a.timeout > 0 && a.timeout <= 120)) {
    throw new RunError('EC_BAD_OPTION', `${flag} must be a number of seconds from above 0 to 120 (got ${a.timeout})`);
  }
  try {
    return await browse({ timeoutMs: a.timeout * 1000, iface: a.interface });
  } catch (err) {
    if (err instanceof DiscoveryError) throw new RunError(err.code, err.message);
    throw err;
  }
}

export const where = (a: DiscoveryArgs) => `within ${a.timeout} s${a.interface ? ` on ${a.interface}` : ''}`;

const COLUMNS = ['kind', 'product_type', 'product_name', 'serial', 'address', 'v1Port', 'v2Port', 'api_enabled', 'api_version', 'id'] as const;
const HEADINGS: Record<(typeof COLUMNS)[number], string> = {
  kind: 'kind',
  product_type: 'product type',
  product_name: 'product name',
  serial: 'serial',
  address: 'address',
  v1Port: 'v1 port',
  v2Port: 'v2 port',
  api_enabled: 'api_enabled',
  api_version: 'api_version',
  id: 'id',
};

function deviceTable(devices: readonly DiscoveredDevice[]): string {
  const rows = devices.map((d) => COLUMNS.map((c) => String(d[c] ?? '—')));
  const head = COLUMNS.map((c) => HEADINGS[c]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(head), ...devices.flatMap((d, i) => [line(rows[i]!), ...d.notes.map((n) => `  note: ${n}`)])].join('\n');
}

/**
 * One job per device, as a CI engine's matrix takes it (GitHub Actions: `fromJSON(...)` of the line; GitLab:
 * a generated child pipeline): what `energy-conform run` needs to reach the device and check it is the one.
 */
export function ciMatrix(devices: readonly DiscoveredDevice[]): {
  include: { serial: string | null; kind: string | null; host: string; http_port: number; https_port: number }[];
} {
  return { include: devices.map((d) => ({ serial: d.serial, kind: d.kind, host: d.address, http_port: d.v1Port ?? 80, https_port: d.v2Port ?? 443 })) };
}

export async function discoverCommand(a: DiscoveryArgs & { json: boolean; matrix: boolean }): Promise<number> {
  if (a.json && a.matrix) throw new RunError('EC_BAD_OPTION', '--json and --matrix together: choose one');
  const devices = await discoverDevices(a);
  if (a.matrix) process.stdout.write(`${JSON.stringify(ciMatrix(devices))}\n`);
  else if (a.json) process.stdout.write(`${JSON.stringify(devices, null, 2)}\n`);
  else if (devices.length) process.stdout.write(`${deviceTable(devices)}\n`);
  if (devices.length === 0) {
    process.stderr.write(`energy-conform: no device answered over mDNS ${where(a)}; is it on this network and its local API switched on in the app?\n`);
  }
  return 0;
}
