// What a history tells per device (pure): its firmware versions in release order, a
// clause × firmware table, the firmware where each clause first failed, the clauses whose outcome changed
// between runs of one firmware (a flaky device, or a flaky check), and the soaks' figures per firmware.
import type { HistoryEntry } from './entry.js';

/** Outcomes that judge a clause; skips and observations say nothing of whether it holds. */
const JUDGED = new Set(['pass', 'fail', 'error', 'warn', 'deviation', 'known']);
/** `known`: a failure a --known entry excused in its run, a failure all the same. */
const FAILED = new Set(['fail', 'error', 'known']);

export interface Cell {
  /** Every judged outcome of the clause on this firmware, in run order. */
  outcomes: string[];
  /** The one outcome, or `mixed` where runs of this firmware disagreed. */
  shown: string;
}

export interface Flip {
  clause: string;
  firmware: string;
  /** The outcomes in run order, each with its run's start. */
  sequence: { status: string; started: string }[];
}

export interface SoakRow {
  firmware: string;
  soaks: number;
  hours: number;
  requests: number;
  errors: number;
  reboots: number;
  worstP99Ms: number | null;
}

export interface DeviceHistory {
  serial: string;
  kind: string;
  productType: string | null;
  runs: number;
  firmwares: string[];
  /** Clause -> firmware -> cell; a clause never judged on a firmware has no cell there. */
  table: Map<string, Map<string, Cell>>;
  /** Clause -> the first firmware (in release order) on which it failed. */
  firstFailed: Map<string, string>;
  flips: Flip[];
  soaks: SoakRow[];
  /** Clause -> how many of its outcomes a --known entry excused, over every run. */
  known: Map<string, number>;
}

export interface HistoryView {
  runs: number;
  from: string | null;
  to: string | null;
  devices: DeviceHistory[];
}

export function historyView(entries: readonly HistoryEntry[]): HistoryView {
  const ordered = [...entries].sort((a, b) => a.started.localeCompare(b.started));
  const serials = [...new Set(ordered.map((e) => e.serial))];
  return {
    runs: ordered.length,
    from: ordered[0]?.started ?? null,
    to: ordered.at(-1)?.started ?? null,
    devices: serials.map((s) => deviceHistory(ordered.filter((e) => e.serial === s))),
  };
}

function deviceHistory(runs: readonly HistoryEntry[]): DeviceHistory {
  const last = runs.at(-1)!;
  const firmwares = firmwareOrder(runs.map((e) => e.firmware));
  const table = new Map<string, Map<string, Cell>>();
  const seen = new Map<string, Map<string, { status: string; started: string }[]>>();
  for (const run of runs) {
    for (const o of run.outcomes) {
      if (!JUDGED.has(o.status)) continue;
      const byFirmware = seen.get(o.clause) ?? new Map<string, { status: string; started: string }[]>();
      seen.set(o.clause, byFirmware);
      const list = byFirmware.get(run.firmware) ?? [];
      list.push({ status: o.status, started: run.started });
      byFirmware.set(run.firmware, list);
    }
  }
  const firstFailed = new Map<string, string>();
  const flips: Flip[] = [];
  for (const clause of [...seen.keys()].sort()) {
    const row = new Map<string, Cell>();
    for (const fw of firmwares) {
      const list = seen.get(clause)!.get(fw);
      if (!list) continue;
      const outcomes = list.map((x) => x.status);
      const distinct = new Set(outcomes);
      row.set(fw, { outcomes, shown: distinct.size === 1 ? outcomes[0]! : 'mixed' });
      if (distinct.size > 1) flips.push({ clause, firmware: fw, sequence: list });
      if (!firstFailed.has(clause) && outcomes.some((s) => FAILED.has(s))) firstFailed.set(clause, fw);
    }
    table.set(clause, row);
  }
  const known = new Map<string, number>();
  for (const o of runs.flatMap((r) => r.outcomes)) if (o.status === 'known') known.set(o.clause, (known.get(o.clause) ?? 0) + 1);
  return {
    serial: last.serial,
    kind: last.kind,
    productType: last.productType,
    runs: runs.length,
    firmwares,
    table,
    firstFailed,
    flips,
    known,
    soaks: firmwares.flatMap((fw) =>
      soakRow(
        fw,
        runs.filter((e) => e.firmware === fw && e.soak),
      ),
    ),
  };
}

/**
 * The firmware versions in release order where every one reads as the documentation's `x.yy` or `x.yyzz` (a
 * number: 6.0304 < 6.05 < 6.1), so that "first failed" means the earliest release, whatever order they were
 * tested in; otherwise in the order they were first run.
 */
export function firmwareOrder(seen: readonly string[]): string[] {
  const distinct = [...new Set(seen)];
  return distinct.every((f) => /^\d+\.\d+$/.test(f)) ? distinct.sort((a, b) => Number(a) - Number(b) || a.localeCompare(b)) : distinct;
}

function soakRow(firmware: string, soaks: readonly HistoryEntry[]): SoakRow[] {
  if (!soaks.length) return [];
  const f = soaks.map((e) => e.soak!);
  const p99 = f.map((s) => s.worstP99Ms).filter((v) => v !== null);
  return [
    {
      firmware,
      soaks: f.length,
      hours: Math.round(f.reduce((n, s) => n + s.ranS, 0) / 36) / 100,
      requests: f.reduce((n, s) => n + s.requests, 0),
      errors: f.reduce((n, s) => n + s.errors, 0),
      reboots: f.reduce((n, s) => n + s.reboots, 0),
      worstP99Ms: p99.length ? Math.max(...p99) : null,
    },
  ];
}

/** The clauses a reader looks at first: every one not passing on every firmware it ran on. */
export const notAlwaysPassing = (d: DeviceHistory): string[] =>
  [...d.table].filter(([, row]) => [...row.values()].some((c) => c.shown !== 'pass')).map(([clause]) => clause);
