// The options of the commands that start an emulator: `emulate`, and `certify-client` (an integration against one).
import { LATEST_STABLE, RELEASE_VERSIONS } from '../spec/releases.js';
import type { Argv } from 'yargs';
import { CERT_STYLES, type CertStyle } from '../emulator/cert-styles.js';
import { LINK_NAMES, type LinkName } from '../emulator/link.js';
import { KIND_IDS, type KindId } from '../spec/kinds.js';
import { keptOptions, signingOptions } from './options.js';

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
    .option('interface', {
      type: 'string',
      describe: 'address of the interface to advertise on (with --mdns); by default the --host address when it is a loopback one, else all',
    })
    .option('cert-style', {
      choices: CERT_STYLES,
      default: 'real' as CertStyle,
      describe: 'real: CN appliance/<code>/<serial> plus a DNS subject-alternative name, as real P1 certificates; cn-only: the CN alone',
    })
    .option('seed', { type: 'number', describe: 'seed of the live readings: the same seed gives the same values second by second (random by default)' })
    .option('refusal-closes-window', {
      type: 'boolean',
      default: false,
      describe: 'a refused POST /api/user closes the creation window (conformant too: PAIR-13 records it)',
    })
    .option('variant', {
      type: 'array',
      string: true,
      default: [] as string[],
      describe:
        'a conformant device that does what the documentation allows and the emulator otherwise does not (--list-faults lists them); a run must pass it',
    })
    .option('link', {
      choices: LINK_NAMES,
      default: 'lan' as LinkName,
      describe:
        'field conditions: lan (no delay, connections kept 30 s), wifi (60±40 ms, 3 connection slots, idle close 5 s), esp (30±20 ms, 2 slots, idle close 3 s)',
    })
    .option('latency', { type: 'string', describe: "each request waits this long first, in ms: 60±40 (or 60+-40, or 60); overrides --link's" })
    .option('max-connections', {
      type: 'number',
      describe: "connection slots of both API ports together; one more purges the least recently used; overrides --link's",
    })
    .option('idle-close', { type: 'number', describe: "seconds after which an idle connection is closed; overrides --link's" })
    .option('field', {
      type: 'array',
      string: true,
      default: [] as string[],
      describe:
        'a fault that shows over time, with its value (repeatable): slot-leak=N connections, reboot-every=N s, latency-creep=N ms a minute, ' +
        'frozen-data=N s, ws-stall=N s, roam-blip=N s, stuck-after=N s (--list-faults says what each does)',
    })
    .option('pairing-window', {
      type: 'number',
      describe: 'seconds a press opens the creation window (default 30, as the specification says; a firmware that differs fails PAIR-09)',
    })
    .option('battery-group', { type: 'number', describe: 'plug-in batteries the P1 meter or kWh meter controls, 1 to 10 (default 2)' })
    .option('firmware', {
      type: 'string',
      describe:
        'the firmware version the device names (default 6.00; with --api-version 2.3.0 the firmware the vendor names for it), to play releases on a bench',
    })
    .option('api-version', {
      choices: RELEASE_VERSIONS,
      default: LATEST_STABLE,
      describe:
        'the release of the v2 API it serves, as the vendor\'s changelog gives it (docs/emulator.md "Releases"): 2.0.x without /api/batteries, 2.1.0 without permissions, 2.3.0 the closed beta',
    })
    .option('from', {
      type: 'string',
      describe:
        'serve a captured device again (a file capture --out wrote): its kind, serial, firmware, and its readings in their captured shape, the values moving',
    })
    .option('list-faults', { type: 'boolean', default: false, describe: 'print the fault catalogue and exit' })
    .option('ready-file', { type: 'string', describe: 'also write the ready line to this file' });
}

export type EmulateArgs = Awaited<ReturnType<typeof emulateOptions>['argv']>;

export function certifyOptions<T>(y: Argv<T>) {
  return signingOptions(
    keptOptions(
      y
        .option('kind', { choices: KIND_IDS, default: 'p1dongle' as KindId, describe: 'the kind of device to serve the integration' })
        .option('name', { type: 'string', default: 'integration', describe: "the integration's name, for the reports and the certification summary" })
        .option('integration-version', { type: 'string', describe: "the integration's version, for the reports and the certification summary" })
        .option('quick', {
          type: 'boolean',
          default: false,
          describe: "the quick scenario, about a minute (for an integration's CI): short phases, away 5 s; --phase, --press-after and --away still apply",
        })
        .option('phase', {
          type: 'array',
          string: true,
          default: [] as string[],
          describe: "a phase's length in seconds, as <phase>=<seconds>: pairing revoked (from the press), steady newer reboot foreign-ca wrong-identity",
        })
        .option('press-after', { type: 'number', describe: 'seconds into the pairing and revoked phases at which the button is pressed (default 3)' })
        .option('manual-press', {
          type: 'boolean',
          default: false,
          describe: "nobody presses for you: press with POST <controlUrl>/press (from the ready line), as the integration's own tests or a person would",
        })
        .option('away', { type: 'number', describe: 'seconds the device is away in the reboot phase (10; 5 with --quick)' })
        .option('strict', { type: 'boolean', default: false, describe: 'SHOULD clauses the integration breaks fail the run' }),
      'reports/certify-<name>-<UTC timestamp>/',
    )
      .option('ready-file', { type: 'string', describe: 'also write the ready line to this file' })
      .option('from', {
        type: 'string',
        describe: 'serve the integration a captured device (a file capture --out wrote): its kind, serial, firmware, and readings in their captured shape',
      })
      .option('cert-style', {
        choices: CERT_STYLES,
        default: 'real' as CertStyle,
        describe: 'the device certificate: real (with a DNS subject-alternative name, as real P1 certificates), or cn-only',
      })
      .option('api-versions', {
        type: 'array',
        string: true,
        describe: `play the scenario once per release of the v2 API (${RELEASE_VERSIONS.join(' ')}, or all), each into a folder of its own; releases.md says which work and where each breaks`,
      }),
  );
}

export type CertifyArgs = Awaited<ReturnType<typeof certifyOptions>['argv']> & { '--'?: (string | number)[] };
