// `energy-conform can-i-deploy --capture FILE CONTRACT…`: the firmware × integration matrix (lib/deploy): for each
// integration, what it relied on that the capture no longer serves in that shape. Exit 1 where one breaks, else 0;
// 2 where a file cannot be read.
import { captureSchema } from '../capture/schema.js';
import { contractSchema } from '../deploy/contract.js';
import { type DeployRow, canDeploy } from '../deploy/can-deploy.js';
import type { DeployArgs } from './options-records.js';
import { readDocument } from './json-file.js';
import { historyFileOf, recordDocuments, storedCapture, storedContract } from './history-hook.js';

const MARK: Record<DeployRow['status'], string> = { ok: 'ok    ', breaks: 'BREAKS', 'other kind': 'n/a   ' };

function rowText(r: DeployRow, file: string): string[] {
  const head = `  ${MARK[r.status]}  ${r.integration} (${file}; certified on a ${r.certifiedOn})`;
  const why =
    r.status === 'ok'
      ? `every one of the ${r.compared} answers and messages it relied on is served in the shape it was served`
      : r.status === 'breaks'
        ? `${r.breaks.length} change${r.breaks.length === 1 ? '' : 's'} to what it relied on:`
        : r.notChecked[0]!;
  const lines = [head, `          ${why}`, ...r.breaks.map((c) => `            ${c.answer}: ${c.path} ${c.class}: ${c.was} → ${c.now}`)];
  if (r.status !== 'other kind' && r.notChecked.length) lines.push(`          not checked: ${r.notChecked.join('; ')}`);
  return lines;
}

export async function deployCommand(a: DeployArgs, env: NodeJS.ProcessEnv): Promise<number> {
  const capture = await readDocument(a.capture, captureSchema, 'a capture', 'energy-conform capture --out writes one');
  const contracts = await Promise.all(
    a.contracts.map((f) => readDocument(f, contractSchema, 'a contract', 'certify-client writes contract.json beside certification.md')),
  );
  await recordDocuments(historyFileOf(a, env), [storedCapture(capture), ...contracts.map(storedContract)], (l) =>
    process.stderr.write(`energy-conform: ${l}\n`),
  );
  const rows = canDeploy(capture, contracts);
  const breaking = rows.filter((r) => r.status === 'breaks');
  if (a.json) {
    process.stdout.write(
      `${JSON.stringify({ capture: a.capture, device: capture.device, rows: rows.map((r, i) => ({ contract: a.contracts[i], ...r })) }, null, 1)}\n`,
    );
  } else {
    const d = capture.device;
    const lines = [
      `can-i-deploy: the ${d.kind}'s firmware ${d.firmware_version ?? '(unknown)'} (${a.capture}) × ${rows.length} integration${rows.length === 1 ? '' : 's'}: ` +
        (breaking.length ? `${breaking.length} broken` : 'none broken'),
      ...rows.flatMap((r, i) => rowText(r, a.contracts[i]!)),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  return breaking.length ? 1 : 0;
}
