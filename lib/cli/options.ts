// Every command's options, and nothing else: `energy-conform --help` loads this file and yargs alone; a
// command's own module (and what it needs: vitest, undici, the emulator) loads when the command runs.
// The groups the commands share, and the commands that meet a device; the emulator's in options-emulator.ts,
// those on records (results, captures, contracts, certifications) in options-records.ts.
import type { Argv } from 'yargs';
import { defaultTokenStore } from '../operator/token-store.js';
import { DEFAULT_BUDGET } from '../explore/budget.js';
import { DEFAULT_MAX_STALL_S, DEFAULT_THRESHOLDS } from '../soak/thresholds.js';
import { STALE_DEFAULTS } from '../soak/freshness.js';
import { DEFAULT_PAIRING_NAME, DEFAULT_REQUEST_TIMEOUT_MS } from '../meeting/target.js';
import { AREAS, PROFILES } from '../spec/clause-types.js';
import { KIND_IDS } from '../spec/kinds.js';

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
export function runningOptions<T>(y: Argv<T>) {
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
export function keptOptions<T>(y: Argv<T>, folder: string) {
  return y.option('reports', { type: 'string', describe: `report folder, default ${folder}` }).option('history', {
    type: 'string',
    describe: 'add this run to a history database (SQLite; also ENERGY_CONFORM_HISTORY); `energy-conform history FILE` reads it',
  });
}

/** `run --sign`, `certify-client --sign`: the reports signed as `sign` signs them, once they are written. */
export function signingOptions<T>(y: Argv<T>) {
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
