// Every command's options, and nothing else: `energy-conform --help` loads this file and yargs alone; a
// command's own module (and what it needs: vitest, undici, the emulator) loads when the command runs.
import { LATEST_STABLE, RELEASE_VERSIONS } from '../spec/releases.js';
import type { Argv } from 'yargs';
import { CERT_STYLES, type CertStyle } from '../emulator/cert-styles.js';
import { LINK_NAMES, type LinkName } from '../emulator/link.js';
import { defaultTokenStore } from '../operator/token-store.js';
import { DEFAULT_BUDGET } from '../explore/budget.js';
import { DEFAULT_MAX_STALL_S, DEFAULT_THRESHOLDS } from '../soak/verdict.js';
import { STALE_DEFAULTS } from '../soak/freshness.js';
import { DEFAULT_PAIRING_NAME, DEFAULT_REQUEST_TIMEOUT_MS } from '../meeting/target.js';
import { AREAS, PROFILES } from '../spec/clause-types.js';
import { KIND_IDS, type KindId } from '../spec/kinds.js';

export function targetOptions<T>(y: Argv<T>) {
  return y
    .option('host', { type: 'string', describe: 'device address (skips discovery)' })
    .option('interface', { type: 'string', describe: 'without --host: address of the interface to discover devices on; all by default' })
    .option('discovery-timeout', { type: 'number', default: 3, describe: 'without --host: seconds to listen for mDNS answers' })
    .option('serial', { type: 'string', describe: 'expected serial (TLS identity); else the one GET /api reports' })
    .option('http-port', { type: 'number', default: 80, describe: 'v1 HTTP port' })
    .option('https-port', { type: 'number', default: 443, describe: 'v2 HTTPS port' })
    .option('kind', { choices: KIND_IDS, describe: 'device kind; else from GET /api (a kind the device contradicts stops the run)' })
    .option('force-kind', { type: 'boolean', default: false, describe: 'test as --kind even where the device says it is another kind; every report says so' })
    .option('ca', { type: 'string', describe: 'CA to validate the device, default the bundled vendor CA' })
    .option('insecure', { type: 'boolean', default: false, describe: 'no TLS validation (TLS clauses are skipped)' })
    .option('token', { type: 'string', describe: 'bearer token (or env ENERGY_CONFORM_TOKEN); else the token store; else pair' })
    .option('token-store', {
      type: 'string',
      default: defaultTokenStore(),
      defaultDescription: '"~/.config/energy-conform/tokens.json"',
      describe: 'token store file (mode 0600)',
    })
    .option('press-hook', { type: 'string', describe: 'shell command run whenever a button press is needed' })
    .option('press-timeout', { type: 'number', default: 120, describe: 'seconds to wait for each press' })
    .option('request-timeout', { type: 'number', default: DEFAULT_REQUEST_TIMEOUT_MS / 1000, describe: 'seconds to wait for each answer of the device' });
}

export function pairOptions<T>(y: Argv<T>) {
  return targetOptions(y).option('name', { type: 'string', default: DEFAULT_PAIRING_NAME, describe: 'name of the pairing user' });
}

