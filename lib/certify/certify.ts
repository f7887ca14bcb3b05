// certify-client: an emulated device and a recorder, the scenario played on them, the integration run
// beside them (or pointed at them by someone), then every client clause judged on what the device saw,
// and the reports written as `run` writes them.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Redactor } from '../client/redactor.js';
import { randomSerial } from '../emulator/device-state.js';
import { type CertStyle, type ReadyInfo, startEmulator } from '../emulator/emulator.js';
import type { Persona } from '../emulator/persona.js';
import { TrafficRecorder } from '../emulator/recorder.js';
import { judgeTraffic } from '../judge/client/table.js';
import { issuedTokens, tokenRedactor } from '../judge/client/finding.js';
import { type IntegrationFacts, type RunResults, resultsJson } from '../report/results.js';
import { type SummaryStyle, summaryText } from '../report/summary.js';
import { auditSecrets } from '../report/secret-audit.js';
import { writeReports } from '../report/write-run.js';
import type { Exchange } from '../client/exchange-log.js';
import type { Phase } from '../spec/client-clause-types.js';
import { type KindId, applianceIdentity } from '../spec/kinds.js';
import { certificationMarkdown, sha256 } from './certification.js';
import { type Contract, contractOf } from '../deploy/contract.js';
import { certifyResults, exchangeOf, socketExchange } from './certify-results.js';
import { type ScenarioPlan, playScenario, playedPhases } from './scenario.js';

export interface CertifyConfig {
  kind: KindId;
  plan: ScenarioPlan;
  integration: IntegrationFacts;
  /** The integration's command line, run with the device in its environment; null: someone points it at the ready line. */
  command: string[] | null;
  /** The environment the command runs in, to which the device's variables are added. */
  env: Record<string, string | undefined>;
  reportsDir: string | null;
  readyFile?: string;
  strict: boolean;
  certStyle?: CertStyle;
  seed?: number;
  /** A captured device to serve instead of the emulator's own (emulate --from): its serial, firmware and readings. */
  persona?: Persona;
  /** The release of the v2 API the device serves (lib/spec/releases.ts; default the latest stable). */
  apiVersion?: string;
  tool: { name: string; version: string };
}

export interface CertifyIo {
  /** The device's ready line (one line of JSON), for whoever points the integration at it. */
  ready(line: string): void;
  say(text: string): void;
}

export interface CertifyOutcome {
  results: RunResults;
  exitCode: 0 | 1 | 2;
  reportsDir: string;
  summary: string;
  /** What the integration relied on, as contract.json holds it (tokens redacted). */
  contract: Contract;
}

/** What the integration's command finds in its environment: the device, as the ready line tells it. */
export function deviceEnv(ready: ReadyInfo): Record<string, string> {
  return {
    EC_DEVICE_HOST: ready.host,
    EC_DEVICE_HTTP_PORT: String(ready.httpPort ?? ''),
    EC_DEVICE_HTTPS_PORT: String(ready.httpsPort ?? ''),
    EC_DEVICE_CA: ready.ca,
    EC_DEVICE_IDENTITY: applianceIdentity(ready.kind, ready.serial),
    EC_DEVICE_SERIAL: ready.serial,
    EC_DEVICE_KIND: ready.kind,
    EC_CONTROL_URL: ready.controlUrl,
  };
}

async function stopIntegration(child: ChildProcess | null): Promise<number | null> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}

/** Where certify-client's reports go without --reports: `reports/certify-<name>-<UTC timestamp>/`. */
export function defaultReportsDir(name: string, started: Date): string {
  const stamp = started
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return path.join('reports', `certify-${name.replace(/[^A-Za-z0-9._-]+/g, '-')}-${stamp}`);
}

