// summary.md: the run as a CI job page shows it (GitHub's step summary, a GitLab or Jenkins description):
// the verdict and the device, a table of the areas, then every failure, error, deviation and warning with why.
import { claimsLine } from './claims-text.js';
import { reproduction } from './reproduce.js';
import { excused, excusedNote, fixedLines, knownWhy } from './known-text.js';
import { markdownCell as cell } from './markdown.js';
import { PROBLEMS, REPORT_FILES, type RunResults, STATUSES, STRICT_DEVIATION, areasOf, isExcused } from './results.js';
import { profileText, subjectText } from './summary.js';

const COLUMNS = STATUSES.map((s) => (s === 'observation' ? 'observed' : s === 'skip' ? 'skipped' : s));

/** Lines of shell as a fenced block inside a list item; none where there are none. */
const fenced = (lines: string[]) => (lines.length ? ['', '  ```sh', ...lines.map((l) => `  ${l}`), '  ```', ''] : []);

export function summaryMarkdown(r: RunResults): string {
  const out = [`## energy-conform ${r.tool.version}: ${r.verdict.toUpperCase()}`, '', cell(subjectText(r)), ''];
  out.push(...r.notes.map((n) => `> note: ${cell(n)}`), ...(r.claims ? [`> ${cell(claimsLine(r.claims))}`] : []), ...(r.notes.length || r.claims ? [''] : []));
  out.push(`| area | ${COLUMNS.join(' | ')} |`, `| --- |${' ---: |'.repeat(STATUSES.length)}`);
  for (const area of areasOf(r.checks)) {
    const checks = r.checks.filter((c) => c.area === area);
    if (!checks.length || checks.every((c) => c.status === 'skip')) continue;
    out.push(`| ${area} | ${STATUSES.map((s) => checks.filter((c) => c.status === s).length).join(' | ')} |`);
  }
  out.push(`| **all** | ${STATUSES.map((s) => `**${r.summary[s]}**`).join(' | ')} |`, '');
  if (r.profiles) {
    out.push(
      `| profile | verdict | ${COLUMNS.join(' | ')} |`,
      `| --- | --- |${' ---: |'.repeat(STATUSES.length)}`,
      ...r.profiles.map((p) => `| ${cell(profileText(p))} | ${p.verdict.toUpperCase()} | ${STATUSES.map((s) => p.summary[s]).join(' | ')} |`),
      '',
    );
  }
  for (const status of PROBLEMS) {
    const of = r.checks.filter((c) => c.status === status && !isExcused(c));
    if (!of.length) continue;
    out.push(`### ${status} (${of.length})`, '');
    for (const c of of) {
      out.push(
        `- **${cell(c.title)}**`,
        ...c.message
          .split('\n')
          .filter(Boolean)
          .map((m) => `  ${cell(m)}`),
        ...(c.deviation ? [`  why a deviation: ${cell(c.deviation)}`] : []),
        ...(c.known ? [`  known failure: ${cell(knownWhy(c.known))}`] : []),
        ...fenced(reproduction(c)),
      );
    }
    if (status === 'deviation') out.push(`- ${STRICT_DEVIATION}${r.strict ? ' (--strict was given)' : ''}`);
    out.push('');
  }
  const known = excused(r);
  if (known.length) {
    out.push(`### known (${known.length})`, '', `Listed in ${cell(r.known?.file ?? '--known')}: ${excusedNote(r)}.`, '');
    for (const c of known) out.push(`- **${cell(c.title)}** (${c.status}): ${cell(knownWhy(c.known!))}`, `  ${cell(c.message.split('\n')[0]!)}`);
    out.push('');
  }
  const fixed = fixedLines(r);
  if (fixed.length) out.push('### fixed', '', ...fixed.map((l) => `- ${cell(l)}`), '');
  if (r.residue.length) out.push(`**Not left as found:** ${cell(r.residue.join('; '))}`, '');
  out.push(
    `${r.requests} requests, ${r.connections} connections, ${r.presses.count} presses, ${(r.durationMs / 1000).toFixed(1)} s. ` +
      `The reports beside this file: ${REPORT_FILES.filter((f) => f !== 'summary.md').join(', ')}.`,
    '',
  );
  return out.join('\n');
}
