// `energy-conform compare <old> <new>`: what changed between two runs, clause by clause and row by row,
// new failures first, as terminal text, Markdown (a CI job page) and HTML. A firmware's regressions are
// what passed before and fails now.
import { esc } from './html-exchange.js';
import { markdownCell } from './markdown.js';
import { outcomesOf } from './outcomes.js';
import type { RunResults } from './results.js';
import { targetText } from './summary.js';

export type ComparedResults = Pick<RunResults, 'verdict' | 'target' | 'started' | 'checks'>;

export type ChangeKind = 'newly failing' | 'changed' | 'fixed';
export const CHANGE_KINDS: readonly ChangeKind[] = ['newly failing', 'changed', 'fixed'];

export interface Change {
  kind: ChangeKind;
  label: string;
  before: string;
  after: string;
}

/** A change of an answer's shape between the runs' recorded answers, as `diff` classes it (lib/diff), plain data. */
export interface ShapeChange {
  answer: string;
  path: string;
  class: string;
  breaking: boolean;
  was: string;
  now: string;
}

export interface Comparison {
  changes: Change[];
  /** Something that passed before fails (or errs) now: exit 1. */
  regressed: boolean;
  /** What clients read that changed shape, breaking first; beside the outcomes, never in the exit code. */
  shapes?: ShapeChange[];
}

const ABSENT = 'absent';
const failing = (outcome: string) => outcome.split('+').some((s) => s === 'fail' || s === 'error');

export function compareResults(before: ComparedResults, after: ComparedResults): Comparison {
  const labels = new Map<string, string>();
  const now = outcomesOf(after.checks, labels);
  const then = outcomesOf(before.checks, labels);
  const changes = [...labels].flatMap(([key, label]): Change[] => {
    const [b, a] = [then.get(key) ?? ABSENT, now.get(key) ?? ABSENT];
    if (a === b) return [];
    const kind: ChangeKind = failing(a) && !failing(b) ? 'newly failing' : failing(b) && !failing(a) ? 'fixed' : 'changed';
    return [{ kind, label, before: b, after: a }];
  });
  changes.sort((x, y) => CHANGE_KINDS.indexOf(x.kind) - CHANGE_KINDS.indexOf(y.kind));
  const regressed = changes.some((c) => c.kind === 'newly failing' && c.before.split('+').includes('pass'));
  return { changes, regressed };
}

/** The changes kind by kind, in CHANGE_KINDS' order, kinds without a change left out. */
function byKind(c: Comparison): [ChangeKind, Change[]][] {
  return CHANGE_KINDS.map((kind): [ChangeKind, Change[]] => [kind, c.changes.filter((x) => x.kind === kind)]).filter(([, of]) => of.length > 0);
}

const PAGE_STYLE =
  '<style>body{font:14px system-ui,sans-serif;max-width:1200px;margin:1em auto;padding:0 1em}table{border-collapse:collapse;width:100%;table-layout:fixed}' +
  'td,th{border:1px solid #ccc;padding:4px 6px;text-align:left;overflow-wrap:anywhere}th:nth-child(n+2),td:nth-child(n+2){width:9em}</style>';
const shapeLine = (x: ShapeChange) => `${x.answer}: ${x.path} ${x.class}: ${x.was} → ${x.now}`;
const shapesTitle = (shapes: readonly ShapeChange[]) => {
  const breaking = shapes.filter((x) => x.breaking).length;
  return `the answers' shapes (diff): ${breaking} breaking change${breaking === 1 ? '' : 's'}, ${shapes.length - breaking} addition${shapes.length - breaking === 1 ? '' : 's'}`;
};

/** The shape changes as an HTML section: a heading that counts them, and a row each (compare's page, diff --html). */
export function shapesSection(shapes: readonly ShapeChange[]): string {
  return (
    `<h2>${esc(shapesTitle(shapes))}</h2><table class="shapes"><tr><th>answer</th><th>field</th><th>change</th><th>before</th><th>after</th></tr>` +
    `${shapes.map((x) => `<tr><td>${esc(x.answer)}</td><td>${esc(x.path)}</td><td>${esc(x.class)}</td><td>${esc(x.was)}</td><td>${esc(x.now)}</td></tr>`).join('')}</table>`
  );
}

