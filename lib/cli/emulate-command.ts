// `energy-conform emulate`: one emulated device until SIGINT/SIGTERM.
import { writeFile } from 'node:fs/promises';
import { RunError } from '../client/errors.js';
import { startEmulator } from '../emulator/emulator.js';
import { personaFrom } from './persona-file.js';
import type { EmulateArgs } from './options-emulator.js';
import { FAULTS } from '../emulator/faults.js';
import { VARIANTS } from '../emulator/variants.js';
import { LINKS, type Link, parseLatency } from '../emulator/link.js';
import { FIELD_FAULTS, type FieldFaults, parseFieldFault } from '../emulator/field.js';
import { servesBatteries } from '../emulator/batteries.js';

/** An emulator bound to loopback is advertised on loopback only, unless --interface says otherwise. */
const loopbackOf = (host: string) => (host.startsWith('127.') ? host : undefined);

export function faultTable(): string {
  const width = Math.max(...FAULTS.map((f) => f.name.length));
  return [
    ...FAULTS.map((f) => `${f.name.padEnd(width)}  ${f.clause.padEnd(8)}  ${f.says}`),
    '',
    'field faults (--field name=value; soak sees them):',
    ...FIELD_FAULTS.map((f) => `${`${f.name}=N`.padEnd(width)}  ${f.unit.padEnd(8)}  ${f.says} (N ${f.default} if not given)`),
    '',
    'conformant variants (--variant name; a run must pass them):',
    ...VARIANTS.map((v) => `${v.name.padEnd(width)}  ${v.kind.padEnd(8)}  ${v.says}`),
  ].join('\n');
}

/** The --field flags as the emulator takes them; each checked. */
export function fieldOf(texts: readonly string[]): FieldFaults {
  const field: FieldFaults = {};
  for (const t of texts) {
    const f = parseFieldFault(t);
    if (typeof f === 'string') throw new RunError('EC_BAD_OPTION', `--field ${t}: ${f}`);
    field[f.name] = f.value;
  }
  return field;
}

/** The --link profile with the explicit flags over it; each value checked. */
export function linkOf(a: Pick<EmulateArgs, 'link' | 'latency' | 'max-connections' | 'idle-close'>): Link {
  const link: Link = { ...LINKS[a.link] };
  if (a.latency !== undefined) {
    const parsed = parseLatency(a.latency);
    if (!parsed)
      throw new RunError('EC_BAD_OPTION', `--latency takes milliseconds as 60±40, 60+-40 or 60, the jitter at most the latency (got "${a.latency}")`);
    Object.assign(link, parsed);
  }
  const slots = a['max-connections'];
  if (slots !== undefined) {
    if (!(Number.isInteger(slots) && slots >= 1)) throw new RunError('EC_BAD_OPTION', `--max-connections takes a whole number from 1 (got "${slots}")`);
    link.maxConnections = slots;
  }
  const idle = a['idle-close'];
  if (idle !== undefined) {
    if (!(Number.isFinite(idle) && idle > 0)) throw new RunError('EC_BAD_OPTION', `--idle-close takes seconds above 0 (got "${idle}")`);
    link.idleCloseS = idle;
  }
  return link;
}

export async function emulateCommand(a: EmulateArgs): Promise<number | 'running'> {
  if (a['list-faults']) {
    process.stdout.write(`${faultTable()}\n`);
    return 0;
  }
  const unknown = a.fault.filter((name) => !FAULTS.some((f) => f.name === name));
  if (unknown.length) throw new RunError('EC_BAD_OPTION', `unknown fault ${unknown.join(', ')}; \`energy-conform emulate --list-faults\` lists them`);
  const notVariants = a.variant.filter((name) => !VARIANTS.some((v) => v.name === name));
  if (notVariants.length) throw new RunError('EC_BAD_OPTION', `unknown variant ${notVariants.join(', ')}; \`energy-conform emulate --list-faults\` lists them`);
  if (a.serial !== undefined && !/^[0-9a-f]{12}$/.test(a.serial)) {
    throw new RunError('EC_BAD_OPTION', `--serial must be 12 lowercase hex digits, like a real device's MAC (got ${a.serial})`);
  }
  if (a.seed !== undefined && !(Number.isInteger(a.seed) && a.seed >= 0 && a.seed <= 0xffffffff)) {
    throw new RunError('EC_BAD_OPTION', `--seed must be a whole number from 0 to 4294967295 (got ${a.seed})`);
  }
  const field = fieldOf(a.field);
  const window = a['pairing-window'];
  if (window !== undefined && !(Number.isFinite(window) && window > 0 && window <= 600))
    throw new RunError('EC_BAD_OPTION', `--pairing-window takes seconds above 0, up to 600 (got ${window})`);
  const group = a['battery-group'];
  if (group !== undefined && !(Number.isInteger(group) && group >= 1 && group <= 10))
    throw new RunError('EC_BAD_OPTION', `--battery-group takes a whole number of batteries from 1 to 10 (got ${group})`);
  if (a.firmware !== undefined && !/^\S{1,32}$/.test(a.firmware))
    throw new RunError('EC_BAD_OPTION', `--firmware takes a version without spaces, like 6.0304 (got "${a.firmware}")`);
  const persona = a.from === undefined ? undefined : await personaFrom(a.from);
  const kind = persona?.kind ?? a.kind;
  if (group !== undefined && !servesBatteries(kind))
    throw new RunError('EC_BAD_OPTION', `--battery-group: the ${kind} controls no batteries (the P1 meter and the kWh meter do)`);
  if (group !== undefined && !servesBatteries(kind, a['api-version']))
    throw new RunError('EC_BAD_OPTION', `--battery-group: API ${a['api-version']} has no /api/batteries (it came with 2.1.0)`);
  const emu = await startEmulator({
    field,
    pairingWindowS: window,
    batteryCount: group,
    firmware: a.firmware,
    apiVersion: a['api-version'],
    certStyle: a['cert-style'],
    seed: a.seed,
    refusalClosesWindow: a['refusal-closes-window'],
    link: linkOf(a),
    kind,
    serial: a.serial,
    persona,
    host: a.host,
    httpPort: a['http-port'],
    httpsPort: a['https-port'],
    controlPort: a['control-port'],
    faults: a.fault,
    variants: a.variant,
    mdns: a.mdns ? { interface: a.interface ?? loopbackOf(a.host) } : undefined,
  });
  const line = JSON.stringify(emu.ready);
  if (a['ready-file']) await writeFile(a['ready-file'], `${line}\n`);
  process.stdout.write(`${line}\n`);
  const stop = () => void emu.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 'running';
}
