// `energy-conform run`: flags -> RunConfig -> runConformance -> exit code.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { interruptible } from './interrupt.js';
import { historyFileOf, recordHistory } from './history-hook.js';
import type { ExploreArgs, PairArgs, RunArgs } from './options.js';
import type { ExploreOptions } from '../runner/explore-phase.js';
import { DEFAULT_BUDGET } from '../explore/budget.js';
import { RunError } from '../client/errors.js';
import { type DiscoveredDevice, disagreementsOf } from '../discovery/records.js';
import { runBench } from './bench-run.js';
import { signedOrNot, signingKey } from './attest-command.js';
import type { RunConfig } from '../runner/config.js';
import { pairDevice } from '../meeting/pair.js';
import { runConformance } from '../runner/run.js';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { streamIo } from '../operator/operator-io.js';
import { AREAS, type Profile } from '../spec/clause-types.js';
import { clause, hasClause } from '../spec/catalogue.js';
import type { KindId } from '../spec/kinds.js';

export const VENDOR_CA = path.join(PACKAGE_ROOT, 'fixtures', 'homewizard-ca-cert.pem');

/** The target options, with the selection and report options where the command has them. */
type ConfigArgs = PairArgs &
  Partial<
    Pick<
      RunArgs,
      | 'profile'
      | 'suite'
      | 'clause'
      | 'slow'
      | 'allow-cloud-toggle'
      | 'allow-reboot'
      | 'manual'
      | 'strict'
      | 'yes'
      | 'reports'
      | 'forget'
      | 'pace'
      | 'run-timeout'
    >
  >;

function checkNumbers(a: ConfigArgs): void {
  const ports = { '--http-port': a['http-port'], '--https-port': a['https-port'] };
  for (const [flag, v] of Object.entries(ports)) {
    if (!Number.isInteger(v) || v < 1 || v > 65535) throw new RunError('EC_BAD_OPTION', `${flag} must be a port number from 1 to 65535 (got ${v})`);
  }
  const pace = a.pace ?? 0;
  if (!(Number.isFinite(pace) && pace >= 0 && pace <= 60_000))
    throw new RunError('EC_BAD_OPTION', `--pace must be a number of milliseconds from 0 to 60000 (got ${pace})`);
  const seconds = {
    '--press-timeout': a['press-timeout'],
    '--request-timeout': a['request-timeout'],
    ...(a['run-timeout'] === undefined ? {} : { '--run-timeout': a['run-timeout'] }),
  };
  for (const [flag, v] of Object.entries(seconds)) {
    if (!(Number.isFinite(v) && v > 0)) throw new RunError('EC_BAD_OPTION', `${flag} must be a number of seconds above 0 (got ${v})`);
  }
}

/** `{serial}` in the press hook becomes the device's serial: one hook for a bench of relays. */
function pressHookOf(hook: string | undefined, serial: string | null | undefined): string | undefined {
  if (hook === undefined || !hook.includes('{serial}')) return hook;
  if (!serial) throw new RunError('EC_BAD_OPTION', '--press-hook uses {serial}, but the serial is not known before the run: give --serial');
  return hook.replaceAll('{serial}', serial);
}

