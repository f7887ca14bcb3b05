// Gates -> which clauses run. Every skip carries its reason (docs/design.md "Result model").
import { clauses } from '../spec/catalogue.js';
import { type Clause, type Gate, parseGate } from '../spec/clause-types.js';
import { NEEDS, type Need } from '../spec/clause-roles.js';
import { KINDS, type KindId, kindDeviation } from '../spec/kinds.js';
import { VENDOR_GATES, vendorGateHolds, vendorGateReason } from '../spec/vendor-kinds.js';
import { RELEASE_GATES, type ReleaseGate, releaseGateHolds, releaseGateReason } from '../spec/releases.js';
import type { RunConfig } from './config.js';
import type { Preflight } from '../meeting/preflight.js';
import { CLAIMED_GATES, type ClaimedGate, claimedDeviation, claimedGates } from '../claims/gates.js';
import { JUDGED_ALSO_IN } from './suite-areas.js';

export interface Plan {
  skips: Record<string, string>;
  /** The clauses skipped only because the run did not choose them (--profile, --clause, --suite, an exploration alone). */
  unselected: string[];
  /** Clause ID -> why its MUST violations are deviations on this kind. */
  deviations: Record<string, string>;
  v2Reason: string;
}

type Facts = Record<Gate, { holds: boolean; reason: string }>;

function v2Reason(cfg: RunConfig, pre: Preflight): string {
  return !pre.v2
    ? pre.noV2!
    : `the certificate does not chain to ${cfg.caLabel} (see TLS-01), so no token is sent to this device; ` +
        'give the CA that issued it with --ca, or use --insecure to test the rest without TLS validation';
}

/** The gates of the kind table, or of the claims in its place (lib/claims/gates.ts): what the device has, and an option or an answer it needs. */
function facts(
  cfg: RunConfig,
  pre: Preflight,
  kind: KindId,
  area: Clause['area'],
  interactive: boolean,
  served: string | null,
  claimed?: (g: Gate) => ClaimedGate,
): Facts {
  const base = kindFacts(cfg, pre, kind, area, interactive, served);
  if (!claimed) return base;
  const answered = new Set<Gate>(['v1', 'v2', 'system']);
  for (const g of CLAIMED_GATES) {
    const c = claimed(g);
    base[g] = !c.holds ? { holds: false, reason: c.reason } : answered.has(g) ? base[g] : { holds: true, reason: '' };
  }
  return base;
}

function kindFacts(cfg: RunConfig, pre: Preflight, kind: KindId, area: Clause['area'], interactive: boolean, served: string | null): Facts {
  const k = KINDS[kind];
  // The TLS area needs only a handshake; every other v2 check needs a chain it can trust.
  return {
    v2: { holds: area === 'tls' ? pre.v2 : pre.v2Usable, reason: v2Reason(cfg, pre) },
    users: { holds: k.userToken !== 'Not supported', reason: `the ${k.name}'s user/token capability is "Not supported"` },
    state: { holds: k.state === 'Supported', reason: 'the state endpoint exists only on the energy socket' },
    system: { holds: pre.system, reason: 'GET /api/v1/system did not answer 200' },
    press: { holds: cfg.pressHook !== undefined || interactive, reason: 'it needs a button press: give --press-hook, or run on a terminal' },
    slow: { holds: cfg.slow, reason: 'it waits out a device timer: run with --slow' },
    cloud: { holds: cfg.allowCloudToggle, reason: 'it changes the cloud setting: run with --allow-cloud-toggle' },
    tls: { holds: !cfg.insecure, reason: 'certificate validation is off (--insecure)' },
    v1: {
      holds: pre.v1,
      reason: cfg.httpPort === null ? 'the device has no HTTP (v1) port' : `the HTTP (v1) port did not answer at ${cfg.host}:${cfg.httpPort}`,
    },
    reboot: { holds: cfg.allowReboot, reason: 'it reboots the device: run with --allow-reboot' },
    ...(Object.fromEntries(VENDOR_GATES.map((g) => [g, { holds: vendorGateHolds(g, kind), reason: vendorGateReason(g, k.name, kind) }])) as Record<
      (typeof VENDOR_GATES)[number],
      { holds: boolean; reason: string }
    >),
    // The release the device says it serves (X-Api-Version of GET /api, else its api_version): judged by that release.
    ...(Object.fromEntries(RELEASE_GATES.map((g) => [g, { holds: releaseGateHolds(g, served), reason: releaseGateReason(g, served) }])) as Record<
      ReleaseGate,
      { holds: boolean; reason: string }
    >),
  };
}

/** Clauses gated `slow` that a run without --slow still judges on what it sees in seconds; where it saw nothing, the test skips with the gate's reason. */
const SEEN_WITHOUT_SLOW: ReadonlySet<string> = new Set(['PAIR-09']);

