// report.html: one self-contained page (no script, no network) for the people who judge a device, in the
// order they read it: the verdict, each failure with its evidence, the deviations and warnings, every
// clause (filterable by outcome and area), what was observed, the device and the run, and the coverage.
import { claimsSection } from './claims-text.js';
import { badge, clauseTable, filterCss, prose } from './html-clauses.js';
import { esc, exchanges } from './html-exchange.js';
import { exploredSection } from './html-explored.js';
import { SOAK_CSS, soakSection } from './html-soak.js';
import { TIMELINE_CSS, timeline } from './html-timeline.js';
import { type CheckResult, type KnownMark, type RunResults, STRICT_DEVIATION, type Status, areasOf, isExcused } from './results.js';
import { TOKEN_VARIABLE, reproduction } from './reproduce.js';
import { excused, excusedNote, fixedLines, knownWhy } from './known-text.js';
import { countsText, profileText } from './summary.js';

const CSS = `
body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:16px;color:#1b1b1b}
h1{font-size:20px;margin:0 0 8px}h2{font-size:17px;margin:24px 0 8px;border-bottom:1px solid #ddd}h3{font-size:14px;margin:14px 0 4px}
code{font:12.5px ui-monospace,monospace;background:#f2f2f2;padding:0 3px;border-radius:3px}
.verdict{display:inline-block;padding:2px 10px;border-radius:4px;color:#fff;font-weight:600}
.s-pass{background:#1a7f37}.s-fail{background:#c62828}.s-error{background:#8e24aa}.s-warn{background:#b26a00}.s-deviation{background:#8d4f00}.s-observation{background:#1565c0}.s-skip{background:#757575}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:3px 6px;vertical-align:top;text-align:left}td{overflow-wrap:anywhere}
th{background:#f5f5f5}.facts th{width:200px;font-weight:normal;color:#555;background:none}
.status{color:#fff;border-radius:3px;padding:0 5px;font-size:12px;white-space:nowrap}
pre{background:#f7f7f7;border:1px solid #e3e3e3;padding:6px;white-space:pre-wrap;word-break:break-all;margin:4px 0;font-size:12px}
details.body{margin:-4px 0 4px}details.body>summary{font-size:12px;color:#555;cursor:pointer}
.problem{border-left:4px solid #c62828;padding:2px 10px;margin:10px 0}.problem.warn{border-color:#b26a00}.problem.deviation{border-color:#8d4f00}.problem.error{border-color:#8e24aa}.problem.known{border-color:#00838f}.tag{font-size:.8em;padding:0 4px;border:1px solid #00838f;color:#00838f;border-radius:3px}
.grid{display:flex;flex-wrap:wrap;gap:3px}.grid span{color:#fff;font-size:11px;padding:1px 4px;border-radius:3px}
.muted{color:#666}details.observation{margin:4px 0}details.observation>summary{cursor:pointer;font-weight:600}`;

