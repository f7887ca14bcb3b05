// A folder of certifications as a certification body publishes it: one row per certification — what was judged
// (an integration or a device), on which release and kind, its outcome, when it was signed, until when it holds,
// and whether it holds now (revoked, expired, or changed: said). Pure: each certification's verification in, the rows
// out; the page and the JSON are the same rows.
import { esc } from '../report/html-exchange.js';
import type { Verified } from './verify.js';

export type Standing = 'holds' | 'revoked' | 'expired' | 'does not hold';

export interface ListedCertification {
  /** The envelope's path, relative to the folder listed. */
  file: string;
  subject: { type: 'integration' | 'device'; name: string; version: string | null } | null;
  kind: string | null;
  release: string | null;
  result: 'PASSED' | 'WARNED' | 'FAILED' | null;
  counts: { passed: number; warned: number; failed: number } | null;
  signed: string | null;
  expires: string | null;
  standing: Standing;
  /** What does not hold, each as verify says it (none where it holds). */
  problems: string[];
  revoked: { at: string; why: string } | null;
}

type Annotations = Record<string, unknown>;
const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function listed(file: string, v: Verified): ListedCertification {
  const p = v.statement?.predicate;
  const config = (name: string) => p?.configuration.find((c) => c.name === name)?.annotations as Annotations | undefined;
  const integration = config('integration');
  const device = config('device');
  const validity = config('validity');
  const standing: Standing = v.problems.length === 0 ? 'holds' : v.revoked ? 'revoked' : v.expired && v.problems.length === 1 ? 'expired' : 'does not hold';
  return {
    file,
    subject: integration
      ? { type: 'integration', name: text(integration.name) ?? 'integration', version: text(integration.version) }
      : device
        ? {
            type: 'device',
            name: [text(device.product_type), text(device.serial)].filter(Boolean).join(' ') || 'device',
            version: text(device.firmware_version),
          }
        : null,
    kind: text(integration?.kind) ?? text(device?.kind),
    release: text(integration?.release) ?? text(device?.api_version),
    result: p?.result ?? null,
    counts: p ? { passed: p.passedTests.length, warned: p.warnedTests.length, failed: p.failedTests.length } : null,
    signed: text(validity?.signed),
    expires: text(validity?.expires),
    standing,
    problems: v.problems,
    revoked: v.revoked ?? null,
  };
}

/** Integration or device, then release, then kind, then the newest first. */
export function sortListing(rows: ListedCertification[]): ListedCertification[] {
  const key = (r: ListedCertification) => [r.subject?.type ?? '', r.subject?.name ?? '', r.release ?? '', r.kind ?? ''].join('\u0000');
  return [...rows].sort((a, b) => key(a).localeCompare(key(b)) || (b.signed ?? '').localeCompare(a.signed ?? ''));
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '—');
const who = (r: ListedCertification) => (r.subject ? `${r.subject.name}${r.subject.version ? ` ${r.subject.version}` : ''}` : '—');
const standingText = (r: ListedCertification) =>
  r.standing === 'revoked'
    ? `revoked ${day(r.revoked!.at)}: ${r.revoked!.why}`
    : r.standing === 'does not hold'
      ? `does not hold: ${r.problems.join('; ')}`
      : r.standing;

/** The terminal's table: one line per certification. */
export function listingText(rows: readonly ListedCertification[]): string {
  if (!rows.length) return 'no certification.dsse.json found\n';
  return rows
    .map(
      (r) =>
        `${r.standing === 'holds' ? '✓' : '✗'} ${who(r)}  ${r.kind ?? '—'}  API ${r.release ?? '—'}  ${r.result ?? '—'}  ` +
        `signed ${day(r.signed)}, until ${day(r.expires)}  ${standingText(r)}  (${r.file})`,
    )
    .join('\n')
    .concat('\n');
}

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:16px;color:#1b1b1b}
table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:top}
.holds{color:#116329}.not{color:#a40e26;font-weight:600}td.file{font:12px ui-monospace,monospace;word-break:break-all}`;

export function listingHtml(rows: readonly ListedCertification[], folder: string, keyName: string, at: Date): string {
  const row = (r: ListedCertification) =>
    `<tr><td>${esc(r.subject?.type ?? '—')}</td><td>${esc(who(r))}</td><td>${esc(r.release ?? '—')}</td><td>${esc(r.kind ?? '—')}</td>` +
    `<td>${esc(r.result ?? '—')}${r.counts ? ` <small>(${r.counts.passed} passed, ${r.counts.warned} warned, ${r.counts.failed} failed)</small>` : ''}</td>` +
    `<td>${esc(day(r.signed))}</td><td>${esc(day(r.expires))}</td><td class="${r.standing === 'holds' ? 'holds' : 'not'}">${esc(standingText(r))}</td>` +
    `<td class="file">${esc(r.file)}</td></tr>`;
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Certifications — ${esc(folder)}</title><style>${CSS}</style></head><body>` +
    `<h1>Certifications in ${esc(folder)}</h1><p>${rows.length} certification${rows.length === 1 ? '' : 's'}, each verified with ${esc(keyName)} on ${esc(at.toISOString().slice(0, 16).replace('T', ' '))} UTC: ` +
    `${rows.filter((r) => r.standing === 'holds').length} hold.</p>` +
    `<table><tr><th>judged</th><th>name and version</th><th>API release</th><th>kind</th><th>outcome</th><th>signed</th><th>expires</th><th>standing</th><th>certification</th></tr>` +
    `${rows.map(row).join('')}</table></body></html>\n`
  );
}
