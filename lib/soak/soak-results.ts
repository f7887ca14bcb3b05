// A soak in the result model every report reads: one check per spot-checked clause and one per threshold
// (SOAK-01 errors, SOAK-02 reboots, SOAK-03 latency, SOAK-04 data that stands still, SOAK-05 pushes that stall),
// and results.json's `soak` with the series.
import type { Exchange } from '../client/exchange-log.js';
import { outcomeOf } from '../contract/outcome.js';
import type { Redactor } from '../client/redactor.js';
import { type CheckResult, type RunResults, summarize, verdictOfExit } from '../report/results.js';
import { type Absence, type SoakFacts, endpointsOf, summed } from '../report/soak-facts.js';
import { runExitCode } from '../report/verdict.js';
import type { SoakRecord } from './record.js';
import type { SoakConfig } from './soak.js';
import type { SpotChecks } from './spot.js';
import type { SoakReadings } from './readings.js';
import { type ThresholdOutcome, soakClock } from './thresholds.js';

export interface SoakEnd extends SoakConfig {
  started: Date;
  finished: Date;
  ranS: number;
  interrupted: boolean;
  target: RunResults['target'];
  endpoints: string[];
  record: SoakRecord;
  outcomes: ThresholdOutcome[];
  spot: SpotChecks;
  /** What the integrations read of the meter, judged as readings (V-READ). */
  readings: SoakReadings;
  connections: number;
  /** The WebSocket integrations that ran. */
  wsClients: number;
  redactor: Redactor;
  /** The press that paired, where the soak had to pair first. */
  presses: RunResults['presses'];
}

export interface SoakOutcome {
  results: RunResults;
  exitCode: 0 | 1 | 2;
  /** The spot checks' exchanges (the integrations keep none): the HAR's. */
  exchanges: Exchange[];
}

/** A threshold the operator set is held as a MUST (contract/outcome.ts, the rule of every check): not judged, it skips saying why. */
function thresholdCheck(o: ThresholdOutcome): CheckResult {
  const base = { clause: o.id, level: 'MUST' as const, title: `${o.id} [threshold] ${o.statement}.`, area: 'soak', durationMs: 0, exchanges: [] };
  if (o.held === null) return { ...base, status: 'skip', message: o.seen };
  const { fails: _, ...v } = outcomeOf(
    { level: 'MUST', soft: false },
    o.held ? { kind: 'completed', observed: o.seen } : { kind: 'violated', message: o.seen, expected: o.statement, observed: o.seen },
  );
  return { ...base, ...v };
}

/** The absences, the longest, and how many an hour of the soak. */
export function availabilityOf(absences: readonly Absence[], ranS: number): NonNullable<SoakFacts['availability']> {
  return {
    absences: [...absences],
    longestS: Math.max(0, ...absences.map((a) => a.awayS)),
    perHour: ranS > 0 ? Math.round((absences.length / ranS) * 3600 * 10) / 10 : 0,
  };
}

export function soakResults(e: SoakEnd): SoakOutcome {
  const checks = [...e.outcomes.map(thresholdCheck), ...e.spot.results(), ...e.readings.results()];
  const intervals = e.record.closed;
  const soak: SoakFacts = {
    askedS: e.durationS,
    ranS: Math.round(e.ranS * 10) / 10,
    stoppedBy: e.interrupted ? 'interrupted' : 'duration',
    clients: e.clients,
    pollMs: e.pollMs,
    intervalS: e.intervalS,
    checkEveryS: e.checkEveryS,
    spotChecks: e.spot.occasions,
    endpoints: e.endpoints,
    thresholds: e.thresholds,
    intervals,
    reboots: e.record.reboots,
    totals: { ...summed(endpointsOf(intervals)), connections: e.connections },
    ...e.record.seen(e.wsClients),
    availability: availabilityOf(e.record.absences, e.ranS),
  };
  const exitCode = runExitCode(checks, { strict: false, interrupted: e.interrupted, residue: [] });
  const exchanges = checks.flatMap((c) => c.exchanges);
  const notes = e.interrupted ? [`interrupted after ${soakClock(e.ranS)} of ${soakClock(e.durationS)}: judged on what ran`] : [];
  const results: RunResults = e.redactor.redactDeep({
    tool: e.tool,
    target: e.target,
    started: e.started.toISOString(),
    finished: e.finished.toISOString(),
    durationMs: e.finished.getTime() - e.started.getTime(),
    verdict: verdictOfExit(exitCode),
    summary: summarize(checks),
    presses: e.presses,
    requests: soak.totals.requests + exchanges.length,
    connections: e.connections,
    socket: null,
    residue: [],
    notes,
    checks,
    strict: false,
    options: {
      duration: e.durationS,
      clients: e.clients,
      poll: e.pollMs,
      interval: e.intervalS,
      checkEvery: e.checkEveryS,
      maxErrorPercent: e.thresholds.maxErrorPercent,
      maxReboots: e.thresholds.maxReboots,
      maxP99: e.thresholds.maxP99Ms,
      maxStale: e.thresholds.maxStaleS ?? null,
      maxStall: e.thresholds.maxStallS ?? null,
      wsClients: e.wsClients,
    },
    soak,
  });
  return { results, exitCode, exchanges };
}
