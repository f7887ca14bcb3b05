// RunConfig -> plan -> vitest -> results -> reports -> exit code.
import { claimsFacts } from './claims-facts.js';
import { clausesOf } from '../spec/catalogue.js';
import type { SummaryStyle } from '../report/summary.js';
import { assemble } from './assemble.js';
import { runExitCode } from '../report/verdict.js';
import type { RunConfig } from './config.js';
import { checkConfirmable, confirmCloudToggle } from './confirm.js';
import { type Prepared, StoppedBeforeSuites, prepare } from './prepare.js';
import { identityOf } from '../meeting/target-identity.js';
import { startMeeting } from '../meeting/meeting.js';
import type { Run } from './run-object.js';
import { connectionsOpened } from '../client/connection-pool.js';
import { type Session, checkTimeoutMs, progressTo, runSession } from './session.js';
import { openSuites } from './vitest-run.js';
import { runAreas } from './suite-areas.js';
import type { OperatorIo } from '../operator/operator-io.js';
import { packageVersion } from './package-root.js';
import type { RunOutcome } from '../report/write-run.js';
import { type CheckResult, notReachedBy, wasNotReached } from '../report/results.js';
import type { CertificateFacts } from '../client/tls-inspect.js';

export type { RunOutcome };

// The report writers (a fifth of a second of imports, junit-report-builder's the most) load beside the checks, once the
// first has an outcome, not before the run can start; a run that never reaches the suites loads them when it writes.
let writers: Promise<typeof import('../report/write-run.js')> | undefined;
const reportWriters = () => (writers ??= import('../report/write-run.js'));

const str = (v: unknown) => (typeof v === 'string' ? v : null);

/** What the device said of itself (GET /api, v2 where it answered, else v1) and its certificate. */
const described = (info: Record<string, unknown> | null, fingerprint: string | null | undefined) => ({
  product_type: str(info?.product_type),
  firmware_version: str(info?.firmware_version),
  api_version: str(info?.api_version),
  certificate_sha256: fingerprint ?? null,
});

export async function runConformance(cfg: RunConfig, io: OperatorIo, signal?: AbortSignal, style: SummaryStyle = {}): Promise<RunOutcome> {
  const run: Run = startMeeting(cfg, io, signal);
  try {
    return await conformance(run, style);
  } finally {
    await run.pool.close();
  }
}