const facts = (rows: readonly (readonly [string, unknown])[]) =>
  `<table class="facts">${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v ?? '—')}</td></tr>`).join('')}</table>`;

/** An option's value as a person reads it: lists joined, an option left out as "not given". */
const optionText = (v: unknown) =>
  v === null || v === undefined ? 'not given' : Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v);

function deviceAndRun(r: RunResults): string {
  const t = r.target;
  const device = facts([
    ['Kind', t.kind],
    ['Product type', t.product_type],
    ['Serial', t.serial],
    ['Firmware', t.firmware_version],
    ['API version', t.api_version],
    ['Certificate SHA-256', t.certificate_sha256],
    ['Address', t.host],
  ]);
  const run: [string, unknown][] = [
    ['Tool', `${r.tool.name} ${r.tool.version}`],
    ['Started', r.started],
    ['Finished', `${r.finished} (${(r.durationMs / 1000).toFixed(1)} s)`],
    ['Requests', `${r.requests} over ${r.connections} connections`],
    ['Presses', `${r.presses.count} confirmed of ${r.presses.asked} asked${r.presses.backend ? ` (${r.presses.backend})` : ''}`],
  ];
  if (r.socket) run.push(['Socket', `${r.socket.stateRequests} state requests, ${r.socket.relaySwitches} relay switches`]);
  run.push(['Left as found', r.residue.length ? `no: ${r.residue.join('; ')}` : 'yes']);
  for (const n of r.notes) run.push(['Note', n]);
  const options = facts(Object.entries({ ...r.options, strict: r.strict }).map(([k, v]) => [k, optionText(v)]));
  return `<h2>${r.integration ? 'Integration, device and run' : 'Device and run'}</h2>${integration(r)}<h3>${r.integration ? 'The emulated device it was served' : 'Device'}</h3>${device}<h3>Run</h3>${facts(run)}<h3>Options</h3>${options}`;
}

function problem(c: CheckResult): string {
  // The message's own "exchange:" lines are shown in full below. A single case's expected/observed is a
  // table in place of its first line; a clause of several cases keeps every line, each naming its row.
  const lines = c.message.split('\n').filter((l) => !l.startsWith('exchange: '));
  const table = c.expected !== undefined && (c.rows?.length ?? 1) === 1;
  const repro = reproduction(c);
  const [first, ...more] = table ? ['', ...lines.slice(1)] : lines;
  const evidence = table
    ? `<table><tr><th>expected</th><td>${esc(c.expected)}</td></tr><tr><th>observed</th><td>${esc(typeof c.observed === 'string' ? c.observed : JSON.stringify(c.observed))}</td></tr></table>`
    : '';
  return (
    `<div class="problem ${c.status}${isExcused(c) ? ' known' : ''}" id="${esc(c.clause)}"><h3>${badge(c.status)} ${prose(c.title)}</h3>` +
    `${c.deviation ? `<p class="why"><b>Why a deviation:</b> ${esc(c.deviation)}; ${esc(STRICT_DEVIATION)}.</p>` : ''}` +
    `${c.known ? `<p class="why"><b>Known failure${c.known.expired ? ', expired' : ''}:</b> ${knownHtml(c.known)}</p>` : ''}` +
    `${first ? `<p>${esc(first)}</p>` : ''}${evidence}${more.length ? `<pre>${esc(more.join('\n'))}</pre>` : ''}` +
    // The exchanges the outcome is about, then the check's others (setup reads, steps) collapsed; then how to send them again.
    `${exchanges(c.exchanges, Math.max(1, c.evidence ?? 0), c.evidence ? 'other exchanges of this check (setup and steps)' : undefined)}` +
    `${repro.length ? `<details class="repro"><summary>reproduce (the token as ${esc(TOKEN_VARIABLE)})</summary><pre>${esc(repro.join('\n'))}</pre></details>` : ''}</div>`
  );
}

/** Collapsed: what the device answered where the specification is silent is data to look up, not to scroll past. */
function observation(c: CheckResult): string {
  return (
    `<details class="observation"><summary>${prose(c.title)}</summary><pre>${esc(JSON.stringify(c.observed ?? c.message, null, 2))}</pre>` +
    `${c.exchanges.length ? `<details><summary>the exchanges</summary>${exchanges(c.exchanges, c.exchanges.length)}</details>` : ''}</details>`
  );
}

function coverage(checks: readonly CheckResult[]): string {
  const rows = areasOf(checks).map((area) => {
    const mine = checks.filter((c) => c.area === area);
    return mine.length
      ? `<tr><th>${esc(area)}</th><td><div class="grid">${mine
          .map((c) => `<span class="s-${c.status}" title="${esc(`${c.title} — ${c.status}`)}">${esc(c.clause)}</span>`)
          .join('')}</div></td></tr>`
      : '';
  });
  const ran = checks.filter((c) => c.status !== 'skip').length;
  return `<p>${ran} of ${checks.length} clauses of the catalogue ran.</p><table>${rows.join('')}</table>`;
}

/** The checks of these outcomes, but the failures a --known entry excuses: those have a section of their own. */
const of = (r: RunResults, ...statuses: Status[]) => statuses.flatMap((s) => r.checks.filter((c) => c.status === s && !isExcused(c)));

/** The entry as every report words it, its link as a link. */
const knownHtml = (k: KnownMark) => knownWhy(k, { text: esc, link: (url) => `<a href="${esc(url)}">${esc(url)}</a>` });

/** The failures --known excuses, apart, and the entries whose clause passes now. */
function knownSection(r: RunResults): string {
  const known = excused(r);
  const fixed = fixedLines(r);
  if (!known.length && !fixed.length) return '';
  const file = r.known ? `<code>${esc(r.known.file)}</code> (SHA-256 ${esc(r.known.sha256.slice(0, 12))}…)` : '--known';
  return (
    `${known.length ? `<h2>Known failures (${known.length})</h2><p>Listed in ${file}: ${esc(excusedNote(r))}.</p>${known.map(problem).join('')}` : ''}` +
    `${fixed.map((l) => `<p class="note"><b>Fixed:</b> ${esc(l)}</p>`).join('')}`
  );
}

function integration(r: RunResults): string {
  if (!r.integration) return '';
  const { name, version, command } = r.integration;
  return `<h3>Integration</h3>${facts([
    ['Name', name],
    ['Version', version],
    ['Command', command],
    ['Catalogue', r.scenario?.catalogue],
  ])}`;
}

/** The headline's words for who was judged. */
function subject(r: RunResults): [title: string, h1: string, facts: string] {
  const t = r.target;
  if (r.integration) {
    const who = `${r.integration.name}${r.integration.version ? ` ${r.integration.version}` : ''}`;
    return [
      who,
      esc(who),
      `an integration, judged against ${esc(r.scenario?.catalogue ?? 'the client catalogue')} on an emulated ${esc(t.kind)} ` +
        `(serial ${esc(t.serial)}), ${esc(r.tool.name)} ${esc(r.tool.version)}`,
    ];
  }
  return [
    `${t.kind} ${t.serial ?? t.host}`,
    `${esc(t.kind)} ${esc(t.serial ?? '')} at ${esc(t.host)}`,
    `${esc(t.product_type ?? 'unknown product type')}, firmware ${esc(t.firmware_version ?? '—')}, API ${esc(t.api_version ?? '—')}, ${esc(r.tool.name)} ${esc(r.tool.version)}`,
  ];
}

/** Which catalogues the run judged against, each with its own verdict and counts. */
function profiles(r: RunResults): string {
  if (!r.profiles) return '';
  return `<table class="profiles"><tr><th>Profile</th><th>Verdict</th><th>Outcomes</th></tr>${r.profiles
    .map((p) => `<tr><td>${esc(profileText(p))}</td><td>${badge(p.verdict)}</td><td>${esc(countsText(p.summary))}</td></tr>`)
    .join('')}</table>`;
}

export function reportHtml(r: RunResults): string {
  const failures = of(r, 'fail', 'error');
  const softer = of(r, 'deviation', 'warn');
  const observed = of(r, 'observation');
  const known = excused(r).length;
  const s = r.summary;
  const [who, headline, about] = subject(r);
  const title = `${r.verdict.toUpperCase()} — ${who}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${CSS}${filterCss(areasOf(r.checks))}${r.scenario ? TIMELINE_CSS : ''}${r.soak ? SOAK_CSS : ''}</style></head><body>