export function runOptions<T>(y: Argv<T>) {
  return signingOptions(
    keptOptions(
      runningOptions(
        exploreBudgetOptions(pairOptions(y))
          .option('explore', {
            type: 'boolean',
            default: false,
            describe: "after the suites, explore: random sequences of the specification's requests judged by its state machines (see explore --help)",
          })
          .option('profile', {
            type: 'array',
            choices: PROFILES,
            describe:
              'catalogues to judge against: spec (spec/clauses.md, the default), vendor (spec/vendor-clauses.md: ' +
              'system, telegram, batteries, WebSocket, measurement fields, readings); both: --profile spec vendor',
          })
          .option('suite', { type: 'array', string: true, describe: `areas to run: ${AREAS.join(' ')}` })
          .option('clause', { type: 'array', string: true, describe: 'clause IDs to run, e.g. VER-04' })
          .option('slow', { type: 'boolean', default: false, describe: 'also run checks that wait out device timers' })
          .option('allow-cloud-toggle', { type: 'boolean', default: false, describe: 'allow checks that switch the cloud off and on' })
          .option('allow-reboot', { type: 'boolean', default: false, describe: 'allow checks that reboot the device (vendor profile: V-SYS-11, V-SYS-12)' })
          .option('manual', { type: 'boolean', default: false, describe: 'run checks that need an operator action other than the button' })
          .option('strict', { type: 'boolean', default: false, describe: 'warnings fail the run, and failures --known lists' })
          .option('claims', {
            type: 'string',
            describe:
              'what a compatible device claims (JSON or YAML, schemas/claims.schema.json): its kind, APIs, endpoints and fields gate the suites in place of the kind table',
          })
          .option('known', {
            type: 'string',
            describe:
              'known failures (JSON or YAML, schemas/known.schema.json): those of this device are shown apart and do not fail the run, but with --strict',
          })
          .option('forget', { type: 'boolean', default: false, describe: 'delete the pairing user and its stored token at the end (DEL-05)' }),
      ).option('all', { type: 'boolean', default: false, describe: 'without --host: run every device discovery finds, one after another' }),
      'reports/<serial>-<UTC timestamp>/ (with --all: one folder per serial in it)',
    ),
  );
}

/** How a command that judges the device as it goes runs (`run`, `explore`): its pace, its confirmations, its deadline, what it prints. */
function runningOptions<T>(y: Argv<T>) {
  return y
    .option('pace', {
      type: 'number',
      default: 0,
      describe: 'milliseconds to wait before each v1 request (socket state, cloud setting), for hardware that needs it',
    })
    .option('yes', { type: 'boolean', default: false, describe: 'answer confirmations (needed for destructive suites without a TTY)' })
    .option('run-timeout', { type: 'number', default: 3600, describe: "seconds one device's run may take before it is stopped, cleaned up and reported" })
    .option('quiet', { type: 'boolean', default: false, describe: 'print only the verdict and where the reports are (prompts still appear)' })
    .option('verbose', { type: 'boolean', default: false, describe: 'print every check as it ends, with its outcome' });
}

/** Where a command's reports go (`folder`: its default), and the history database it adds its run to. */
function keptOptions<T>(y: Argv<T>, folder: string) {
  return y.option('reports', { type: 'string', describe: `report folder, default ${folder}` }).option('history', {
    type: 'string',
    describe: 'add this run to a history database (SQLite; also ENERGY_CONFORM_HISTORY); `energy-conform history FILE` reads it',
  });
}

/** `run --sign`, `certify-client --sign`: the reports signed as `sign` signs them, once they are written. */
function signingOptions<T>(y: Argv<T>) {
  return y
    .option('sign', {
      type: 'string',
      describe: "sign the reports with the lab's Ed25519 private key (PEM) once written: certification.dsse.json beside them, as `sign` writes it",
    })
    .option('valid-days', { type: 'number', default: 365, describe: 'with --sign: how long the certification holds, in days from now' });
}

/** The exploration's seed and budget (lib/explore/budget.ts), for `explore` and `run --explore`. */
export function exploreBudgetOptions<T>(y: Argv<T>) {
  const b = DEFAULT_BUDGET;
  return y
    .option('seed', { type: 'number', describe: 'seed of the exploration: the same seed draws the same sequences (random by default, printed)' })
    .option('sequences', {
      type: 'number',
      default: b.sequences,
      describe: 'sequences to draw (shrinking a disagreement comes on top, within the limits below)',
    })
    .option('steps', { type: 'number', default: b.steps, describe: 'steps at most in one sequence' })
    .option('max-requests', { type: 'number', default: b.requests, describe: 'requests the exploration may send' })
    .option('max-switches', { type: 'number', default: b.switches, describe: "times the exploration may switch the socket's relay" })
    .option('presses', {
      type: 'number',
      describe:
        `button presses the exploration may ask for, one per creation step (default ${b.presses} ` +
        'with --press-hook; without it 0: a person at the terminal is asked only for as many as given)',
    })
    .option('max-seconds', { type: 'number', default: b.seconds, describe: 'seconds the exploration may take' });
}

