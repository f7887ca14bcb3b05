// One run as the history keeps it (pure): the device and its firmware (for certify-client, the integration and
// its version), the tool and the catalogues it was judged by, every clause's outcome, and for a soak its figures.
// From a run's results.json, written just now (--history) or read from reports on disk (history --import).
import { createHash } from 'node:crypto';
import { type RunResults, isExcused } from '../report/results.js';
import { errorCount } from '../report/soak-facts.js';

export type Command = 'run' | 'explore' | 'soak' | 'certify-client';

export interface SoakFigures {
  ranS: number;
  requests: number;
  errors: number;
  reboots: number;
  connections: number;
  /** The highest p99 of any endpoint in any interval, in ms. */
  worstP99Ms: number | null;
}

export interface HistoryEntry {
  /** The same run imported twice is kept once. */
  key: string;
  command: Command;
  started: string;
  durationMs: number;
  serial: string;
  kind: string;
  productType: string | null;
  firmware: string;
  apiVersion: string | null;
  tool: string;
  /** The catalogues and their revisions: `spec r2, vendor r1`, or certify-client's. */
  catalogues: string;
  verdict: RunResults['verdict'];
  /** certify-client: the integration judged. */
  subject: string | null;
  outcomes: { clause: string; level: string; status: string; durationMs: number }[];
  soak: SoakFigures | null;
}

/** Where a results.json does not name it, the firmware is told as unknown rather than dropped. */
export const UNKNOWN_FIRMWARE = 'unknown';

function commandOf(r: RunResults): Command {
  if (r.soak) return 'soak';
  if (r.integration) return 'certify-client';
  // `explore` skips every clause its steps did not reach, and says so; `run --explore` is a run.
  return r.checks.some((c) => c.message.startsWith('not reached by the exploration')) ? 'explore' : 'run';
}

export function entryOf(r: RunResults): HistoryEntry {
  const t = r.target;
  // certify-client judges the integration, on a device it makes up each time: the history follows the
  // integration, its versions in place of firmware.
  const who = r.integration
    ? { serial: `integration ${r.integration.name}`, kind: 'integration', productType: null, firmware: r.integration.version ?? UNKNOWN_FIRMWARE }
    : { serial: t.serial ?? t.host, kind: t.kind, productType: t.product_type, firmware: t.firmware_version ?? UNKNOWN_FIRMWARE };
  const catalogues =
    r.profiles?.map((p) => `${p.profile} r${p.revision}`).join(', ') ?? r.scenario?.catalogue ?? (r.soak ? 'soak thresholds and spot checks' : '');
  const s = r.soak;
  return {
    key: createHash('sha256')
      .update(`${t.serial ?? t.host}|${r.started}|${r.finished}`)
      .digest('hex')
      .slice(0, 32),
    command: commandOf(r),
    started: r.started,
    durationMs: r.durationMs,
    ...who,
    apiVersion: t.api_version,
    tool: `${r.tool.name} ${r.tool.version}`,
    catalogues,
    verdict: r.verdict,
    subject: r.integration ? `${r.integration.name}${r.integration.version ? ` ${r.integration.version}` : ''}` : null,
    // A failure --known excused is kept as `known`: the history counts it apart from the failures nobody expected.
    outcomes: r.checks.map((c) => ({ clause: c.clause, level: c.level, status: isExcused(c) ? 'known' : c.status, durationMs: c.durationMs })),
    soak: s
      ? {
          ranS: s.ranS,
          requests: s.totals.requests,
          errors: errorCount(s.totals.errors),
          reboots: s.reboots.length,
          connections: s.totals.connections,
          worstP99Ms: s.intervals
            .flatMap((i) => Object.values(i.endpoints).map((e) => e.p99))
            .reduce<number | null>((m, v) => (v === null ? m : Math.max(m ?? 0, v)), null),
        }
      : null,
  };
}
