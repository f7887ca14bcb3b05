// The readable summary printed at the end of a run.
import { AREAS } from '../spec/clause-types.js';
import type { RunResults } from './results.js';

export function summaryText(r: RunResults, reportsDir: string): string {
  const lines: string[] = [];
  const t = r.target;
  lines.push(`energy-conform ${r.tool.version}: ${t.kind} ${t.product_type ?? ''} serial ${t.serial ?? 'unknown'} `
    + `firmware ${t.firmware_version ?? 'unknown'} API ${t.api_version ?? 'unknown'} at ${t.host}`);
  for (const area of AREAS) {
    const checks = r.checks.filter((c) => c.area === area);
    if (!checks.length || checks.every((c) => c.status === 'skip')) continue;
    const count = (s: string) => checks.filter((c) => c.status === s).length;
    lines.push(`  ${area.padEnd(12)} ${count('pass')} pass, ${count('fail')} fail, ${count('warn')} warn, `
      + `${count('observation')} observed, ${count('error')} error, ${count('skip')} skipped`);
    for (const c of checks.filter((x) => x.status === 'fail' || x.status === 'error' || x.status === 'warn')) {
      lines.push(`    ${c.status.toUpperCase()} ${c.title}`, ...c.message.split('\n').map((m) => `      ${m}`));
    }
  }
  const s = r.summary;
  lines.push(`verdict: ${r.verdict.toUpperCase()} — ${s.pass} pass, ${s.fail} fail, ${s.warn} warn, ${s.observation} observed, `
    + `${s.error} error, ${s.skip} skipped; ${r.requests} requests, ${r.presses.count} presses, ${(r.durationMs / 1000).toFixed(1)} s`);
  lines.push(`reports: ${['report.html', 'junit.xml', 'results.json', 'exchanges.har'].map((f) => `${reportsDir}/${f}`).join(', ')}`);
  return lines.join('\n');
}
