// A history for a person: in the terminal (the clauses that did not pass on every firmware, the firmware
// where each first failed, the flips without a firmware change, the soaks) and as one HTML page (the same,
// with every clause × firmware in a table; no script).
import { esc } from '../report/html-exchange.js';
import { type DeviceHistory, type HistoryView, notAlwaysPassing } from './model.js';

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const runsText = (n: number) => count(n, 'run');
const day = (iso: string | null) => (iso ? iso.slice(0, 16).replace('T', ' ') : '—');
const cellText = (outcomes: string[] | undefined, shown: string | undefined) =>
  !outcomes ? '—' : shown === 'mixed' ? `${outcomes.join('/')}` : `${shown}${outcomes.length > 1 ? ` ×${outcomes.length}` : ''}`;

/** `PAIR-09 in 3 runs, V-WS-05 in 1 run`. */
const knownText = (d: DeviceHistory) => [...d.known].map(([c, n]) => `${c} in ${runsText(n)}`).join(', ');

function soakLine(d: DeviceHistory): string[] {
  return d.soaks.map(
    (s) =>
      `    ${s.firmware}: ${count(s.soaks, 'soak')}, ${s.hours} h, ${count(s.requests, 'request')}, ${count(s.errors, 'error')}, ${count(s.reboots, 'reboot')}` +
      `${s.worstP99Ms === null ? '' : `, worst p99 ${s.worstP99Ms} ms`}`,
  );
}

