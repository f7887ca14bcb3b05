// The result model of docs/design.md: one entry per catalogue clause, and results.json.
import type { Exchange } from '../client/exchange-log.js';
import type { JudgedOccasion } from '../client/kept-judgment.js';
import type { Level, Profile } from '../spec/clause-types.js';
import type { KnownFacts } from './known.js';
import type { SoakFacts } from './soak-facts.js';

/**
 * `deviation`: a MUST violated under a capability the specification marks "In development" for the kind
 * (clauses.md Levels); it fails the run only with --strict. `warn`: a SHOULD violated.
 */
export type Status = 'pass' | 'fail' | 'deviation' | 'warn' | 'skip' | 'observation' | 'error';
export const STATUSES: readonly Status[] = ['pass', 'fail', 'deviation', 'warn', 'skip', 'observation', 'error'];

/** The outcomes every report shows as problems, worst first: failures, errors, then deviations and warnings. */
export const PROBLEMS: readonly Status[] = ['fail', 'error', 'deviation', 'warn'];

/** The files every run writes in its report folder (write-run.ts), as the summaries name them. */
export const REPORT_FILES = ['report.html', 'junit.xml', 'results.json', 'exchanges.har', 'summary.md'] as const;

/** What --strict does with a deviation, in the words every report uses. */
export const STRICT_DEVIATION = 'with --strict a deviation fails the run (exit 1); without it, it does not';

/** One case of a clause: a row of its table, or a check of another clause that also judged it. */
export interface CaseResult {
  title: string;
  status: Status;
  message: string;
}

export interface CheckResult {
  clause: string;
  level: Level;
  title: string;
  status: Status;
  message: string;
  durationMs: number;
  /** The catalogue's area (a device clause's, or a client clause's in certify-client's results). */
  area: string;
  expected?: string;
  observed?: unknown;
  /** Why a MUST violation is a deviation: the capability, the kind, the row of the kind table. */
  deviation?: string;
  exchanges: Exchange[];
  /** How many of `exchanges`, from the first, the outcome is about: the reports show them first, the rest collapsed. */
  evidence?: number;
  /** Every case, where the clause had more than one. */
  rows?: CaseResult[];
  /** A failure a --known entry matches (report/known.ts): why, where it is tracked, and until when it is excused. */
  known?: KnownMark;
  /** What its occasion judges judged, case by case (`case`: the index in `rows`; 0 where there are none), for rejudge. */
  judged?: (JudgedOccasion & { case: number })[];
}

/** A --known entry on the failure it matched; `expired`: past its day, it excuses nothing. */
export interface KnownMark {
  reason: string;
  link: string | null;
  owner: string | null;
  expires: string;
  expired: boolean;
}

/** A problem an unexpired --known entry excuses: it does not fail the run, but with --strict. */
/** What a check not reached by an interrupted run says, first (lib/runner/run.ts): its profile was not judged in full. */
export const NOT_REACHED = 'not run: the run was interrupted';
export const notReachedBy = (reason: string): string => `${NOT_REACHED} (${reason}) before this check`;
export const wasNotReached = (c: Pick<CheckResult, 'status' | 'message'>): boolean => c.status === 'skip' && c.message.startsWith(NOT_REACHED);

export const isExcused = (c: CheckResult): boolean => c.known !== undefined && !c.known.expired;

/** results.json. Over 20 fields: one a key of the document schemas/results.schema.json and docs/design.md define. */
export interface RunResults {
  tool: { name: string; version: string };
  target: {
    host: string;
    kind: string;
    product_type: string | null;
    serial: string | null;
    firmware_version: string | null;
    api_version: string | null;
    certificate_sha256: string | null;
    /** The version the device served (GET /api without X-Api-Version, before any check): what the VER clauses compare with. */
    served_version?: string | null;
    /** The certificate the device presented before any check, as the TLS clauses judge it. */
    certificate?: { pem: string; chain_error: string | null; issuer: string } | null;
  };
  started: string;
  finished: string;
  durationMs: number;
  verdict: 'pass' | 'fail' | 'error';
  summary: Record<Status, number>;
  /** Presses the device confirmed (`count`) and presses asked for (`asked`: a press not given is not counted). */
  presses: { count: number; asked: number; backend: string | null };
  requests: number;
  /** TCP connections the run opened to the device (pooled per run and side: a device that keeps them alive needs few). */
  connections: number;
  /** What the run left changed on the device (docs/design.md "Leaving the device as found"). */
  residue: string[];
  /** What a reader of any report must know of the run: a kind the operator insisted on against the device's word. */
  notes: string[];
  /** State requests and relay switches, where the run touched a socket's state (--pace is for hardware that needs it). */
  socket: { stateRequests: number; relaySwitches: number } | null;
  /** A device run: each profile that ran, with its own counts and verdict (certify-client has none). */
  profiles?: ProfileResult[];
  checks: CheckResult[];
  strict: boolean;
  options: Record<string, unknown>;
  /** certify-client: the integration judged (the subject of the run); `target` is then the device it was served. */
  integration?: IntegrationFacts;
  /** `explore`, `run --explore`: the seed (`--seed` replays it), the budget and what it cost, and the shrunk sequence of a disagreement. */
  explored?: ExploredFacts;
  /** `soak`: the integrations' series per interval and endpoint, the reboots seen, the thresholds. */
  soak?: SoakFacts;
  /** `run --known`: the file, its hash, the day it was applied on, and what became of each entry that matched the device. */
  known?: KnownFacts;
  /** `run --claims`: the file, its hash, what the device claims, and what the run made of each claim. */
  claims?: ClaimsFacts;
  /** certify-client: the scenario's phases as they ran, in ms from its start, and the requests of each. */
  scenario?: { catalogue: string; phases: { phase: string; from: number; to: number; requests: number }[]; timeline: TimelineMark[] };
}

