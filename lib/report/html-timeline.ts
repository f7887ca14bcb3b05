// certify-client's report.html: the integration's requests on the scenario's timeline, a lane per phase,
// each request a mark at its time, coloured by the device's answer (titles say what and when).
import { esc } from './html-exchange.js';
import type { RunResults } from './results.js';

export const TIMELINE_CSS = `
.timeline{width:100%}.timeline td{vertical-align:middle}.timeline td:first-child{width:150px}.timeline td:nth-child(2){width:110px;color:#555}
.lane{position:relative;height:18px;background:#f4f4f4;border-radius:3px}.lane i{position:absolute;top:3px;width:2px;height:12px}
.m-ok{background:#1a7f37}.m-refused{background:#b26a00}.m-cut{background:#8e24aa}.m-error{background:#c62828}
.legend i{display:inline-block;width:8px;height:10px;margin:0 4px 0 10px}`;

const kindOf = (status: number) => (status === 0 ? 'cut' : status < 400 ? 'ok' : status < 500 ? 'refused' : 'error');

export function timeline(r: RunResults): string {
  if (!r.scenario) return '';
  const lanes = r.scenario.phases.map((p) => {
    const span = Math.max(1, p.to - p.from);
    const marks = r
      .scenario!.timeline.filter((m) => m.at >= p.from && m.at < p.to)
      .map(
        (m) =>
          `<i class="m-${kindOf(m.status)}" style="left:${(((m.at - p.from) / span) * 100).toFixed(2)}%" title="${esc(`${(m.at / 1000).toFixed(1)} s ${m.request} → ${m.status || 'cut off'}`)}"></i>`,
      );
    return `<tr><td>${esc(p.phase)}</td><td>${((p.to - p.from) / 1000).toFixed(0)} s, ${p.requests} req.</td><td><div class="lane">${marks.join('')}</div></td></tr>`;
  });
  return (
    `<h2>The integration's requests, by phase</h2><p class="legend muted">Each mark is a request at its time in the phase:` +
    `<i class="m-ok"></i>answered 2xx<i class="m-refused"></i>4xx<i class="m-error"></i>5xx<i class="m-cut"></i>cut off (the device away)</p>` +
    `<table class="timeline">${lanes.join('')}</table>`
  );
}
