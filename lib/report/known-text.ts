// What every report says of --known: the failures an entry excuses, shown apart with their reason and link, an
// expired entry beside the failure it no longer excuses, and the entries whose clause passes now.
import { type CheckResult, type KnownMark, type RunResults, isExcused } from './results.js';

/** How a report writes text and a link: plain, or (report.html) escaped, the link as a link. */
export interface Writing {
  text(s: string): string;
  link(url: string): string;
}
const PLAIN: Writing = { text: (s) => s, link: (url) => url };

/** `reason (link), owner X, known until 2026-12-31`. */
export const knownWhy = (k: KnownMark, w: Writing = PLAIN): string =>
  `${w.text(k.reason)}${k.link ? ` (${w.link(k.link)})` : ''}${k.owner ? `, owner ${w.text(k.owner)}` : ''}, ` +
  `${w.text(k.expired ? `expired on ${k.expires}: it fails the run again` : `known until ${k.expires}`)}`;

/** The problems an unexpired entry excuses, in the catalogue's order. */
export const excused = (r: Pick<RunResults, 'checks'>): CheckResult[] => r.checks.filter(isExcused);

/** Whether the excused failures fail the run all the same (--strict). */
export const excusedNote = (r: Pick<RunResults, 'strict'>): string =>
  r.strict ? 'with --strict they fail the run all the same' : 'they do not fail the run (with --strict they would)';

/** `PAIR-09 passes now: remove it from known.yaml (the window closed after 20 s)`, for each entry whose clause passed. */
export const fixedLines = (r: Pick<RunResults, 'known'>): string[] =>
  (r.known?.entries ?? []).filter((e) => e.state === 'fixed').map((e) => `${e.clause} passes now: remove it from ${r.known!.file} (${e.reason})`);
