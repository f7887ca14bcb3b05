// One run's results -> results.json, junit.xml, report.html, summary.md and exchanges.har, redacted and audited;
// the same for a run that ended in its checks and for one that stopped before them.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Exchange } from '../client/exchange-log.js';
import type { Redactor } from '../client/redactor.js';
import type { Profile } from '../spec/clause-types.js';
import { harOf } from './har.js';
import { reportHtml } from './html.js';
import { junitXml } from './junit.js';
import { type CheckResult, type RunResults, resultsJson, summarize, verdictOfExit } from './results.js';
import { type SummaryStyle, summaryText } from './summary.js';
import { summaryMarkdown } from './summary-markdown.js';
import { writeAudited } from './secret-audit.js';
import { socketCounters } from './socket-counters.js';
import { profileResults } from './verdict.js';

export interface RunOutcome {
  results: RunResults;
  exitCode: 0 | 1 | 2;
  reportsDir: string;
  summary: string;
}

/** What a run learned, however far it got. */
export interface RunRecord {
  started: Date;
  version: string;
  target: Omit<RunResults['target'], 'host'>;
  checks: CheckResult[];
  presses: RunResults['presses'];
  residue: string[];
  /** What every report must say of the run (a kind insisted on with --force-kind). */
  notes: string[];
  /** TCP connections the run opened to the device. */
  connections: number;
  /** Every exchange of the run, in any order. */
  exchanges: Exchange[];
  exitCode: 0 | 1 | 2;
  /** `explore`, `run --explore`: what the exploration did and found. */
  explored?: RunResults['explored'];
  /** `run --known`: what became of each entry that matched the device. */
  known?: RunResults['known'];
  /** `run --claims`: what the device claims, and what the run made of it. */
  claims?: RunResults['claims'];
}

/** What the reports say of how the run was asked for (the run's options, as lib/runner's RunConfig has them). */
export interface AskedFor {
  host: string;
  profiles: Profile[];
  strict: boolean;
  insecure: boolean;
  caLabel: string;
  suites?: string[];
  clauses?: string[];
  /** Where the reports go; else reports/<serial>-<UTC timestamp>/. */
  reportsDir?: string;
}

export async function writeRun({ cfg, redactor }: { cfg: AskedFor; redactor: Redactor }, r: RunRecord, style: SummaryStyle): Promise<RunOutcome> {
  const all = [...r.exchanges].sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  const finished = new Date();
  const results: RunResults = redactor.redactDeep({
    tool: { name: 'energy-conform', version: r.version },
    target: { host: cfg.host, ...r.target },
    started: r.started.toISOString(),
    finished: finished.toISOString(),
    durationMs: finished.getTime() - r.started.getTime(),
    verdict: verdictOfExit(r.exitCode),
    summary: summarize(r.checks),
    profiles: profileResults(r.checks, cfg.profiles, cfg.strict, r.exitCode === 2),
    presses: r.presses,
    residue: r.residue,
    notes: r.notes,
    requests: all.length,
    connections: r.connections,
    socket: socketCounters(all),
    checks: r.checks,
    strict: cfg.strict,
    options: { insecure: cfg.insecure, ca: cfg.caLabel, profiles: cfg.profiles, suites: cfg.suites ?? null, clauses: cfg.clauses ?? null },
    ...(r.explored ? { explored: r.explored } : {}),
    ...(r.known ? { known: r.known } : {}),
    ...(r.claims ? { claims: r.claims } : {}),
  });
  const reportsDir = cfg.reportsDir ?? path.join('reports', `${r.target.serial ?? 'unknown'}-${stampOf(r.started)}`);
  await writeReports(results, all, reportsDir, redactor);
  return { results, exitCode: r.exitCode, reportsDir, summary: summaryText(results, reportsDir, style) };
}

/** `20261125T163008Z`: a report folder's time. */
export const stampOf = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/** The five reports of redacted results and their exchanges, audited for secrets and written to `dir`. */
export async function writeReports(results: RunResults, exchanges: readonly Exchange[], dir: string, redactor: Redactor): Promise<void> {
  await mkdir(dir, { recursive: true });
  const written: [string, string][] = [
    ['junit.xml', junitXml(results)],
    ['results.json', resultsJson(results)],
    ['report.html', reportHtml(results)],
    ['summary.md', summaryMarkdown(results)],
    // Redacted as written: a token is the same characters in any JSON text of it.
    ['exchanges.har', `${redactor.redact(JSON.stringify(harOf(exchanges, results.tool), null, 1))}\n`],
  ];
  await writeAudited(
    written.map(([name, text]) => [path.join(dir, name), text] as const),
    redactor,
  );
}