async function conformance(run: Run, style: SummaryStyle): Promise<RunOutcome> {
  const { cfg, io, signal } = run;
  const started = new Date();
  const opened = connectionsOpened();
  const version = packageVersion();
  checkConfirmable(cfg, io);
  // vitest starts while the run prepares the device (preflight, token, the run's own reads), not after.
  // `explore` runs no suites: vitest is not even started.
  const progress = progressTo(io);
  const suites = openSuites(runAreas(cfg), checkTimeoutMs(cfg), (p) => {
    // Awaited (and its failure reported) where the run writes.
    reportWriters().catch(() => undefined);
    progress(p);
  });
  // Handled where it is awaited (the session); until then a failure to start vitest must not end the process.
  suites.catch(() => undefined);
  let session: Session;
  let prepared: Prepared;
  try {
    try {
      prepared = await prepare(run);
    } catch (err) {
      if (!(err instanceof StoppedBeforeSuites)) throw err;
      return await stoppedBeforeSuites(run, err, started, version, style, connectionsOpened() - opened);
    }
    run.redactor.add(prepared.draft.token);
    const consent = await confirmCloudToggle(run, prepared.draft, prepared.before.found.cloudEnabled !== null);
    session = await runSession(run, prepared, consent, suites);
  } finally {
    // Closed by its run where the suites ran; here where they never did.
    await suites.then(
      (s) => s.close(),
      () => undefined,
    );
  }
  const { redactor } = run;
  const { suiteRun, presses, runnerChecks, removed, restored, residue, exchanges, context, explored, operatorStop } = session;
  const target = {
    kind: context.kind,
    serial: context.serial,
    ...described(prepared.deviceInfo, prepared.preflight.certificate?.fingerprint256),
    served_version: context.servedVersion,
    certificate: certificateOf(prepared.preflight.certificate),
  };
  const day = started.toISOString().slice(0, 10);
  const notReached = signal?.aborted ? notReachedBy(String(signal.reason)) : undefined;
  const judged = assemble(suiteRun.tests, context.skips, version, cfg.profiles, runnerChecks, suiteRun.unloaded, notReached);
  // The known failures' module (with YAML) only where --known gave some.
  const known = cfg.known && (await import('../report/known.js')).applyKnown(judged, cfg.known.entries, target, day);
  const checks = known?.checks ?? judged;
  // An interrupted run could not happen as asked: exit 2, after cleaning up. What it left on the device fails it.
  const { noneRan } = suiteRun;
  const exitCode = runExitCode(checks, { strict: cfg.strict, interrupted: Boolean(signal?.aborted || operatorStop || noneRan), residue });
  if (operatorStop) io.say(operatorStop);
  if (signal?.aborted) {
    const swept = [...(removed.length ? [`deleted ${removed.join(', ')}`] : []), ...(restored.length ? [`put back ${restored.join(' and ')}`] : [])];
    io.say(
      `the run was interrupted (${String(signal.reason)}) and cleaned up${swept.length ? `: ${swept.join('; ')}` : ''}; ` +
        `${residue.length ? 'see below what remains' : 'the device is as the run found it'}`,
    );
  } else if (restored.length) {
    io.say(`put back ${restored.join(' and ')}`);
  }
  if (residue.length) io.say(`the run could not leave the device as it found it: ${residue.join('; ')}`);
  // Before the suites, around them (the runner's own checks included), and the checks' own.
  const sent = [...prepared.exchanges, ...exchanges, ...suiteRun.tests.flatMap((t) => t.records[0]?.exchanges ?? [])];
  const { writeRun } = await reportWriters();
  const outcome = await writeRun(
    run,
    {
      started,
      version,
      checks,
      presses,
      residue,
      exitCode,
      notes: [...prepared.notes, ...notFinished(checks, signal, noneRan)],
      ...(explored ? { explored } : {}),
      ...(cfg.known && known ? { known: { file: cfg.known.file, sha256: cfg.known.sha256, day, entries: known.outcomes } } : {}),
      ...(cfg.claims ? { claims: claimsFacts(cfg.claims, prepared.absent, sent) } : {}),
      // The main process's own, and the worker's (the most any check saw: its count runs on through the run).
      connections: connectionsOpened() - opened + Math.max(0, ...suiteRun.tests.flatMap((t) => t.records.map((r) => r.connections ?? 0))),
      target,
      exchanges: sent,
    },
    style,
  );
  if (exitCode === 2 && !signal?.aborted && !operatorStop && !noneRan) {
    const why = checks
      .filter((c) => !c.message.startsWith('not selected'))
      .slice(0, 3)
      .map((c) => `${c.clause}: ${c.message}`);
    io.say(`no check ran${why.length ? ` (${why.join('; ')})` : ''}; select clauses that apply to this device`);
    if (suiteRun.output.trim()) io.say(redactor.redact(suiteRun.output.trim().slice(-2000)));
  }
  return outcome;
}

/** What a report says first of a run that could not happen in full: interrupted, or its suites unable to run. */
function notFinished(checks: readonly CheckResult[], signal: AbortSignal | undefined, noneRan: string | undefined): string[] {
  if (noneRan) {
    return [
      `the suites could not run, so the device was judged only by the runner's own checks (exit 2): ${noneRan}. ` +
        'This is no fault of the device: mend what the message says (a Node option the suites cannot take, a broken installation) and run again',
    ];
  }
  if (!signal?.aborted) return [];
  const unreached = checks.filter(wasNotReached).length;
  return [`the run was interrupted (${String(signal.reason)}) before its end: ${unreached} checks were not reached, and no profile has a verdict`];
}

/**
 * The device answered, but the run could not reach the suites (no token and no way to press, kind
 * unknown, interrupted while pairing): exit 2, with reports of what it learned and why no check ran.
 */
async function stoppedBeforeSuites(
  run: Run,
  stopped: StoppedBeforeSuites,
  started: Date,
  version: string,
  style: SummaryStyle,
  connections: number,
): Promise<RunOutcome> {
  const { stop, preflight: pre } = stopped;
  run.io.say(`${stop.message} [${stop.code}]`);
  const reason = `no check ran: the run stopped before the suites (${stop.code}): ${stop.message}`;
  const { kind, serial } = identityOf(run.cfg, pre);
  const { writeRun } = await reportWriters();
  return writeRun(
    run,
    {
      started,
      version,
      exitCode: 2,
      presses: stopped.presses,
      residue: [],
      notes: [],
      connections,
      exchanges: stopped.exchanges,
      checks: assemble([], Object.fromEntries(clausesOf(run.cfg.profiles).map((c) => [c.id, reason])), version, run.cfg.profiles),
      target: { kind: kind ?? run.cfg.kind ?? 'unknown', serial, ...described(pre.v1Info, pre.certificate?.fingerprint256) },
    },
    style,
  );
}

/** The certificate as results.json records it, for the TLS clauses to be judged again. */
const certificateOf = (c: CertificateFacts | null) => (c ? { pem: c.pem, chain_error: c.chainError, issuer: c.issuer } : null);