export function historyText(v: HistoryView, file: string): string {
  const out = [
    `${file}: ${runsText(v.runs)} of ${v.devices.length} device${v.devices.length === 1 ? '' : 's'}${v.runs ? ` (${day(v.from)} to ${day(v.to)} UTC)` : ''}`,
  ];
  for (const d of v.devices) {
    out.push('', `${d.kind} ${d.serial}${d.productType ? ` (${d.productType})` : ''}: ${runsText(d.runs)} over firmware ${d.firmwares.join(', ')}`);
    const shown = notAlwaysPassing(d);
    const width = Math.max(8, ...shown.map((c) => c.length));
    const cols = d.firmwares.map((fw) =>
      Math.max(fw.length, ...shown.map((c) => cellText(d.table.get(c)!.get(fw)?.outcomes, d.table.get(c)!.get(fw)?.shown).length)),
    );
    if (shown.length) {
      out.push(`  ${'clause'.padEnd(width)}  ${d.firmwares.map((fw, i) => fw.padEnd(cols[i]!)).join('  ')}`);
      for (const c of shown) {
        const row = d.table.get(c)!;
        out.push(
          `  ${c.padEnd(width)}  ${d.firmwares.map((fw, i) => cellText(row.get(fw)?.outcomes, row.get(fw)?.shown).padEnd(cols[i]!)).join('  ')}`.trimEnd(),
        );
      }
    }
    out.push(`  ${d.table.size - shown.length} of ${d.table.size} clauses passed on every firmware they ran on`);
    out.push(d.firstFailed.size ? `  first failed: ${[...d.firstFailed].map(([c, fw]) => `${c} on ${fw}`).join(', ')}` : '  no clause failed');
    out.push(
      d.flips.length
        ? `  changed without a firmware change (a flaky device, or a flaky check): ${d.flips.map((f) => `${f.clause} on ${f.firmware} (${f.sequence.map((x) => x.status).join(' → ')})`).join('; ')}`
        : '  no clause changed outcome without a firmware change',
    );
    if (d.known.size) out.push(`  known failures (excused by --known): ${knownText(d)}`);
    if (d.soaks.length) out.push('  soaks per firmware:', ...soakLine(d));
  }
  return out.join('\n');
}

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:16px;color:#1b1b1b}
h1{font-size:20px}h2{font-size:17px;margin:24px 0 8px;border-bottom:1px solid #ddd}h3{font-size:14px;margin:14px 0 4px}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:2px 8px;text-align:left}th{background:#f5f5f5}
td.s-pass{background:#e6f4ea}td.s-fail,td.s-error{background:#fde7e7;font-weight:600}td.s-warn,td.s-deviation{background:#fff4e0}td.s-known{background:#e0f2f1}td.s-mixed{background:#fff0b3;font-weight:600}
.first{outline:2px solid #c62828}`;

function deviceHtml(d: DeviceHistory): string {
  const clauses = [...d.table.keys()];
  const header = `<tr><th>Clause</th>${d.firmwares.map((fw) => `<th>${esc(fw)}</th>`).join('')}</tr>`;
  const rows = clauses
    .map(
      (c) =>
        `<tr><td>${esc(c)}</td>${d.firmwares
          .map((fw) => {
            const cell = d.table.get(c)!.get(fw);
            const first = d.firstFailed.get(c) === fw ? ' first' : '';
            return `<td class="s-${cell?.shown ?? 'none'}${first}" title="${esc(cell ? cell.outcomes.join(', ') : 'not run')}">${esc(cellText(cell?.outcomes, cell?.shown))}</td>`;
          })
          .join('')}</tr>`,
    )
    .join('');
  const firsts = d.firstFailed.size
    ? `<ul>${[...d.firstFailed].map(([c, fw]) => `<li><b>${esc(c)}</b> first failed on ${esc(fw)}</li>`).join('')}</ul>`
    : '<p>No clause failed.</p>';
  const flips = d.flips.length
    ? `<ul>${d.flips.map((f) => `<li><b>${esc(f.clause)}</b> on ${esc(f.firmware)}: ${f.sequence.map((x) => `${esc(x.status)} (${esc(day(x.started))})`).join(' → ')}</li>`).join('')}</ul>`
    : '<p>No clause changed outcome without a firmware change.</p>';
  const soaks = d.soaks.length
    ? `<h3>Soaks per firmware</h3><table><tr><th>Firmware</th><th>Soaks</th><th>Hours</th><th>Requests</th><th>Errors</th><th>Reboots</th><th>Worst p99 (ms)</th></tr>${d.soaks
        .map(
          (s) =>
            `<tr><td>${esc(s.firmware)}</td><td>${s.soaks}</td><td>${s.hours}</td><td>${s.requests}</td><td>${s.errors}</td><td>${s.reboots}</td><td>${s.worstP99Ms ?? '—'}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  return (
    `<h2>${esc(d.kind)} ${esc(d.serial)}${d.productType ? ` (${esc(d.productType)})` : ''}</h2><p>${runsText(d.runs)} over firmware ${esc(d.firmwares.join(', '))}.</p>` +
    `${d.known.size ? `<p>Known failures (excused by --known): ${esc(knownText(d))}.</p>` : ''}` +
    `<h3>First failed</h3>${firsts}<h3>Changed without a firmware change (a flaky device, or a flaky check)</h3>${flips}${soaks}` +
    `<h3>Every clause by firmware</h3><p>Each cell is the outcome of every run of that firmware (×N: the same N times; a/b: runs disagreed). The cell where a clause first failed is outlined.</p>` +
    `<table>${header}${rows}</table>`
  );
}

/** A firmware × integration cell of can-i-deploy across firmware, as `history` gets it (lib/deploy/across-firmware.ts). */
export interface DeployCell {
  kind: string;
  firmware: string;
  integration: string;
  status: string;
  breaks: number;
}

/** The captures and contracts the history keeps: each kind's firmware × integration table. */
function deployHtml(cells: readonly DeployCell[]): string {
  if (!cells.length) return '';
  return `<h2>can-i-deploy across firmware</h2><p>Each firmware's latest capture held to each integration's latest contract.</p>${[
    ...new Set(cells.map((c) => c.kind)),
  ]
    .map((kind) => {
      const mine = cells.filter((c) => c.kind === kind);
      const integrations = [...new Set(mine.map((c) => c.integration))];
      const cell = (firmware: string, i: string) => {
        const c = mine.find((x) => x.firmware === firmware && x.integration === i);
        return !c
          ? '<td></td>'
          : c.status === 'breaks'
            ? `<td class="s-fail">BREAKS (${c.breaks})</td>`
            : `<td class="${c.status === 'ok' ? 's-pass' : ''}">${c.status === 'ok' ? 'ok' : 'n/a'}</td>`;
      };
      return (
        `<h3>${esc(kind)}</h3><table><tr><th>firmware</th>${integrations.map((i) => `<th>${esc(i)}</th>`).join('')}</tr>` +
        `${[...new Set(mine.map((c) => c.firmware))].map((fw) => `<tr><td>${esc(fw)}</td>${integrations.map((i) => cell(fw, i)).join('')}</tr>`).join('')}</table>`
      );
    })
    .join('')}`;
}

export function historyHtml(v: HistoryView, file: string, deploy: readonly DeployCell[] = []): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>History — ${esc(file)}</title><style>${CSS}</style></head><body>` +
    `<h1>History of ${esc(file)}</h1><p>${runsText(v.runs)} of ${v.devices.length} device${v.devices.length === 1 ? '' : 's'}, ${esc(day(v.from))} to ${esc(day(v.to))} UTC.</p>` +
    `${v.devices.map(deviceHtml).join('')}${deployHtml(deploy)}</body></html>\n`
  );
}

/** The view as plain JSON, for tools (`history --json`); `deploy` where the history keeps captures and contracts. */
export function historyJson(v: HistoryView, deploy: readonly DeployCell[] = []): string {
  return `${JSON.stringify(
    {
      runs: v.runs,
      from: v.from,
      to: v.to,
      devices: v.devices.map((d) => ({
        serial: d.serial,
        kind: d.kind,
        productType: d.productType,
        runs: d.runs,
        firmwares: d.firmwares,
        clauses: Object.fromEntries([...d.table].map(([c, row]) => [c, Object.fromEntries([...row].map(([fw, cell]) => [fw, cell.outcomes]))])),
        firstFailed: Object.fromEntries(d.firstFailed),
        flips: d.flips,
        soaks: d.soaks,
      })),
      ...(deploy.length ? { deploy } : {}),
    },
    null,
    2,
  )}\n`;
}