/** `run --claims` (lib/claims): what a compatible device declared, and what the run made of it. */
export interface ClaimsFacts {
  file: string;
  sha256: string;
  device: string;
  kind: string;
  api: string[];
  /** Each claimed endpoint; `served` false where claimed IF-IMPLEMENTED and not served (`why`: what it answered). */
  endpoints: { api: string; endpoint: string; level: string; served: boolean; why?: string }[];
  /** Each claimed field against the answers of its endpoint the run recorded: seen in one, in none, or no answer to read. */
  fields: { api: string; endpoint: string; field: string; level: string; seen: boolean | null }[];
  /** Claims no clause judges, in words. */
  notJudged: string[];
}

/** What an exploration may cost and did cost (lib/explore/budget.ts). */
export type ExploreCost = Record<'sequences' | 'steps' | 'requests' | 'switches' | 'presses' | 'seconds', number>;

export interface ExploredFacts {
  seed: number;
  budget: ExploreCost;
  spent: ExploreCost;
  stoppedBy: string | null;
  broken: string | null;
  drawn: string[];
  left: string[];
  adopted: Record<string, number>;
  held: Record<string, number>;
  finding: { clause: string; expected: string; observed: string; sequence: string[] } | null;
}

export interface ProfileResult {
  profile: Profile;
  catalogue: string;
  revision: number;
  /** As the run's: pass (every MUST that ran passed), fail, or error (none of its checks ran). */
  verdict: 'pass' | 'fail' | 'error';
  summary: Record<Status, number>;
}

export interface IntegrationFacts {
  name: string;
  version: string | null;
  command: string | null;
}

/** One request of the integration on the scenario's timeline: when, what, and how the device answered (0: cut off). */
export interface TimelineMark {
  at: number;
  request: string;
  status: number;
}

/** The areas of the checks, in the order the checks come (the catalogue's). */
export function areasOf(checks: readonly CheckResult[]): string[] {
  return [...new Set(checks.map((c) => c.area))];
}

/** The verdict word of an exit code (docs/design.md: 0 pass, 1 fail, 2 the run could not happen). */
export const verdictOfExit = (code: number): RunResults['verdict'] => (code === 0 ? 'pass' : code === 1 ? 'fail' : 'error');

export function summarize(checks: readonly CheckResult[]): Record<Status, number> {
  const s = Object.fromEntries(STATUSES.map((k) => [k, 0])) as Record<Status, number>;
  for (const c of checks) s[c.status] += 1;
  return s;
}

/** results.json exactly as docs/design.md specifies it. */
export function resultsJson(r: RunResults): string {
  const doc = {
    tool: r.tool,
    target: r.target,
    started: r.started,
    finished: r.finished,
    durationMs: r.durationMs,
    verdict: r.verdict,
    summary: r.summary,
    ...(r.profiles ? { profiles: r.profiles } : {}),
    presses: r.presses,
    requests: r.requests,
    connections: r.connections,
    socket: r.socket,
    residue: r.residue,
    notes: r.notes,
    // Beyond docs/design.md's keys: what `energy-conform report` needs to render report.html again.
    checks: r.checks.map(
      ({ clause, level, title, status, message, durationMs, area, expected, observed, deviation, exchanges, evidence, rows, judged, known }) => ({
        clause,
        level,
        title,
        status,
        message,
        durationMs,
        ...(deviation ? { deviation } : {}),
        area,
        expected,
        observed,
        rows,
        ...(evidence ? { evidence } : {}),
        exchanges,
        ...(judged ? { judged } : {}),
        ...(known ? { known } : {}),
      }),
    ),
    strict: r.strict,
    options: r.options,
    ...(r.integration ? { integration: r.integration } : {}),
    ...(r.scenario ? { scenario: r.scenario } : {}),
    ...(r.explored ? { explored: r.explored } : {}),
    ...(r.soak ? { soak: r.soak } : {}),
    ...(r.known ? { known: r.known } : {}),
    ...(r.claims ? { claims: r.claims } : {}),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