/** Every option checked, before anything goes on the network; the CA's PEM text. */
export async function checkOptions(a: ConfigArgs): Promise<string> {
  checkNumbers(a);
  if (a['force-kind'] && !a.kind) throw new RunError('EC_BAD_OPTION', '--force-kind insists on the kind given with --kind: give --kind too');
  const unknown = (a.clause ?? []).filter((c) => !hasClause(c));
  if (unknown.length) {
    throw new RunError(
      'EC_BAD_OPTION',
      `unknown clause ${unknown.join(', ')}; clause IDs are listed in spec/clauses.md (e.g. VER-04) and spec/vendor-clauses.md (e.g. V-SYS-01)`,
    );
  }
  const badArea = (a.suite ?? []).filter((s) => !(AREAS as readonly string[]).includes(s));
  if (badArea.length) throw new RunError('EC_BAD_OPTION', `unknown suite ${badArea.join(', ')}; suites are ${AREAS.join(', ')}`);
  const profiles = profilesOf(a);
  const outside = [
    ...(a.clause ?? []).filter(hasClause).filter((c) => !profiles.includes(clause(c).profile)),
    ...(a.suite ?? []).filter((s) => !profiles.includes(areaProfile(s))),
  ];
  if (outside.length) {
    throw new RunError(
      'EC_BAD_OPTION',
      `${outside.join(', ')} ${outside.length === 1 ? 'is' : 'are'} not of the profile run (--profile ${profiles.join(' ')}); ` +
        `add --profile ${[...new Set([...profiles, ...outside.map((o) => (hasClause(o) ? clause(o).profile : areaProfile(o)))])].join(' ')}`,
    );
  }
  const caPem = await readCa(a.ca);
  if (!a.name.startsWith('local/')) throw new RunError('EC_BAD_OPTION', `--name must start with local/ (got ${a.name})`);
  return caPem;
}

/** --ca's PEM text, or the vendor CA's where none is given. */
export async function readCa(file: string | undefined): Promise<string> {
  try {
    return await readFile(file ?? VENDOR_CA, 'utf8');
  } catch {
    throw new RunError('EC_BAD_OPTION', `cannot read the CA file ${file ?? VENDOR_CA}; give a PEM file with --ca`);
  }
}

/** --profile, the specification's catalogue where it is not given. */
const profilesOf = (a: Pick<ConfigArgs, 'profile'>): Profile[] => [...new Set((a.profile ?? ['spec']) as Profile[])];
const areaProfile = (area: string): Profile => (area.startsWith('vendor-') ? 'vendor' : 'spec');

/** The options (checked, `caPem` read by checkOptions), for the device at --host or for one that discovery found. */
export function toRunConfig(a: ConfigArgs, env: NodeJS.ProcessEnv, caPem: string, found?: DiscoveredDevice): RunConfig {
  const host = found?.address ?? a.host;
  if (!host) throw new RunError('EC_NO_HOST', 'no device address; give it with --host');
  // Checked last of the options (a file given with one is read first), before the device is asked anything.
  if (!found && a['http-port'] === a['https-port']) {
    throw new RunError(
      'EC_BAD_OPTION',
      `--http-port and --https-port are both ${a['https-port']}: a device serves its v1 API over HTTP and its v2 API over HTTPS, on two ports (80 and 443 unless you give others)`,
    );
  }
  const advertised = found && {
    serial: found.serial,
    product_type: found.product_type,
    product_name: found.product_name,
    id: found.id,
    disagreements: disagreementsOf(found),
  };
  return {
    // A found device is asked only where it advertised a service.
    host,
    httpPort: found ? found.v1Port : a['http-port'],
    httpsPort: found ? found.v2Port : a['https-port'],
    kind: a.kind as KindId | undefined,
    forceKind: a['force-kind'],
    serial: a.serial,
    advertised,
    caPem,
    caLabel: a.ca ? `the CA in ${a.ca}` : 'the vendor CA',
    insecure: a.insecure,
    token: a.token ?? (env.ENERGY_CONFORM_TOKEN || undefined),
    tokenStore: a['token-store'],
    pressHook: pressHookOf(a['press-hook'], found?.serial ?? a.serial),
    pressTimeoutS: a['press-timeout'],
    pairingName: a.name,
    profiles: profilesOf(a),
    suites: a.suite,
    clauses: a.clause?.filter(hasClause),
    slow: a.slow ?? false,
    allowCloudToggle: a['allow-cloud-toggle'] ?? false,
    allowReboot: a['allow-reboot'] ?? false,
    manual: a.manual ?? false,
    strict: a.strict ?? false,
    forget: a.forget ?? false,
    yes: a.yes ?? false,
    reportsDir: a.reports,
    paceMs: a.pace ?? 0,
    requestTimeoutMs: a['request-timeout'] * 1000,
  };
}

