// report.html's "Explored" section: the exploration's seed (how to replay it), what it cost against its
// budget, the shrunk sequence of a disagreement step by step, and what the steps held.
import { esc } from './html-exchange.js';
import type { RunResults } from './results.js';
import { exploreCostText } from './summary.js';

const countList = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([clause, n]) => `${esc(clause)} ${n}`)
    .join(', ') || 'none';

export function exploredSection(r: RunResults): string {
  const e = r.explored;
  if (!e) return '';
  const rows: [string, string][] = [
    ['Seed', `${e.seed}: the same seed draws the same sequences (--seed ${e.seed})`],
    ['Cost / budget', `${exploreCostText(e)}; each sequence of up to ${e.budget.steps} steps`],
    ['Stopped early', e.stoppedBy === null ? 'no' : e.stoppedBy === 'broken' ? `the device: ${e.broken}` : e.stoppedBy],
    ['Steps drawn', e.drawn.join('; ') || 'none'],
    ['Steps left out', e.left.join('; ') || 'none'],
    ['Clauses held (steps)', countList(e.held)],
    ['"Not shown", adopted (steps)', countList(e.adopted)],
  ];
  const table = `<table class="facts">${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>`;
  const f = e.finding;
  const found = f
    ? `<h3>A disagreement under <a href="#${esc(f.clause)}">${esc(f.clause)}</a>, shrunk to ${f.sequence.length} step${f.sequence.length === 1 ? '' : 's'}</h3>` +
      `<p class="muted">Each sequence starts from the device as the run found it (the socket as it was, the explorer's users deleted); what earlier sequences left in the device's memory is replayed with the seed.</p>` +
      `<ol>${f.sequence.map((s, i) => `<li>${i === f.sequence.length - 1 ? `<b>${esc(s)}</b>` : esc(s)}</li>`).join('')}</ol>` +
      `<table><tr><th>expected</th><td>${esc(f.expected)}</td></tr><tr><th>observed</th><td>${esc(f.observed)}</td></tr></table>`
    : '<p>No disagreement with the model.</p>';
  return `<h2>Explored</h2>${found}${table}`;
}
