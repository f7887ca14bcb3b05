// `history`'s can-i-deploy across firmware (pure): the captures and contracts a history keeps, each firmware's latest
// capture held to each integration's latest contract, and how many of the answers' shapes changed between firmware.
import type { Capture } from '../capture/schema.js';
import { NOT_COMPARED, diffAnswers } from '../diff/diff.js';
import { kindOfBoth, sideOf } from '../diff/sides.js';
import { canDeploy } from './can-deploy.js';
import type { Contract } from './contract.js';

/** A capture or contract as the history keeps it (lib/history/store.ts). */
export interface Kept {
  type: 'capture' | 'contract';
  kind: string;
  name: string;
  version: string;
  body: string;
}

/**
 * `history`'s can-i-deploy across firmware: for each kind, the latest capture of each firmware held to the latest
 * contract of each integration version; each line a firmware, each cell ok, BREAKS (how many changes) or n/a.
 */
export function deployAcrossFirmware(kept: readonly Kept[]): {
  text: string;
  rows: { kind: string; firmware: string; integration: string; status: string; breaks: number }[];
} {
  const latest = (type: Kept['type'], key: (k: Kept) => string) => [...new Map(kept.filter((k) => k.type === type).map((k) => [key(k), k])).values()];
  const captures = latest('capture', (k) => `${k.kind} ${k.version}`).map((k) => ({ ...k, doc: JSON.parse(k.body) as Capture }));
  const contracts = latest('contract', (k) => `${k.name} ${k.version}`).map((k) => JSON.parse(k.body) as Contract);
  const rows = captures.flatMap((c) =>
    canDeploy(
      c.doc,
      contracts.filter((k) => k.device.kind === c.kind),
    ).map((r) => ({ kind: c.kind, firmware: c.version, integration: r.integration, status: r.status, breaks: r.breaks.length })),
  );
  if (!captures.length || !contracts.length) {
    return {
      rows,
      text:
        captures.length || contracts.length
          ? `can-i-deploy across firmware: ${captures.length} captures, ${contracts.length} contracts (each needs the other)`
          : '',
    };
  }
  const lines = ["can-i-deploy across firmware (each firmware's latest capture × each integration's latest contract):"];
  for (const kind of [...new Set(rows.map((r) => r.kind))]) {
    const mine = rows.filter((r) => r.kind === kind);
    const integrations = [...new Set(mine.map((r) => r.integration))];
    const width = Math.max(8, ...mine.map((r) => r.firmware.length)) + 2;
    lines.push(`  ${kind}`, `    ${'firmware'.padEnd(width)}${integrations.map((i) => i.padEnd(Math.max(12, i.length) + 2)).join('')}`.trimEnd());
    for (const firmware of [...new Set(mine.map((r) => r.firmware))]) {
      const cells = integrations.map((i) => {
        const r = mine.find((x) => x.firmware === firmware && x.integration === i);
        const cell = !r ? '' : r.status === 'breaks' ? `BREAKS (${r.breaks})` : r.status === 'ok' ? 'ok' : 'n/a';
        return cell.padEnd(Math.max(12, i.length) + 2);
      });
      lines.push(`    ${firmware.padEnd(width)}${cells.join('')}`.trimEnd());
    }
  }
  return { rows, text: [...lines, ...shapeChanges(captures)].join('\n') };
}

/** Between each kind's firmware in the order they were kept: how many of the answers' shapes changed (diff). */
function shapeChanges(captures: readonly (Kept & { doc: Capture })[]): string[] {
  const out: string[] = [];
  for (const kind of [...new Set(captures.map((c) => c.kind))]) {
    const mine = captures.filter((c) => c.kind === kind);
    const sides = mine.map((c) => sideOf(c.doc));
    for (let i = 1; i < mine.length; i += 1) {
      const [a, b] = [sides[i - 1]!, sides[i]!];
      if (typeof a === 'string' || typeof b === 'string') continue;
      const changes = diffAnswers(a.answers, b.answers, kindOfBoth(a, b)).filter((c) => !NOT_COMPARED.includes(c.class));
      const breaking = changes.filter((c) => c.breaking).length;
      out.push(
        `  ${kind} ${mine[i - 1]!.version} → ${mine[i]!.version}: ${breaking} breaking change${breaking === 1 ? '' : 's'} to the answers' shapes, ` +
          `${changes.length - breaking} addition${changes.length - breaking === 1 ? '' : 's'} (energy-conform diff tells which)`,
      );
    }
  }
  return out.length ? ['shapes between firmware:', ...out] : [];
}
