// certification.md: what a certifier files for one integration. It names the integration, the catalogue and
// the tool, the scenario as it ran, the verdict clause by clause for what was judged, and the SHA-256 of
// results.json, so that the filed summary and the full record can be matched later.
import { createHash } from 'node:crypto';
import type { RunResults } from '../report/results.js';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function certificationMarkdown(r: RunResults, resultsJsonText: string): string {
  const i = r.integration!;
  const s = r.scenario!;
  const judged = r.checks.filter((c) => c.level !== 'OBSERVE' && c.status !== 'skip');
  const of = (level: string, status: string) => judged.filter((c) => c.level === level && c.status === status).length;
  const phases = s.phases.map((p) => `${p.phase} ${((p.to - p.from) / 1000).toFixed(0)} s`).join(', ');
  const lines = [
    `# Certification summary: ${i.name}${i.version ? ` ${i.version}` : ''}`,
    '',
    `| | |`,
    `| --- | --- |`,
    `| Integration | ${i.name}, version ${i.version ?? 'not given'} |`,
    `| Command | ${i.command ? `\`${i.command}\`` : 'pointed at the device by its tester'} |`,
    `| Catalogue | ${s.catalogue} (${r.checks.length} clauses) |`,
    `| Tool | ${r.tool.name} ${r.tool.version} |`,
    `| Device served | an emulated ${r.target.kind} (${r.target.product_type}), serial ${r.target.serial}, firmware ${r.target.firmware_version ?? 'not named'}, API ${r.target.api_version ?? 'not named'} |`,
    `| Scenario | ${phases}; options ${JSON.stringify(r.options)} |`,
    `| Ran | ${r.started} to ${r.finished} |`,
    `| Verdict | **${r.verdict.toUpperCase()}**: MUST ${of('MUST', 'pass')} passed, ${of('MUST', 'fail')} failed; SHOULD ${of('SHOULD', 'pass')} passed, ${of('SHOULD', 'warn')} warned; ` +
      `${r.checks.filter((c) => c.status === 'skip').length} not judged (nothing to judge them on) |`,
    `| results.json SHA-256 | \`${sha256(resultsJsonText)}\` |`,
    '',
    ...r.notes.map((n) => `Note: ${n}`),
    ...(r.notes.length ? [''] : []),
    '| clause | level | outcome | what was seen |',
    '| --- | --- | --- | --- |',
    ...r.checks.map((c) => `| ${c.clause} | ${c.level} | ${c.status} | ${c.message.split('\n')[0]!.replace(/\|/g, '\\|')} |`),
    '',
  ];
  return lines.join('\n');
}