export async function certifyClient(cfg: CertifyConfig, io: CertifyIo, signal?: AbortSignal, style: SummaryStyle = {}): Promise<CertifyOutcome> {
  const started = new Date();
  const serial = cfg.persona?.serial ?? randomSerial();
  const recorder = new TrafficRecorder({ kind: cfg.kind, serial });
  const emu = await startEmulator({
    kind: cfg.kind,
    serial,
    recorder,
    certStyle: cfg.certStyle,
    seed: cfg.seed,
    persona: cfg.persona,
    apiVersion: cfg.apiVersion,
  });
  const reportsDir = cfg.reportsDir ?? defaultReportsDir(cfg.integration.name, started);
  await mkdir(reportsDir, { recursive: true });
  let child: ChildProcess | null = null;
  const notes: string[] = [];
  try {
    const { plan } = cfg;
    const ready = {
      ...emu.ready,
      identity: applianceIdentity(cfg.kind, serial),
      scenario: { phases: playedPhases(plan).map((phase) => ({ phase, seconds: plan.lengths[phase] })), pressAfter: plan.pressAfterS, away: plan.awayS },
    };
    const line = JSON.stringify(ready);
    io.ready(line);
    if (cfg.readyFile) await writeFile(cfg.readyFile, `${line}\n`);
    let ended: Promise<{ code: number | null; phase: Phase }> | undefined;
    if (cfg.command) {
      const log = await open(path.join(reportsDir, 'integration.log'), 'w');
      child = spawn(cfg.command[0]!, cfg.command.slice(1), { env: { ...cfg.env, ...deviceEnv(emu.ready) }, stdio: ['ignore', log.fd, log.fd] });
      ended = new Promise((resolve) => {
        child!.once('exit', (code) => resolve({ code, phase: recorder.phase }));
        child!.once('error', (err) => {
          notes.push(`the integration's command could not start: ${err.message}`);
          resolve({ code: null, phase: recorder.phase });
        });
      });
      void ended.then(() => log.close());
    }
    const { stoppedIn } = await playScenario(emu, recorder, plan, { signal, say: io.say, ended });
    if (signal?.aborted) notes.push(`interrupted in the ${stoppedIn} phase: the phases after it were not played`);
    else if (stoppedIn && ended) {
      const { code, phase } = await ended;
      notes.push(`the integration's command ended (exit ${code ?? 'by a signal'}) in the ${phase} phase: the phases after it were not played`);
    }
    // What the integration does as it is stopped (a goodbye, a deletion of its user) is part of what it did.
    await stopIntegration(child);
    await new Promise((r) => setTimeout(r, 200));
    const traffic = recorder.traffic();
    if (!traffic.requests.length)
      notes.push('the integration sent no request to the device: is it pointed at EC_DEVICE_HOST and its ports (or at the ready line)?');
    const outcomes = judgeTraffic(traffic);
    const id = emu.state.identity;
    const device = {
      host: emu.ready.host,
      httpPort: emu.ready.httpPort,
      httpsPort: emu.ready.httpsPort,
      kind: cfg.kind,
      serial,
      productType: id.product_type,
      firmware: id.firmware_version,
      apiVersion: emu.state.apiVersion,
    };
    // Every token the device issued, in any letter case, out of the results and the HAR (every request the
    // integration made); every report is rendered from those.
    const tokens = issuedTokens(traffic);
    const redact = tokenRedactor(tokens);
    const results = JSON.parse(
      redact(
        JSON.stringify(
          certifyResults(traffic, outcomes, {
            tool: cfg.tool,
            integration: cfg.integration,
            device,
            started,
            finished: new Date(),
            notes,
            interrupted: Boolean(signal?.aborted),
            strict: cfg.strict,
            options: { kind: cfg.kind, phases: plan.lengths, pressAfter: plan.pressAfterS, away: plan.awayS, strict: cfg.strict },
          }),
        ),
      ),
    ) as RunResults;
    // The exchanges redacted as the results are (any letter case), then written with them as `run` writes its reports.
    const exchanges = JSON.parse(
      redact(
        JSON.stringify(
          [...traffic.requests.map((r) => exchangeOf(r, device, started)), ...traffic.sockets.map((s) => socketExchange(s, device, started))].sort((a, b) =>
            a.startedAt.localeCompare(b.startedAt),
          ),
        ),
      ),
    ) as Exchange[];
    const redactor = new Redactor();
    for (const k of tokens) redactor.add(k);
    await writeReports(results, exchanges, reportsDir, redactor);
    const json = resultsJson(results);
    const certification = path.join(reportsDir, 'certification.md');
    await writeFile(certification, certificationMarkdown(results, json));
    // What it relied on, for can-i-deploy: the answers, messages and writes of this very traffic, tokens redacted.
    const contract = JSON.parse(
      redact(
        JSON.stringify(
          contractOf(traffic, {
            integration: { name: cfg.integration.name, version: cfg.integration.version },
            device: { kind: cfg.kind, firmware_version: id.firmware_version, api_version: emu.state.apiVersion },
            certified: started.toISOString(),
            verdict: results.verdict,
          }),
        ),
      ),
    ) as Contract;
    const contractFile = path.join(reportsDir, 'contract.json');
    await writeFile(contractFile, `${JSON.stringify(contract, null, 1)}\n`);
    await auditSecrets([certification, contractFile], redactor);
    const exitCode = results.verdict === 'pass' ? 0 : results.verdict === 'fail' ? 1 : 2;
    return {
      results,
      exitCode,
      reportsDir,
      contract,
      summary: `${summaryText(results, reportsDir, style)}\ncertification: ${certification} (results.json SHA-256 ${sha256(json)})\ncontract: ${contractFile} (what it relied on, for can-i-deploy)`,
    };
  } finally {
    await stopIntegration(child);
    await emu.close();
  }
}