export function exploreOptions<T>(y: Argv<T>) {
  return keptOptions(
    runningOptions(
      exploreBudgetOptions(pairOptions(y))
        .option('slow', {
          type: 'boolean',
          default: false,
          describe: 'also draw creations 25 s and 31 s after a press (the 30 s window; with --press-hook); raise --max-seconds',
        })
        .option('allow-cloud-toggle', {
          type: 'boolean',
          default: false,
          describe: 'also draw steps that switch the cloud off and on (CLOUD-03, CLOUD-04); the setting found is put back',
        }),
    ),
    'reports/<serial>-<UTC timestamp>/',
  );
}

/** `soak`: the device as `pair` finds it, then the integrations, the spot checks and the thresholds. */
export function soakOptions<T>(y: Argv<T>) {
  const t = DEFAULT_THRESHOLDS;
  return keptOptions(
    pairOptions(y)
      .option('duration', { type: 'string', default: '1h', describe: 'how long: 90s, 30m, 8h, 2d (a bare number is minutes)' })
      .option('clients', { type: 'number', default: 3, describe: 'simulated integrations, each polling over connections it keeps alive' })
      .option('poll', {
        type: 'number',
        default: 1000,
        describe: "milliseconds between an integration's polls (the vendor asks for 500 at the least); GET /api/system every 10th",
      })
      .option('interval', { type: 'number', describe: 'seconds per interval of the series (default: 60, or the duration / 60 if shorter)' })
      .option('check-every', {
        type: 'number',
        default: 300,
        describe: 'seconds between spot checks of a few clauses that read and change nothing (never a press)',
      })
      .option('max-error-percent', {
        type: 'number',
        default: t.maxErrorPercent,
        describe: 'errors of every kind (refused, reset, timeout, bad answer) as a percentage of the requests, at most',
      })
      .option('max-reboots', {
        type: 'number',
        default: t.maxReboots,
        describe: 'reboots allowed (uptime_s restarting where GET /api/system tells it; else every request failing, then answered again)',
      })
      .option('max-p99', { type: 'number', default: t.maxP99Ms, describe: "milliseconds every endpoint's p99 latency must stay under, in every interval" })
      .option('max-stale', {
        type: 'number',
        describe: `seconds a measurement may answer the same reading (its timestamp, else its voltages and frequency); by kind: ${KIND_IDS.map(
          (k) => `${k} ${STALE_DEFAULTS[k].s ?? 'not judged'}`,
        ).join(', ')}`,
      })
      .option('max-stall', { type: 'number', default: DEFAULT_MAX_STALL_S, describe: 'seconds a WebSocket may stay open without a message' })
      .option('ws-clients', {
        type: 'number',
        describe: "integrations subscribed to the WebSocket's measurement beside the polling ones (default 1 where the device serves it to the token, else 0)",
      })
      .option('quiet', { type: 'boolean', default: false, describe: 'print only the verdict and where the reports are' }),
    'reports/soak-<serial>-<UTC timestamp>/',
  );
}

export function captureOptions<T>(y: Argv<T>) {
  return pairOptions(y)
    .option('out', { type: 'string', demandOption: true, describe: "the capture's file (JSON, schemas/capture.schema.json); tokens are never in it" })
    .option('keep-user', {
      type: 'boolean',
      default: false,
      describe: 'keep the pairing user the capture made, and its stored token (by default deleted, as found)',
    })
    .option('anonymise', {
      type: 'boolean',
      default: false,
      describe: "replace the serial, the Wi-Fi's name and the meters' identifiers, each by the same stand-in everywhere, written as it was",
    })
    .option('history', {
      type: 'string',
      describe:
        "add this capture to a history database (also ENERGY_CONFORM_HISTORY): `energy-conform history FILE` holds each firmware to each integration's contract",
    });
}

