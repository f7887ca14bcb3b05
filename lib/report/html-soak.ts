// report.html's Soak section: the thresholds, then plots over time as inline SVG (no script): each endpoint's
// p99 latency against the bound, the data's freshness and the push streams' silences against theirs, errors by
// kind per interval, connections opened per interval; reboots are marked on every plot. A table of the figures per
// endpoint follows.
import { esc } from './html-exchange.js';
import type { RunResults } from './results.js';
import { ERROR_KINDS, type SoakFacts, type SoakInterval, errorCount, summed } from './soak-facts.js';

const W = 960;
const H = 170;
const PAD = { left: 56, right: 12, top: 10, bottom: 26 };
const COLORS = ['#1565c0', '#2e7d32', '#6a1b9a', '#ef6c00', '#00838f', '#5d4037'];
const ERROR_COLORS: Record<(typeof ERROR_KINDS)[number], string> = {
  refused: '#c62828',
  reset: '#ef6c00',
  timeout: '#6a1b9a',
  'bad answer': '#ad1457',
  other: '#546e7a',
};

export const SOAK_CSS =
  '.plot{margin:6px 0 14px}.plot text{font:11px system-ui,sans-serif;fill:#444}.legend span{display:inline-block;margin-right:12px;font-size:12px}' +
  '.legend i{display:inline-block;width:10px;height:10px;margin-right:4px;vertical-align:middle}';

const clock = (s: number) =>
  s >= 3600 ? `${(s / 3600).toFixed(s % 3600 ? 1 : 0)} h` : s >= 120 ? `${(s / 60).toFixed(s % 60 ? 1 : 0)} min` : `${Math.round(s)} s`;
const round = (n: number) => Math.round(n * 10) / 10;

interface Frame {
  x: (s: number) => number;
  y: (v: number) => number;
  top: number;
}

/** Axes, ticks and the reboots of one plot; `draw` adds its marks inside. */
function plot(soak: SoakFacts, label: string, max: number, draw: (f: Frame) => string): string {
  const end = Math.max(soak.ranS, soak.intervals.at(-1)?.to ?? 0, 1);
  const top = max > 0 ? max : 1;
  const x = (s: number) => round(PAD.left + (s / end) * (W - PAD.left - PAD.right));
  const y = (v: number) => round(H - PAD.bottom - (Math.min(v, top) / top) * (H - PAD.top - PAD.bottom));
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => `<text x="${x(end * f)}" y="${H - 8}" text-anchor="middle">${clock(end * f)}</text>`).join('');
  const values = [0, top / 2, top]
    .map(
      (v) =>
        `<text x="${PAD.left - 4}" y="${y(v) + 4}" text-anchor="end">${round(v)}</text>` +
        `<line x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(v)}" y2="${y(v)}" stroke="#eee"/>`,
    )
    .join('');
  const reboots = soak.reboots
    .map(
      (r) =>
        `<line x1="${x(r.at)}" x2="${x(r.at)}" y1="${PAD.top}" y2="${H - PAD.bottom}" stroke="#c62828" stroke-dasharray="3 3">` +
        `<title>reboot at ${clock(r.at)} (${r.how === 'uptime' ? 'uptime_s restarted' : `no answer for ${r.awayS} s`})</title></line>`,
    )
    .join('');
  return (
    `<svg class="plot" role="img" aria-label="${esc(label)}" viewBox="0 0 ${W} ${H}" width="100%" preserveAspectRatio="none">` +
    `<title>${esc(label)}</title>${values}${ticks}${draw({ x, y, top })}${reboots}</svg>`
  );
}

const legend = (items: [string, string][]) =>
  `<p class="legend">${items.map(([name, color]) => `<span><i style="background:${color}"></i>${esc(name)}</span>`).join('')}</p>`;

function latencyPlot(s: SoakFacts): string {
  const bound = s.thresholds.maxP99Ms;
  const worst = Math.max(bound, ...s.intervals.flatMap((i) => Object.values(i.endpoints).map((e) => e.p99 ?? 0)));
  const svg = plot(
    s,
    `p99 latency per interval and endpoint (ms), bound ${bound} ms`,
    worst * 1.05,
    ({ x, y }) =>
      `<line x1="${x(0)}" x2="${x(s.ranS)}" y1="${y(bound)}" y2="${y(bound)}" stroke="#c62828"><title>--max-p99 ${bound} ms</title></line>` +
      s.endpoints
        .map((name, k) => {
          const points = s.intervals
            .filter((i) => i.endpoints[name]?.p99 !== null && i.endpoints[name] !== undefined)
            .map((i) => `${x((i.from + i.to) / 2)},${y(i.endpoints[name]!.p99!)}`);
          return points.length
            ? `<polyline fill="none" stroke="${COLORS[k % COLORS.length]}" stroke-width="1.6" points="${points.join(' ')}"><title>${esc(name)}</title></polyline>`
            : '';
        })
        .join(''),
  );
  return `<h3>Latency (p99 per interval)</h3>${svg}${legend([...s.endpoints.map((n, k): [string, string] => [n, COLORS[k % COLORS.length]!]), [`bound ${bound} ms`, '#c62828']])}`;
}

