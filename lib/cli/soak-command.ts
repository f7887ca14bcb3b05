// `energy-conform soak`: the device as `pair` finds it (a stored token, or a press to get one), then the
// integrations for --duration (lib/soak); the reports as `run` writes them; exit 0/1/2, 2 on Ctrl-C.
import path from 'node:path';
import { RunError } from '../client/errors.js';
import { streamIo } from '../operator/operator-io.js';
import { packageVersion } from '../runner/package-root.js';
import { stampOf, writeReports } from '../report/write-run.js';
import { summaryText } from '../report/summary.js';
import { soak } from '../soak/soak.js';
import { soakResults } from '../soak/soak-results.js';
import { interruptible } from './interrupt.js';
import { historyFileOf, recordHistory } from './history-hook.js';
import type { SoakArgs } from './options.js';
import { checkOptions, toRunConfig } from './run-command.js';

const UNITS: Record<string, number> = { s: 1, m: 60, min: 60, h: 3600, d: 86_400 };

/** `90s`, `30m`, `8h`, `2d`, `1.5h`; a bare number is minutes. Seconds, or undefined where the text is none of those. */
export function parseDuration(text: string): number | undefined {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(s|m|min|h|d)?\s*$/.exec(text);
  if (!m) return undefined;
  const s = Number(m[1]) * UNITS[m[2] ?? 'm']!;
  return s > 0 ? s : undefined;
}

export function soakPlanOf(a: SoakArgs) {
  const durationS = parseDuration(a.duration);
  if (durationS === undefined) throw new RunError('EC_BAD_OPTION', `--duration takes a time such as 90s, 30m, 8h or 2d (got "${a.duration}")`);
  const whole = { '--clients': a.clients };
  for (const [flag, v] of Object.entries(whole))
    if (!(Number.isInteger(v) && v >= 1 && v <= 50)) throw new RunError('EC_BAD_OPTION', `${flag} must be a whole number from 1 to 50 (got ${v})`);
  if (!(a.poll >= 500)) throw new RunError('EC_BAD_OPTION', `--poll must be 500 ms or more: the vendor asks integrations not to poll faster (got ${a.poll})`);
  const intervalS = a.interval ?? Math.min(60, Math.max(1, Math.round(durationS / 60)));
  const positive: Record<string, number> = {
    '--interval': intervalS,
    '--check-every': a['check-every'],
    '--max-p99': a['max-p99'],
    '--max-stall': a['max-stall'],
    ...(a['max-stale'] === undefined ? {} : { '--max-stale': a['max-stale'] }),
  };
  for (const [flag, v] of Object.entries(positive))
    if (!(Number.isFinite(v) && v > 0)) throw new RunError('EC_BAD_OPTION', `${flag} must be a number above 0 (got ${v})`);
  if (!(a['max-error-percent'] >= 0 && a['max-error-percent'] <= 100))
    throw new RunError('EC_BAD_OPTION', `--max-error-percent must be from 0 to 100 (got ${a['max-error-percent']})`);
  if (!(Number.isInteger(a['max-reboots']) && a['max-reboots'] >= 0))
    throw new RunError('EC_BAD_OPTION', `--max-reboots must be a whole number from 0 (got ${a['max-reboots']})`);
  const ws = a['ws-clients'];
  if (ws !== undefined && !(Number.isInteger(ws) && ws >= 0 && ws <= 50))
    throw new RunError('EC_BAD_OPTION', `--ws-clients must be a whole number from 0 to 50 (got ${ws})`);
  return {
    durationS,
    clients: a.clients,
    wsClients: ws,
    pollMs: a.poll,
    intervalS,
    checkEveryS: a['check-every'],
    thresholds: {
      maxErrorPercent: a['max-error-percent'],
      maxReboots: a['max-reboots'],
      maxP99Ms: a['max-p99'],
      maxStallS: a['max-stall'],
      ...(a['max-stale'] === undefined ? {} : { maxStaleS: a['max-stale'] }),
    },
  };
}

export async function soakCommand(a: SoakArgs, env: NodeJS.ProcessEnv): Promise<number> {
  const plan = soakPlanOf(a);
  if (!a.host) throw new RunError('EC_NO_HOST', "soak needs the device's address: give it with --host (energy-conform discover lists the devices)");
  const caPem = await checkOptions(a);
  const run = toRunConfig(a, env, caPem);
  const io = streamIo(process.stderr, process.stdin.isTTY === true, process.stdin, a.quiet ? 'quiet' : 'normal');
  const style = { color: process.stdout.isTTY === true && !env.NO_COLOR, quiet: a.quiet };
  return interruptible(
    (sig) => `\nenergy-conform: ${sig}: stopping the integrations and writing the reports (again to leave at once)\n`,
    async (signal) => {
      const end = await soak({ ...plan, device: run, tool: { name: 'energy-conform', version: packageVersion() } }, io, signal);
      const { results, exitCode, exchanges } = soakResults(end);
      const dir = a.reports ?? path.join('reports', `soak-${results.target.serial ?? 'unknown'}-${stampOf(end.started)}`);
      await writeReports(results, exchanges, dir, end.redactor);
      await recordHistory(historyFileOf(a, env), results, (line) => io.say(line));
      process.stdout.write(`${summaryText(results, dir, style)}\n`);
      return exitCode;
    },
  );
}
