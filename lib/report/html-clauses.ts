// report.html's table of every clause, filterable by outcome and by area without a script: each filter
// is a radio button, and the page's stylesheet (:has) hides the rows and areas it does not select. A
// browser without :has shows every row; a CSS counter says how many rows the filters leave.
import { esc } from './html-exchange.js';
import { type CheckResult, PROBLEMS, STATUSES, type Status, areasOf } from './results.js';

export const badge = (s: Status) => `<span class="status s-${s}">${s}</span>`;

/** A clause's statement as HTML: the catalogue's `code` spans as code. */
export const prose = (text: string) => esc(text).replace(/`([^`]+)`/g, '<code>$1</code>');

const PROBLEM_ROWS = PROBLEMS.map((s) => `[data-status="${s}"]`).join(',');

/** The filters' rules, for the areas the page's checks have. */
export const filterCss = (areas: readonly string[]) => `
.filters{margin:6px 0 8px}.filters div{margin:3px 0}.filters input{position:absolute;opacity:0}
.filters label{display:inline-block;border:1px solid #bbb;border-radius:12px;padding:0 8px;margin:2px 2px 2px 0;cursor:pointer;font-size:13px}
.filters input:checked+label{background:#1b1b1b;color:#fff;border-color:#1b1b1b}.filters input:focus-visible+label{outline:2px solid #1565c0}
.clause-list{counter-reset:shown}.clauses tr[data-status]{counter-increment:shown}.shown::before{content:counter(shown) " of "}
.clauses .area-head th{background:#eef2f6}.clauses td:nth-child(-n+3){white-space:nowrap}
body:has(#fs-problems:checked) .clauses tr[data-status]:not(:is(${PROBLEM_ROWS})){display:none}
body:has(#fs-problems:checked) .clauses tbody:not(:has(:is(${PROBLEM_ROWS}))){display:none}
${STATUSES.map(
  (s) => `body:has(#fs-${s}:checked) .clauses tr[data-status]:not([data-status="${s}"]),
body:has(#fs-${s}:checked) .clauses tbody:not(:has([data-status="${s}"])){display:none}`,
).join('\n')}
${areas.map((a) => `body:has(#fa-${a}:checked) .clauses tbody:not([data-area="${a}"]){display:none}`).join('\n')}`;

function choice(group: 'fs' | 'fa', value: string, text: string, count: number, checked = false): string {
  const id = `${group}-${value}`;
  return `<input type="radio" name="${group}" id="${id}"${checked ? ' checked' : ''}><label for="${id}">${esc(text)} (${count})</label>`;
}

function filters(checks: readonly CheckResult[], areas: readonly string[]): string {
  const of = (s: Status) => checks.filter((c) => c.status === s).length;
  const problems = checks.filter((c) => PROBLEMS.includes(c.status)).length;
  const statuses = STATUSES.filter((s) => of(s) > 0).map((s) => choice('fs', s, s, of(s)));
  const areaChoices = areas.map((a) => choice('fa', a, a, checks.filter((c) => c.area === a).length));
  return (
    `<form class="filters" aria-label="Filter the clauses"><div><b>Outcome:</b> ${choice('fs', 'all', 'all', checks.length, true)}` +
    `${problems ? choice('fs', 'problems', 'not passed', problems) : ''}${statuses.join('')}</div>` +
    `<div><b>Area:</b> ${choice('fa', 'all', 'all', checks.length, true)}${areaChoices.join('')}</div></form>`
  );
}

/** Characters of a check's message a row shows: the failures and the observations below have it whole. */
export const ROW_MESSAGE = 200;

function row(c: CheckResult): string {
  const id = PROBLEMS.includes(c.status) ? `<a href="#${esc(c.clause)}">${esc(c.clause)}</a>` : esc(c.clause);
  const first = c.message.split('\n')[0]!;
  const what = first ? `<div class="muted">${esc(first.length > ROW_MESSAGE ? `${first.slice(0, ROW_MESSAGE)}…` : first)}</div>` : '';
  const known = c.known && !c.known.expired ? ' <span class="tag">known</span>' : '';
  return (
    `<tr data-status="${c.status}"><td>${id}</td><td>${esc(c.level)}</td><td>${badge(c.status)}${known}</td>` +
    `<td>${prose(c.title.replace(/^\S+ \[\w+\] /, ''))}${what}</td></tr>`
  );
}

/** Every clause, grouped by area, with the filters above them. */
export function clauseTable(checks: readonly CheckResult[]): string {
  const areas = areasOf(checks);
  const bodies = areas.map(
    (a) =>
      `<tbody data-area="${a}"><tr class="area-head"><th colspan="4">${esc(a)}</th></tr>` +
      `${checks
        .filter((c) => c.area === a)
        .map(row)
        .join('')}</tbody>`,
  );
  return (
    `<div class="clause-list">${filters(checks, areas)}<table class="clauses"><thead><tr><th>Clause</th><th>Level</th><th>Outcome</th>` +
    `<th>Statement, and what happened</th></tr></thead>${bodies.join('')}</table>` +
    `<p class="muted"><span class="shown"></span>${checks.length} clauses shown.</p></div>`
  );
}
