// `run --claims` in every report: one line for the terminal, summary.md and junit.xml, a section for report.html.
import { esc } from './html-exchange.js';
import type { ClaimsFacts, RunResults } from './results.js';

/** The file, its hash, the device, and what was not served or not seen of what it claims. */
export function claimsLine(c: ClaimsFacts): string {
  const gone = c.endpoints.filter((e) => !e.served).map((e) => `${e.api} ${e.endpoint} (${e.why})`);
  const unseen = c.fields.filter((f) => f.seen === false).map((f) => `${f.field} of ${f.endpoint}`);
  return (
    `claims ${c.file} (sha256 ${c.sha256.slice(0, 12)}…): ${c.device}, a ${c.kind} serving ${c.api.join(' and ')}; ` +
    `${c.endpoints.length} endpoints claimed, the suites gated by them in place of the kind table` +
    `${gone.length ? `; claimed IF-IMPLEMENTED and not served: ${gone.join(', ')}` : ''}${unseen.length ? `; claimed fields not in any answer: ${unseen.join(', ')}` : ''}` +
    `${c.notJudged.length ? `; ${c.notJudged.length} claims no clause judges` : ''}`
  );
}

/** report.html's Claims section: each endpoint and field, at its level, and what the run made of it. */
export function claimsSection(r: RunResults): string {
  const c = r.claims;
  if (!c) return '';
  const endpoints = c.endpoints
    .map(
      (e) =>
        `<tr><td>${esc(e.api)}</td><td><code>${esc(e.endpoint)}</code></td><td>${esc(e.level)}</td>` +
        `<td>${
          !e.served
            ? `not served: ${esc(e.why ?? '')}`
            : e.level === 'IF-IMPLEMENTED'
              ? 'served (asked before the suites): held to its clauses as MUST'
              : e.level === 'SHOULD'
                ? 'claimed: its clauses ran, a MUST broken counted as a deviation'
                : 'claimed: its clauses ran as the gates allowed'
        }</td></tr>`,
    )
    .join('');
  const fields = c.fields
    .map(
      (f) =>
        `<tr><td>${esc(f.api)}</td><td><code>${esc(f.endpoint)}</code> <code>${esc(f.field)}</code></td><td>${esc(f.level)}</td>` +
        `<td>${f.seen === null ? 'no answer of it was recorded' : f.seen ? 'in an answer' : 'in no answer'}</td></tr>`,
    )
    .join('');
  return (
    `<h2>Claims</h2><p><code>${esc(c.file)}</code> (SHA-256 ${esc(c.sha256.slice(0, 12))}…): ${esc(c.device)}, a ${esc(c.kind)} serving ${esc(c.api.join(' and '))}. ` +
    'The suites ran as it claims, in place of the kind table: a clause whose endpoint it does not claim is skipped, saying so; one claimed SHOULD counts a MUST broken as a deviation.</p>' +
    `<table><tr><th>API</th><th>Endpoint</th><th>Level</th><th>What the run made of it</th></tr>${endpoints}${fields}</table>` +
    `${c.notJudged.map((n) => `<p class="note"><b>Not judged:</b> ${esc(n)}</p>`).join('')}`
  );
}