export function historyOptions<T>(y: Argv<T>) {
  return y
    .positional('file', { type: 'string', demandOption: true, describe: 'the history database (SQLite), as --history names it' })
    .option('import', {
      type: 'array',
      string: true,
      default: [] as string[],
      describe: 'results.json files, or folders searched for them, to add first (a run already there is kept once)',
    })
    .option('serial', { type: 'string', describe: 'only this device' })
    .option('html', { type: 'string', describe: 'also write the history as an HTML page to this file' })
    .option('json', { type: 'boolean', default: false, describe: 'print JSON for tools instead of the table' });
}

export type HistoryArgs = Awaited<ReturnType<typeof historyOptions>['argv']>;
export type SoakArgs = Awaited<ReturnType<typeof soakOptions>['argv']>;
export type CaptureArgs = Awaited<ReturnType<typeof captureOptions>['argv']>;
export type ExploreArgs = Awaited<ReturnType<typeof exploreOptions>['argv']>;
export type RunArgs = Awaited<ReturnType<typeof runOptions>['argv']>;
export type PairArgs = Awaited<ReturnType<typeof pairOptions>['argv']>;
export function discoveryOptions<T>(y: Argv<T>) {
  return y
    .option('timeout', { type: 'number', default: 3, describe: 'seconds to listen for mDNS answers' })
    .option('interface', { type: 'string', describe: 'address of the interface to browse on; all by default' });
}

export function discoverOptions<T>(y: Argv<T>) {
  return discoveryOptions(y).option('json', { type: 'boolean', default: false, describe: 'print JSON for scripts' }).option('matrix', {
    type: 'boolean',
    default: false,
    describe: 'print one line of JSON a CI matrix takes: {"include": [{serial, kind, host, http_port, https_port}, ...]}, one entry per device',
  });
}

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

export function rejudgeOptions<T>(y: Argv<T>) {
  return y.positional('results', { type: 'string', demandOption: true, describe: 'a results.json that energy-conform run wrote' });
}

/** `replay`: the record, the clause, and the device to send it to (the target options; no discovery, no pairing). */
export function replayOptions<T>(y: Argv<T>) {
  return targetOptions(y.positional('results', { type: 'string', demandOption: true, describe: 'a results.json that energy-conform run wrote' }))
    .option('clause', { type: 'string', demandOption: true, describe: 'the clause whose requests to send again, e.g. VER-06' })
    .option('allow-cloud-toggle', {
      type: 'boolean',
      default: false,
      describe: 'a clause run again alone may switch the cloud off and on, as run --allow-cloud-toggle',
    })
    .option('allow-reboot', { type: 'boolean', default: false, describe: 'a clause run again alone may reboot the device, as run --allow-reboot' })
    .option('forget', { type: 'boolean', default: false, describe: 'a clause run again alone may spend the pairing user, as run --forget' })
    .option('yes', { type: 'boolean', default: false, describe: 'confirm what the clause run again alone asks before (the cloud switched off), as run --yes' });
}

export function reportOptions<T>(y: Argv<T>) {
  return y
    .positional('results', { type: 'string', demandOption: true, describe: 'a results.json that energy-conform run wrote' })
    .option('out', { type: 'string', describe: 'where to write the page, default report.html beside the results' });
}

export function diffOptions<T>(y: Argv<T>) {
  return y
    .positional('a', { type: 'string', demandOption: true, describe: "the earlier side: a capture, or a run's results.json" })
    .positional('b', { type: 'string', demandOption: true, describe: "the later side: a capture, or a run's results.json" })
    .option('json', { type: 'boolean', default: false, describe: 'the changes as one JSON document' })
    .option('html', { type: 'string', describe: 'also write the changes as an HTML page to this file' });
}