/** `diff --html`: the shape changes between two sides as a page of their own. */
export function diffHtml(a: string, b: string, shapes: readonly ShapeChange[], notCompared: readonly string[]): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>energy-conform: diff</title>${PAGE_STYLE}</head><body>` +
    `<h1>energy-conform: diff</h1><p>before: ${esc(a)}<br>after: ${esc(b)}</p>` +
    `${shapes.length ? shapesSection(shapes) : '<p>No answer changed its shape.</p>'}` +
    `${notCompared.length ? `<p>Not compared (asked on one side only, or unavailable on one: 503): ${esc(notCompared.join('; '))}</p>` : ''}</body></html>\n`
  );
}

const runLine = (r: ComparedResults) => `${targetText(r.target)}, ${r.started || 'time unknown'}: ${r.verdict.toUpperCase()}`;

export function compareText(before: ComparedResults, after: ComparedResults, c: Comparison): string {
  const lines = [`before: ${runLine(before)}`, `after:  ${runLine(after)}`];
  if (c.changes.length === 0) lines.push('no clause or row changed its status');
  for (const [kind, of] of byKind(c)) {
    lines.push(`${kind} (${of.length}):`, ...of.map((x) => `  ${x.label}: ${x.before} → ${x.after}`));
  }
  if (c.shapes?.length) lines.push(`${shapesTitle(c.shapes)}:`, ...c.shapes.map((x) => `  ${x.breaking ? '' : 'added: '}${shapeLine(x)}`));
  lines.push(c.regressed ? 'regressed: something that passed before fails now' : 'no regression: nothing that passed before fails now');
  return `${lines.join('\n')}\n`;
}

export function compareMarkdown(before: ComparedResults, after: ComparedResults, c: Comparison): string {
  const out = [
    '## energy-conform: what changed',
    '',
    `- before: ${markdownCell(runLine(before))}`,
    `- after: ${markdownCell(runLine(after))}`,
    `- ${c.regressed ? '**regressed**: something that passed before fails now' : 'no regression'}`,
    '',
  ];
  for (const [kind, of] of byKind(c)) {
    out.push(
      `### ${kind} (${of.length})`,
      '',
      '| clause or row | before | after |',
      '| --- | --- | --- |',
      ...of.map((x) => `| ${markdownCell(x.label)} | ${x.before} | ${x.after} |`),
      '',
    );
  }
  if (c.changes.length === 0) out.push('No clause or row changed its status.', '');
  if (c.shapes?.length) {
    out.push(
      `### ${shapesTitle(c.shapes)}`,
      '',
      '| answer | field | change | before | after |',
      '| --- | --- | --- | --- | --- |',
      ...c.shapes.map((x) => `| ${markdownCell(x.answer)} | ${markdownCell(x.path)} | ${x.class} | ${markdownCell(x.was)} | ${markdownCell(x.now)} |`),
      '',
    );
  }
  return out.join('\n');
}

export function compareHtml(before: ComparedResults, after: ComparedResults, c: Comparison): string {
  const sections = byKind(c)
    .map(
      ([kind, of]) =>
        `<h2>${esc(kind)} (${of.length})</h2><table><tr><th>clause or row</th><th>before</th><th>after</th></tr>${of
          .map((x) => `<tr><td>${esc(x.label)}</td><td>${esc(x.before)}</td><td>${esc(x.after)}</td></tr>`)
          .join('')}</table>`,
    )
    .join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>energy-conform: what changed</title>${PAGE_STYLE}</head><body>` +
    `<h1>energy-conform: what changed</h1><p>before: ${esc(runLine(before))}<br>after: ${esc(runLine(after))}</p>` +
    `<p><strong>${c.regressed ? 'regressed: something that passed before fails now' : 'no regression'}</strong></p>` +
    `${sections || '<p>No clause or row changed its status.</p>'}${c.shapes?.length ? shapesSection(c.shapes) : ''}</body></html>\n`
  );
}
