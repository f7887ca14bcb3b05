// `energy-conform can-i-deploy --capture FILE CONTRACT…`: the firmware × integration matrix (lib/deploy): for each
// integration, what it relied on that the capture no longer serves in that shape. Exit 1 where one breaks, else 0;
// 2 where a file cannot be read.
import { readFile } from 'node:fs/promises';
import { RunError } from '../client/errors.js';
import { type Capture, captureSchema } from '../capture/schema.js';
import { type Contract, contractSchema } from '../deploy/contract.js';
import { type DeployRow, canDeploy } from '../deploy/can-deploy.js';
import { NOT_COMPARED, diffAnswers } from '../diff/diff.js';
import { sideOf } from '../diff/sides.js';
import type { DeployArgs } from './options.js';
import { historyFileOf, recordDocuments, storedCapture, storedContract } from './history-hook.js';

async function readAs<T>(file: string, schema: { safeParse(v: unknown): { success: boolean; data?: T } }, what: string, how: string): Promise<T> {
  let doc: unknown;
  try {
    doc = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new RunError('EC_BAD_OPTION', `cannot read ${file} as JSON (${(err as Error).message}); give ${what}`);
  }
  const parsed = schema.safeParse(doc);
  if (!parsed.success) throw new RunError('EC_BAD_OPTION', `${file} is not ${what} (${how})`);
  return parsed.data as T;
}

const MARK: Record<DeployRow['status'], string> = { ok: 'ok    ', breaks: 'BREAKS', 'other kind': 'n/a   ' };

function rowText(r: DeployRow, file: string): string[] {
  const head = `  ${MARK[r.status]}  ${r.integration} (${file}; certified on a ${r.certifiedOn})`;
  const why = r.status === 'ok' ? `every one of the ${r.compared} answers and messages it relied on is served in the shape it was served`
    : r.status === 'breaks' ? `${r.breaks.length} change${r.breaks.length === 1 ? '' : 's'} to what it relied on:` : r.notChecked[0]!;
  const lines = [head, `          ${why}`, ...r.breaks.map((c) => `            ${c.answer}: ${c.path} ${c.class}: ${c.was} → ${c.now}`)];
  if (r.status !== 'other kind' && r.notChecked.length) lines.push(`          not checked: ${r.notChecked.join('; ')}`);
  return lines;
}

export async function deployCommand(a: DeployArgs, env: NodeJS.ProcessEnv): Promise<number> {
  const capture = await readAs<Capture>(a.capture, captureSchema, 'a capture', 'energy-conform capture --out writes one');
  const contracts = await Promise.all(a.contracts.map((f) => readAs<Contract>(f, contractSchema, 'a contract', 'certify-client writes contract.json beside certification.md')));
  await recordDocuments(historyFileOf(a, env), [storedCapture(capture, JSON.stringify(capture)), ...contracts.map((c) => storedContract(c, JSON.stringify(c)))],
    (l) => process.stderr.write(`energy-conform: ${l}\n`));
  const rows = canDeploy(capture, contracts);
  const breaking = rows.filter((r) => r.status === 'breaks');
  if (a.json) {
    process.stdout.write(`${JSON.stringify({ capture: a.capture, device: capture.device, rows: rows.map((r, i) => ({ contract: a.contracts[i], ...r })) }, null, 1)}\n`);
  } else {
    const d = capture.device;
    const lines = [`can-i-deploy: the ${d.kind}'s firmware ${d.firmware_version ?? '(unknown)'} (${a.capture}) × ${rows.length} integration${rows.length === 1 ? '' : 's'}: `
      + (breaking.length ? `${breaking.length} broken` : 'none broken'), ...rows.flatMap((r, i) => rowText(r, a.contracts[i]!))];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  return breaking.length ? 1 : 0;
}

/** A capture or contract as the history keeps it (lib/history/store.ts). */
interface Kept { type: 'capture' | 'contract'; kind: string; name: string; version: string; body: string }

/**
 * `history`'s can-i-deploy across firmware: for each kind, the latest capture of each firmware held to the latest
 * contract of each integration version; each line a firmware, each cell ok, BREAKS (how many changes) or n/a.
 */
export function deployAcrossFirmware(kept: readonly Kept[]): { text: string; rows: { kind: string; firmware: string; integration: string; status: string; breaks: number }[] } {
  const latest = (type: Kept['type'], key: (k: Kept) => string) => [...new Map(kept.filter((k) => k.type === type).map((k) => [key(k), k])).values()];
  const captures = latest('capture', (k) => `${k.kind} ${k.version}`);
  const contracts = latest('contract', (k) => `${k.name} ${k.version}`).map((k) => JSON.parse(k.body) as Contract);
  const rows = captures.flatMap((c) => canDeploy(JSON.parse(c.body) as Capture, contracts.filter((k) => k.device.kind === c.kind))
    .map((r) => ({ kind: c.kind, firmware: c.version, integration: r.integration, status: r.status, breaks: r.breaks.length })));
  if (!captures.length || !contracts.length) {
    return { rows, text: captures.length || contracts.length ? `can-i-deploy across firmware: ${captures.length} captures, ${contracts.length} contracts (each needs the other)` : '' };
  }
  const lines = ['can-i-deploy across firmware (each firmware\'s latest capture × each integration\'s latest contract):'];
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
function shapeChanges(captures: readonly Kept[]): string[] {
  const out: string[] = [];
  for (const kind of [...new Set(captures.map((c) => c.kind))]) {
    const mine = captures.filter((c) => c.kind === kind);
    for (let i = 1; i < mine.length; i += 1) {
      const [a, b] = [sideOf(JSON.parse(mine[i - 1]!.body)), sideOf(JSON.parse(mine[i]!.body))];
      if (typeof a === 'string' || typeof b === 'string') continue;
      const changes = diffAnswers(a.answers, b.answers).filter((c) => !NOT_COMPARED.includes(c.class));
      const breaking = changes.filter((c) => c.breaking).length;
      out.push(`  ${kind} ${mine[i - 1]!.version} → ${mine[i]!.version}: ${breaking} breaking change${breaking === 1 ? '' : 's'} to the answers' shapes, `
        + `${changes.length - breaking} addition${changes.length - breaking === 1 ? '' : 's'} (energy-conform diff tells which)`);
    }
  }
  return out.length ? ['shapes between firmware:', ...out] : [];
}