export function deployOptions<T>(y: Argv<T>) {
  return y
    .positional('contracts', {
      type: 'string',
      array: true,
      demandOption: true,
      describe: 'contract.json files that certify-client wrote, one per integration',
    })
    .option('capture', { type: 'string', demandOption: true, describe: 'the capture of the firmware to deploy (energy-conform capture --out)' })
    .option('history', {
      type: 'string',
      describe: 'also add the capture and the contracts to a history database (also ENERGY_CONFORM_HISTORY), for `energy-conform history FILE`',
    })
    .option('json', { type: 'boolean', default: false, describe: 'the matrix as one JSON document' });
}

export type DeployArgs = Awaited<ReturnType<typeof deployOptions>['argv']>;

export function compareOptions<T>(y: Argv<T>) {
  return y
    .positional('old', { type: 'string', demandOption: true, describe: 'the earlier run: its results.json, or its report folder' })
    .positional('new', { type: 'string', demandOption: true, describe: 'the later run: its results.json, or its report folder' })
    .option('markdown', { type: 'string', describe: 'also append the changes as Markdown to this file (a CI step summary such as $GITHUB_STEP_SUMMARY)' })
    .option('html', { type: 'string', describe: 'also write the changes as an HTML page to this file' });
}

export type CompareArgs = Awaited<ReturnType<typeof compareOptions>['argv']>;
export type DiffArgs = Awaited<ReturnType<typeof diffOptions>['argv']>;

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

/** `sign`: the reports folder of a run or a certify-client run, the lab's private key, how long the certification holds. */
export function signOptions<T>(y: Argv<T>) {
  return y
    .positional('reports', { type: 'string', demandOption: true, describe: "the folder of a run's or certify-client's reports (its results.json inside)" })
    .option('key', { type: 'string', demandOption: true, describe: 'the Ed25519 private key, PEM (openssl genpkey -algorithm ed25519 -out lab.pem)' })
    .option('valid-days', { type: 'number', default: 365, describe: 'how long the certification holds, in days from now' });
}

/** `verify`: a certification, the public key it is checked with, a revocation list. */
export function verifyOptions<T>(y: Argv<T>) {
  return y
    .positional('certification', {
      type: 'string',
      demandOption: true,
      describe: 'a certification.dsse.json that energy-conform sign wrote, the reports beside it',
    })
    .option('key', { type: 'string', demandOption: true, describe: "the lab's Ed25519 public key, PEM (openssl pkey -in lab.pem -pubout)" })
    .option('revoked', { type: 'string', describe: 'a revocation list signed with the same key (energy-conform revoke writes one)' });
}

/** `revoke`: the certification withdrawn, why, the lab's private key, the list it goes on. */
export function revokeOptions<T>(y: Argv<T>) {
  return y
    .positional('certification', { type: 'string', demandOption: true, describe: 'the certification.dsse.json withdrawn' })
    .option('key', { type: 'string', demandOption: true, describe: 'the Ed25519 private key that signed it, PEM' })
    .option('why', { type: 'string', demandOption: true, describe: 'why it is withdrawn, as verify will say it' })
    .option('list', { type: 'string', demandOption: true, describe: 'the revocation list to add it to (written, or read and signed again)' });
}

/** `certifications`: a folder of signed certifications listed, each verified with the lab's public key. */
export function certificationsOptions<T>(y: Argv<T>) {
  return y
    .positional('folder', {
      type: 'string',
      demandOption: true,
      describe: 'a folder holding certifications (certification.dsse.json at any depth, each beside its reports)',
    })
    .option('key', { type: 'string', demandOption: true, describe: "the lab's Ed25519 public key, PEM, each certification verified with it" })
    .option('revoked', { type: 'string', describe: "the lab's revocation list (energy-conform revoke writes one)" })
    .option('out', { type: 'string', describe: 'where certifications.html and certifications.json go (default: the folder)' })
    .option('json', { type: 'boolean', default: false, describe: 'print the listing as JSON instead of the table' });
}