function gateReason(c: Clause, f: Facts): string | undefined {
  const g = parseGate(c.gate);
  const unmet = g.all.find((x) => !f[x].holds && !(x === 'slow' && SEEN_WITHOUT_SLOW.has(c.id)));
  if (unmet) return f[unmet].reason;
  if (g.any.length && !g.any.some((x) => f[x].holds)) return g.any.map((x) => f[x].reason).join('; and ');
  const excluded = g.none.find((x) => f[x].holds);
  if (excluded === 'state') return 'this check is for kinds other than the energy socket';
  return excluded ? `not for a device where "${excluded}" holds` : undefined;
}

/** Conditions a clause's statement sets beyond its gate (clause-roles.ts): why each is not met, or undefined. */
function needReason(need: Need, kind: KindId, cfg: RunConfig, claimed?: (g: Gate) => ClaimedGate): string | undefined {
  const k = KINDS[kind];
  if (need === 'users-supported' && claimed) {
    return claimed('users').level === 'MUST'
      ? undefined
      : `it applies to devices that serve the user endpoints at MUST; ${cfg.claims!.file} does not claim them so`;
  }
  switch (need) {
    case 'forget':
      return cfg.forget
        ? undefined
        : 'it needs a user that deletes itself, and the only one a run may spend is the pairing user it keeps: ' +
            'run with --forget, and the pairing user deletes itself at the end';
    case 'advertisement':
      return cfg.advertised ? undefined : 'the device was given with --host, not found over mDNS: run without --host to compare what it advertises';
    case 'users-supported':
      return k.userToken === 'Supported' ? undefined : `it applies to kinds whose user/token support is "Supported"; the ${k.name}'s is "${k.userToken}"`;
  }
}

const statementReason = (c: Clause, kind: KindId, cfg: RunConfig, claimed?: (g: Gate) => ClaimedGate) => {
  const need = NEEDS[c.id];
  return need ? needReason(need, kind, cfg, claimed) : undefined;
};

/** Why the run did not choose `c`: its profile, --clause, --suite, or an exploration alone. */
function selectionReason(c: Clause, cfg: RunConfig): string | undefined {
  if (!cfg.profiles.includes(c.profile)) return `not selected (--profile ${cfg.profiles.join(' ')})`;
  if (cfg.explore?.only) return 'not reached by the exploration: `explore` runs no suites (`run --explore` runs both)';
  if (cfg.clauses?.length && !cfg.clauses.includes(c.id)) return `not selected (--clause ${cfg.clauses.join(' ')})`;
  if (cfg.suites?.length && !cfg.suites.includes(c.area)) return `not selected (--suite ${cfg.suites.join(' ')})`;
  return undefined;
}

const manualReason = (c: Clause, cfg: RunConfig) =>
  c.level === 'MANUAL' && !cfg.manual ? 'it needs an operator action other than the button press: run with --manual' : undefined;

/**
 * Whether any check that needs a button press will run: a clause gated `press`, or, where the users suite loads
 * (`usersLoaded`), a clause it judges too on the answers its presses bring (VER-01 on the 200 of a creation).
 */
export function pressesNeeded(skips: Record<string, string>, usersLoaded: boolean): boolean {
  const needsPress = (c: Clause) => parseGate(c.gate).all.includes('press') || (usersLoaded && JUDGED_ALSO_IN[c.id]?.includes('users'));
  return clauses.some((c) => !skips[c.id] && needsPress(c));
}

/**
 * Which clauses run, and which MUST violations are deviations. `absent`: the endpoints claimed IF-IMPLEMENTED that
 * answered 404 before the suites, and what each answered (prepare.ts).
 */
export function plan(
  cfg: RunConfig,
  pre: Preflight,
  kind: KindId,
  interactive = false,
  absent: ReadonlyMap<string, string> = new Map(),
  served: string | null = null,
): Plan {
  const skips: Record<string, string> = {};
  const unselected: string[] = [];
  const claimed = cfg.claims && claimedGates(cfg.claims.claims, cfg.claims.file, absent);
  const deviations: Record<string, string> = {};
  for (const c of clauses) {
    const notChosen = selectionReason(c, cfg);
    if (notChosen) unselected.push(c.id);
    const reason =
      notChosen ?? manualReason(c, cfg) ?? gateReason(c, facts(cfg, pre, kind, c.area, interactive, served, claimed)) ?? statementReason(c, kind, cfg, claimed);
    if (reason) skips[c.id] = reason;
    if (c.level !== 'MUST') continue;
    // With claims, a gate claimed at SHOULD only; else clauses.md Levels: under an "In development" user/token
    // capability a MUST violation of the v2 API is a deviation (warn) unless --strict.
    const deviation = claimed ? claimedDeviation(parseGate(c.gate).all, claimed, cfg.claims!.file) : kindDeviation(c, kind);
    if (deviation) deviations[c.id] = deviation;
  }
  const unclaimed = claimed && !claimed('v2').holds ? `the v2 API is ${claimed('v2').reason}` : undefined;
  return { skips, unselected, deviations, v2Reason: unclaimed ?? v2Reason(cfg, pre) };
}
