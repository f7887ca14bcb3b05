// `energy-conform emulate`: one emulated device until SIGINT/SIGTERM.
import { writeFile } from 'node:fs/promises';
import type { Argv } from 'yargs';
import { RunError } from '../client/errors.js';
import { CERT_STYLES, type CertStyle, startEmulator } from '../emulator/emulator.js';
import { FAULTS } from '../emulator/faults.js';
import { KIND_IDS, type KindId } from '../spec/kinds.js';

export function emulateOptions<T>(y: Argv<T>) {
  return y
    .option('kind', { choices: KIND_IDS, default: 'energysocket' as KindId, describe: 'device kind to emulate' })
    .option('serial', { type: 'string', describe: '12 hex digits; random by default' })
    .option('host', { type: 'string', default: '127.0.0.1', describe: 'address to bind' })
    .option('http-port', { type: 'number', default: 0, describe: 'v1 HTTP port (0: ephemeral)' })
    .option('https-port', { type: 'number', default: 0, describe: 'v2 HTTPS port (0: ephemeral)' })
    .option('control-port', { type: 'number', default: 0, describe: 'control port (0: ephemeral)' })
    .option('fault', { type: 'array', string: true, default: [] as string[], describe: 'fault to switch on (repeatable)' })
    .option('mdns', { type: 'boolean', default: false, describe: 'advertise the device over mDNS as a real one does' })
    .option('interface', { type: 'string', describe: 'address of the interface to advertise on (with --mdns); by default the --host address when it is a loopback one, else all' })
    .option('cert-style', { choices: CERT_STYLES, default: 'real' as CertStyle,
      describe: 'real: CN appliance/<code>/<serial> plus a DNS subject-alternative name, as real P1 certificates; cn-only: the CN alone' })
    .option('seed', { type: 'number', describe: 'seed of the live readings: the same seed gives the same values second by second (random by default)' })
    .option('refusal-closes-window', { type: 'boolean', default: false,
      describe: 'a refused POST /api/user closes the creation window (conformant too: PAIR-13 records it)' })
    .option('list-faults', { type: 'boolean', default: false, describe: 'print the fault catalogue and exit' })
    .option('ready-file', { type: 'string', describe: 'also write the ready line to this file' });
}

/** An emulator bound to loopback is advertised on loopback only, unless --interface says otherwise. */
const loopbackOf = (host: string) => (host.startsWith('127.') ? host : undefined);

type EmulateArgs = Awaited<ReturnType<typeof emulateOptions>['argv']>;

export function faultTable(): string {
  const width = Math.max(...FAULTS.map((f) => f.name.length));
  return FAULTS.map((f) => `${f.name.padEnd(width)}  ${f.clause.padEnd(8)}  ${f.says}`).join('\n');
}

export async function emulateCommand(a: EmulateArgs): Promise<number | 'running'> {
  if (a['list-faults']) {
    process.stdout.write(`${faultTable()}\n`);
    return 0;
  }
  const unknown = a.fault.filter((name) => !FAULTS.some((f) => f.name === name));
  if (unknown.length) throw new RunError('EC_BAD_OPTION', `unknown fault ${unknown.join(', ')}; \`energy-conform emulate --list-faults\` lists them`);
  if (a.serial !== undefined && !/^[0-9a-f]{12}$/.test(a.serial)) {
    throw new RunError('EC_BAD_OPTION', `--serial must be 12 lowercase hex digits, like a real device's MAC (got ${a.serial})`);
  }
  if (a.seed !== undefined && !(Number.isInteger(a.seed) && a.seed >= 0 && a.seed <= 0xffffffff)) {
    throw new RunError('EC_BAD_OPTION', `--seed must be a whole number from 0 to 4294967295 (got ${a.seed})`);
  }
  const emu = await startEmulator({
    certStyle: a['cert-style'], seed: a.seed, refusalClosesWindow: a['refusal-closes-window'],
    kind: a.kind, serial: a.serial, host: a.host, httpPort: a['http-port'], httpsPort: a['https-port'],
    controlPort: a['control-port'], faults: a.fault, mdns: a.mdns ? { interface: a.interface ?? loopbackOf(a.host) } : undefined,
  });
  const line = JSON.stringify(emu.ready);
  if (a['ready-file']) await writeFile(a['ready-file'], `${line}\n`);
  process.stdout.write(`${line}\n`);
  const stop = () => void emu.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return 'running';
}