/** Discovery, and with it bonjour-service, loaded only where there is no --host (lib/cli/startup.spec.ts). */
const discovery = () => import('./device-choice.js');

export async function pairCommand(a: PairArgs, env: NodeJS.ProcessEnv): Promise<number> {
  const io = streamIo(process.stderr, process.stdin.isTTY === true);
  const caPem = await checkOptions(a);
  const [found] = a.host ? [] : await (await discovery()).chooseDevices({ ...a, all: false }, io, false);
  const cfg = toRunConfig(a, env, caPem, found);
  const paired = await pairDevice(cfg, io);
  process.stdout.write(
    paired.pressed
      ? `paired as ${cfg.pairingName} with ${paired.serial}; the token is stored in ${cfg.tokenStore} (mode 0600)\n`
      : `already paired with ${paired.serial}: the token stored in ${cfg.tokenStore} is accepted; nothing to do\n`,
  );
  return 0;
}

type BudgetArgs = {
  seed?: number;
  sequences: number;
  steps: number;
  'max-requests': number;
  'max-switches': number;
  presses?: number;
  'max-seconds': number;
  'press-hook'?: string;
};

/** The exploration's seed and budget from the flags, each checked; a seed drawn where none is given. */
export function exploreOptionsOf(a: BudgetArgs, only: boolean): ExploreOptions {
  const limits = {
    '--sequences': a.sequences,
    '--steps': a.steps,
    '--max-requests': a['max-requests'],
    '--max-switches': a['max-switches'],
    '--max-seconds': a['max-seconds'],
  };
  for (const [flag, v] of Object.entries(limits)) {
    if (!(Number.isInteger(v) && v >= 1)) throw new RunError('EC_BAD_OPTION', `${flag} must be a whole number of 1 or more (got ${v})`);
  }
  // A hook presses as often as the budget allows; a person is asked only for the presses given.
  const presses = a.presses ?? (a['press-hook'] ? DEFAULT_BUDGET.presses : 0);
  if (!(Number.isInteger(presses) && presses >= 0)) throw new RunError('EC_BAD_OPTION', `--presses must be a whole number of 0 or more (got ${presses})`);
  const seed = a.seed ?? Math.floor(Math.random() * 2 ** 31);
  if (!(Number.isInteger(seed) && seed >= 0 && seed < 2 ** 31))
    throw new RunError('EC_BAD_OPTION', `--seed must be a whole number from 0 to ${2 ** 31 - 1} (got ${seed})`);
  return {
    seed,
    only,
    budget: { sequences: a.sequences, steps: a.steps, requests: a['max-requests'], switches: a['max-switches'], presses, seconds: a['max-seconds'] },
  };
}

/** `explore`: `run` with the exploration alone (the same target, pairing, clean-up and reports). */
export async function exploreCommand(a: ExploreArgs, env: NodeJS.ProcessEnv): Promise<number> {
  return runCommand({ ...a, explore: true, strict: false, forget: false, all: false, 'allow-reboot': false, manual: false } as RunArgs, env, true);
}