<h1><span class="verdict s-${r.verdict}">${esc(r.verdict.toUpperCase())}</span> ${headline}</h1>
${r.notes.map((n) => `<p class="note"><b>Note:</b> ${esc(n)}</p>`).join('')}
<p>${about}</p>
<p>${s.pass} pass, ${s.fail} fail, ${s.deviation} ${s.deviation === 1 ? 'deviation' : 'deviations'}, ${s.warn} warn, ${s.observation} observed, ${s.error} error, ${s.skip} skipped${known ? ` (${known} of them known)` : ''}</p>
${profiles(r)}
${r.residue.length ? `<p class="note"><b>Not left as found:</b> ${esc(r.residue.join('; '))}</p>` : ''}
${failures.length ? `<h2>Failures (${failures.length})</h2>${failures.map(problem).join('')}` : '<h2>No failures</h2>'}
${claimsSection(r)}
${knownSection(r)}
${
  softer.length
    ? `<h2>Deviations and warnings (${softer.length})</h2>` +
      `${s.deviation ? `<p>Deviations: MUST clauses violated under a capability the specification marks "In development" for this kind; ${esc(STRICT_DEVIATION)}${r.strict ? ' (--strict was given)' : ''}.</p>` : ''}` +
      `${softer.map(problem).join('')}`
    : ''
}
${exploredSection(r)}
${soakSection(r)}
<h2>Every clause</h2>${clauseTable(r.checks)}
${timeline(r)}
${observed.length ? `<h2>Observations: what the device answered where the specification says "not shown" (${observed.length})</h2>${observed.map(observation).join('')}` : ''}
${deviceAndRun(r)}
<h2>Coverage of the catalogue</h2>${coverage(r.checks)}
</body></html>
`;
}
