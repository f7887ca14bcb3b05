// A whole bench: every device in turn, a report folder each, one combined summary and exit code.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EnergyConformError } from '../client/errors.js';
import type { DiscoveredDevice } from '../discovery/records.js';
import type { OperatorIo } from '../operator/operator-io.js';
import type { RunConfig } from '../runner/config.js';
import type { RunOutcome } from '../runner/run.js';

interface BenchEntry {
  serial: string | null;
  kind: string | null;
  address: string;
  exitCode: number;
  verdict: 'pass' | 'fail' | 'error';
  reports: string | null;
  message: string;
}

/** A failing device is the news: 1 if any failed, else 2 if any could not be run, else 0. */
function benchExitCode(codes: readonly number[]): number {
  return codes.includes(1) ? 1 : codes.some((c) => c !== 0) ? 2 : 0;
}

export async function runBench(
  devices: readonly DiscoveredDevice[],
  cfgFor: (d: DiscoveredDevice) => RunConfig,
  run: (cfg: RunConfig) => Promise<RunOutcome>,
  io: OperatorIo,
  summaryDir: string | null,
  signal: AbortSignal,
): Promise<number> {
  const entries: BenchEntry[] = [];
  for (const d of devices) {
    const name = `${d.kind ?? 'device'} ${d.serial ?? ''} at ${d.address}`.replace(/ {2}/, ' ');
    const base = { serial: d.serial, kind: d.kind, address: d.address };
    if (signal.aborted) {
      entries.push({ ...base, exitCode: 2, verdict: 'error', reports: null, message: 'not run: interrupted' });
      continue;
    }
    if (devices.length > 1) io.say(`device ${entries.length + 1} of ${devices.length}: ${name}`);
    try {
      const outcome = await run(cfgFor(d));
      process.stdout.write(`${outcome.summary}\n`);
      entries.push({ ...base, exitCode: outcome.exitCode, verdict: outcome.results.verdict, reports: outcome.reportsDir, message: '' });
    } catch (err) {
      // One device that cannot be run does not stop the bench; it is reported and counted. A bug of
      // energy-conform itself does stop it, after the summary of what ran.
      const message = err instanceof EnergyConformError ? `${err.message} [${err.code}]` : `energy-conform failed: ${String(err)}`;
      io.say(`${name}: ${message}`);
      entries.push({ ...base, exitCode: 2, verdict: 'error', reports: null, message });
      if (!(err instanceof EnergyConformError)) {
        await writeSummary(entries, summaryDir);
        throw err;
      }
    }
  }
  return writeSummary(entries, summaryDir);
}

async function writeSummary(entries: readonly BenchEntry[], summaryDir: string | null): Promise<number> {
  const code = benchExitCode(entries.map((e) => e.exitCode));
  if (summaryDir !== null) {
    await mkdir(summaryDir, { recursive: true });
    const file = path.join(summaryDir, 'summary.json');
    await writeFile(file, `${JSON.stringify({ devices: entries, exitCode: code }, null, 2)}\n`);
    const lines = entries.map(
      (e) =>
        `  ${(e.kind ?? '?').padEnd(12)} ${(e.serial ?? '?').padEnd(12)} ${e.address.padEnd(15)} ${e.verdict.toUpperCase()}` +
        `${e.reports ? `  ${e.reports}` : `  ${e.message}`}`,
    );
    process.stdout.write(`bench: ${entries.length} device${entries.length === 1 ? '' : 's'}, exit ${code}\n${lines.join('\n')}\nsummary: ${file}\n`);
  }
  return code;
}