export async function runCommand(a: RunArgs, env: NodeJS.ProcessEnv, exploreOnly = false): Promise<number> {
  if (a.quiet && a.verbose) throw new RunError('EC_BAD_OPTION', '--quiet and --verbose together: choose one');
  const explore = a.explore || exploreOnly ? exploreOptionsOf(a, exploreOnly) : undefined;
  const io = streamIo(process.stderr, process.stdin.isTTY === true, process.stdin, a.quiet ? 'quiet' : a.verbose ? 'verbose' : 'normal');
  // Colours only on a terminal, and never where NO_COLOR is set (no-color.org).
  const style = { color: process.stdout.isTTY === true && !env.NO_COLOR, quiet: a.quiet };
  return interruptible(
    (sig) => `\nenergy-conform: ${sig}: stopping the checks and cleaning up the device (again to leave at once)\n`,
    async (interrupted) => {
      const caPem = await checkOptions(a);
      const known = a.known === undefined ? undefined : await readKnown(a.known);
      const claims = a.claims === undefined ? undefined : await readClaims(a.claims, a.kind);
      if (claims) {
        io.say(
          `claims: ${claims.file} (sha256 ${claims.sha256.slice(0, 12)}…): ${claims.claims.file.device}, a ${claims.claims.file.kind} serving ${claims.claims.file.api.join(' and ')}; ` +
            `the suites run as it claims, in place of the kind table`,
        );
        for (const line of claims.claims.notJudged) io.say(`  not judged: ${line}`);
      }
      const history = historyFileOf(a, env);
      const signing = a.sign === undefined ? undefined : await signingKey(a.sign, a['valid-days'], '--sign');
      const run = async (cfg: RunConfig) => {
        const outcome = await withDeadline(interrupted, a['run-timeout'], (signal) =>
          runConformance(
            { ...cfg, ...(explore ? { explore } : {}), ...(known ? { known } : {}), ...(claims ? { claims, kind: claims.claims.file.kind } : {}) },
            io,
            signal,
            style,
          ),
        );
        await recordHistory(history, outcome.results, (line) => io.say(line));
        if (signing) io.say(await signedOrNot(outcome, signing));
        return outcome;
      };
      if (a.host) {
        const outcome = await run(toRunConfig(a, env, caPem));
        process.stdout.write(`${outcome.summary}\n`);
        return outcome.exitCode;
      }
      const devices = await (await discovery()).chooseDevices(a, io, true);
      return await runBench(
        devices,
        (d) => toRunConfig({ ...a, reports: a.reports && a.all ? path.join(a.reports, d.serial ?? d.address) : a.reports }, env, caPem, d),
        run,
        io,
        a.all ? (a.reports ?? 'reports') : null,
        interrupted,
      );
    },
  );
}

/** A file an option names (--known, --claims; their parsers, and YAML, loaded only then), read and checked before anything goes on the network: its text's hash and what `parse` made of it. */
async function readChecked<T>(
  file: string,
  flag: string,
  what: string,
  parse: (text: string, name: string) => T,
): Promise<{ file: string; sha256: string; parsed: T }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new RunError(
      'EC_BAD_OPTION',
      `cannot read the ${what} file ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); give a JSON or YAML file with ${flag}`,
    );
  }
  try {
    return { file, sha256: createHash('sha256').update(text).digest('hex'), parsed: parse(text, file) };
  } catch (err) {
    throw new RunError('EC_BAD_OPTION', (err as Error).message);
  }
}

async function readKnown(file: string): Promise<NonNullable<RunConfig['known']>> {
  const { parseKnown } = await import('../report/known.js');
  const { parsed, ...read } = await readChecked(file, '--known', 'known-failures', parseKnown);
  return { ...read, entries: parsed };
}

/** --claims: the file; its kind stands for --kind, and a --kind that differs is the operator's to settle. */
async function readClaims(file: string, kind: string | undefined): Promise<NonNullable<RunConfig['claims']>> {
  const { parseClaims } = await import('../claims/claims.js');
  const { parsed, ...read } = await readChecked(file, '--claims', 'claims', parseClaims);
  if (kind !== undefined && kind !== parsed.file.kind) {
    throw new RunError('EC_BAD_OPTION', `--kind ${kind} was given, and ${file} claims a ${parsed.file.kind}: give one of them`);
  }
  return { ...read, claims: parsed };
}

async function withDeadline<T>(outer: AbortSignal, seconds: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const inner = new AbortController();
  const stop = () => inner.abort(outer.reason);
  if (outer.aborted) stop();
  outer.addEventListener('abort', stop);
  const timer = setTimeout(() => inner.abort(`--run-timeout ${seconds} s passed`), seconds * 1000);
  try {
    return await fn(inner.signal);
  } finally {
    clearTimeout(timer);
    outer.removeEventListener('abort', stop);
  }
}
