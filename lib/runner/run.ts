// RunConfig -> plan -> vitest -> results -> reports -> exit code.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { harOf } from '../report/har.js';
import { socketCounters } from './socket-counters.js';
import { reportHtml } from '../report/html.js';
import { junitXml } from '../report/junit.js';
import { type RunResults, resultsJson, summarize } from '../report/results.js';
import { type SummaryStyle, summaryText } from '../report/summary.js';
import { assemble, exitCodeOf } from './assemble.js';
import { auditSecrets } from './secret-audit.js';
import type { RunConfig } from './config.js';
import { checkConfirmable, confirmCloudToggle } from './confirm.js';
import { prepare } from './prepare.js';
import { startRun } from './run-object.js';
import { runSession } from './session.js';
import type { OperatorIo } from '../operator/operator-io.js';
import { PACKAGE_ROOT } from './vitest-run.js';

export interface RunOutcome {
  results: RunResults;
  exitCode: 0 | 1 | 2;
  reportsDir: string;
  summary: string;
}

export async function toolVersion(): Promise<string> {
  return (JSON.parse(await readFile(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);

export async function runConformance(cfg: RunConfig, io: OperatorIo, signal?: AbortSignal, style: SummaryStyle = {}): Promise<RunOutcome> {
  const started = new Date();
  const version = await toolVersion();
  const run = startRun(cfg, io, signal);
  const { redactor } = run;
  checkConfirmable(cfg, io);
  const prepared = await prepare(run);
  redactor.add(prepared.draft.token);
  const consent = await confirmCloudToggle(run, prepared.draft);

  const { suiteRun, presses, runnerChecks, removed, restored, residue, exchanges, context } = await runSession(run, prepared, consent);
  // Before the suites, around them (the runner's own checks included), and the checks' own, in the order they were made.
  const all = [...prepared.exchanges, ...exchanges, ...suiteRun.tests.flatMap((t) => t.records[0]?.exchanges ?? [])]
    .sort((a, b) => a.startedAt.localeCompare(b.startedAt));
  const checks = assemble(suiteRun.tests, context.skips, version, runnerChecks);
  // An interrupted run could not happen as asked: exit 2, after cleaning up.
  const verdictCode = signal?.aborted ? 2 : exitCodeOf(checks, cfg.strict);
  if (signal?.aborted) {
    const swept = [...(removed.length ? [`deleted ${removed.join(', ')}`] : []), ...(restored.length ? [`put back ${restored.join(' and ')}`] : [])];
    io.say(`the run was interrupted (${String(signal.reason)}) and cleaned up${swept.length ? `: ${swept.join('; ')}` : ''}; `
      + `${residue.length ? 'see below what remains' : 'the device is as the run found it'}`);
  } else if (restored.length) {
    io.say(`put back ${restored.join(' and ')}`);
  }
  // What the run left on the device fails the run (DESIGN.md "Leaving the device as found").
  const exitCode = verdictCode === 0 && residue.length ? 1 : verdictCode;
  if (residue.length) io.say(`the run left the device changed, and could not undo it: ${residue.join('; ')}`);
  const finished = new Date();
  const info = prepared.deviceInfo;
  const results: RunResults = redactor.redactDeep({
    tool: { name: 'energy-conform', version },
    target: { host: cfg.host, kind: context.kind, product_type: str(info?.product_type), serial: context.serial,
      firmware_version: str(info?.firmware_version), api_version: str(info?.api_version),
      certificate_sha256: prepared.preflight.certificate?.fingerprint256 ?? null },
    started: started.toISOString(), finished: finished.toISOString(), durationMs: finished.getTime() - started.getTime(),
    verdict: exitCode === 0 ? 'pass' : exitCode === 1 ? 'fail' : 'error',
    summary: summarize(checks),
    presses, residue,
    requests: all.length,
    socket: socketCounters(all),
    checks, strict: cfg.strict,
    options: { insecure: cfg.insecure, ca: cfg.caLabel, suites: cfg.suites ?? null, clauses: cfg.clauses ?? null },
  });
  const stamp = started.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
  const reportsDir = cfg.reportsDir ?? path.join('reports', `${context.serial ?? 'unknown'}-${stamp}`);
  await mkdir(reportsDir, { recursive: true });
  const written: [string, string][] = [['junit.xml', junitXml(results)], ['results.json', resultsJson(results)],
    ['report.html', reportHtml(results)], ['exchanges.har', `${JSON.stringify(redactor.redactDeep(harOf(all, results.tool)), null, 1)}\n`]];
  const files = written.map(([name]) => path.join(reportsDir, name));
  await Promise.all(written.map(([, text], i) => writeFile(files[i]!, text)));
  await auditSecrets(files, redactor);
  if (exitCode === 2 && !signal?.aborted) {
    const why = checks.filter((c) => !c.message.startsWith('not selected')).slice(0, 3).map((c) => `${c.clause}: ${c.message}`);
    io.say(`no check ran${why.length ? ` (${why.join('; ')})` : ''}; select clauses that apply to this device`);
    if (suiteRun.output.trim()) io.say(redactor.redact(suiteRun.output.trim().slice(-2000)));
  }
  return { results, exitCode, reportsDir, summary: summaryText(results, reportsDir, style) };
}