/** One figure per interval against its bound (s): the longest standstill of the data, or the longest silence of a socket. */
function secondsPlot(
  s: SoakFacts,
  title: string,
  label: string,
  bound: number | null | undefined,
  flag: string,
  value: (i: SoakInterval) => number | null | undefined,
): string {
  const points = s.intervals.map((i) => [i, value(i)] as const).filter((p): p is readonly [SoakInterval, number] => typeof p[1] === 'number');
  if (!points.length) return '';
  const top = Math.max(bound ?? 0, ...points.map(([, v]) => v)) * 1.05;
  const svg = plot(
    s,
    label,
    top,
    ({ x, y }) =>
      (bound ? `<line x1="${x(0)}" x2="${x(s.ranS)}" y1="${y(bound)}" y2="${y(bound)}" stroke="#c62828"><title>${flag} ${bound} s</title></line>` : '') +
      `<polyline fill="none" stroke="#1565c0" stroke-width="1.6" points="${points.map(([i, v]) => `${x((i.from + i.to) / 2)},${y(v)}`).join(' ')}"><title>${esc(label)}</title></polyline>`,
  );
  return `<h3>${esc(title)}</h3>${svg}${legend([[label, '#1565c0'], ...(bound ? [[`bound ${bound} s`, '#c62828'] as [string, string]] : [])])}`;
}

function availability(s: SoakFacts): string {
  const a = s.availability;
  if (!a) return '';
  return a.absences.length
    ? ` Away ${a.absences.length} time${a.absences.length === 1 ? '' : 's'} (${a.perHour} an hour), the longest ${a.longestS} s${a.absences.some((x) => x.ongoing) ? ', still away at the end' : ''}.`
    : ' Never away.';
}

const errorsOf = (i: SoakInterval, kind: (typeof ERROR_KINDS)[number]) => Object.values(i.endpoints).reduce((n, e) => n + e.errors[kind], 0);

function barPlot(s: SoakFacts, label: string, series: [string, string, (i: SoakInterval) => number][]): string {
  const most = Math.max(1, ...s.intervals.map((i) => series.reduce((n, [, , v]) => n + v(i), 0)));
  return plot(s, label, most, ({ x, y }) =>
    s.intervals
      .map((i) => {
        let base = 0;
        return series
          .map(([name, color, v]) => {
            const n = v(i);
            if (!n) return '';
            const bar =
              `<rect x="${x(i.from)}" width="${Math.max(1, round(x(i.to) - x(i.from) - 1))}" y="${y(base + n)}" height="${round(y(base) - y(base + n))}" fill="${color}">` +
              `<title>${esc(`${name}: ${n} in ${clock(i.from)}–${clock(i.to)}`)}</title></rect>`;
            base += n;
            return bar;
          })
          .join('');
      })
      .join(''),
  );
}

function figures(s: SoakFacts): string {
  const rows = s.endpoints.map((name) => {
    const all = s.intervals.map((i) => i.endpoints[name]).filter((e) => e !== undefined);
    const { requests, errors: byKind } = summed(all);
    const errors = ERROR_KINDS.map((k) => byKind[k]);
    const p99s = all.map((e) => e.p99).filter((v) => v !== null);
    return `<tr><td>${esc(name)}</td><td>${requests}</td>${errors.map((n) => `<td>${n}</td>`).join('')}<td>${p99s.length ? Math.max(...p99s) : '—'}</td></tr>`;
  });
  return `<table><tr><th>Endpoint</th><th>Requests</th>${ERROR_KINDS.map((k) => `<th>${esc(k)}</th>`).join('')}<th>Highest p99 of an interval (ms)</th></tr>${rows.join('')}</table>`;
}

export function soakSection(r: RunResults): string {
  const s = r.soak;
  if (!s) return '';
  const t = s.totals;
  return (
    `<h2>Soak</h2><p>${s.clients} integrations polled every ${s.pollMs} ms for ${clock(s.ranS)} of ${clock(s.askedS)}${s.stoppedBy === 'interrupted' ? ' (interrupted)' : ''}: ` +
    `${t.requests} requests over ${t.connections} connections, ${errorCount(t.errors)} errors, ${s.reboots.length} reboots; ` +
    `${s.spotChecks} spot checks; intervals of ${s.intervalS} s.${availability(s)}${
      s.streams?.clients
        ? ` ${s.streams.clients} WebSocket integration${s.streams.clients === 1 ? '' : 's'}: ` +
          `${s.streams.opened} sockets opened, ${s.streams.messages} messages.`
        : ''
    } Reboots are the dashed red lines.</p>` +
    latencyPlot(s) +
    secondsPlot(
      s,
      'Freshness (the longest a reading stood still, per interval)',
      'seconds the same reading was answered',
      s.thresholds.maxStaleS,
      '--max-stale',
      (i) => i.staleS,
    ) +
    secondsPlot(
      s,
      'Push streams (the longest silence of an open WebSocket, per interval)',
      'seconds without a message',
      s.thresholds.maxStallS,
      '--max-stall',
      (i) => i.stallS,
    ) +
    `<h3>Errors per interval</h3>${barPlot(
      s,
      'errors per interval, by kind',
      ERROR_KINDS.map((k) => [k, ERROR_COLORS[k], (i: SoakInterval) => errorsOf(i, k)]),
    )}` +
    legend(ERROR_KINDS.map((k) => [k, ERROR_COLORS[k]])) +
    `<h3>Connections opened per interval</h3>${barPlot(s, 'connections opened per interval', [['connections', '#1565c0', (i) => i.connections]])}` +
    `<h3>Per endpoint</h3>${figures(s)}`
  );
}
