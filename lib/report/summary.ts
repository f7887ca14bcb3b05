// The readable summary printed at the end of a run.
import { claimsLine } from './claims-text.js';
import { reproduction } from './reproduce.js';
import { excused, excusedNote, fixedLines, knownWhy } from './known-text.js';
import { type CheckResult, PROBLEMS, type ProfileResult, REPORT_FILES, type RunResults, STRICT_DEVIATION, areasOf, isExcused } from './results.js';

const COLOURS: Record<string, number> = { PASS: 32, FAIL: 31, ERROR: 35, WARN: 33, DEVIATION: 33, KNOWN: 36 };

/** `N deviation(s), ` where there are any: counted apart from warnings, and not shown where none can be. */
const deviations = (n: number) => (n ? `${n} ${n === 1 ? 'deviation' : 'deviations'}, ` : '');

export interface SummaryStyle {
  /** ANSI colours for the outcomes (a terminal without NO_COLOR). */
  color?: boolean;
  /** Only the verdict and where the reports are (--quiet). */
  quiet?: boolean;
}

/** What the run knows of the target, and, said once, what it does not: never "unknown  serial unknown". */
export function targetText(t: RunResults['target']): string {
  const facts: [string, string | null][] = [
    ['kind', t.kind === 'unknown' ? null : t.kind],
    ['product type', t.product_type],
    ['serial', t.serial && `serial ${t.serial}`],
    ['firmware', t.firmware_version && `firmware ${t.firmware_version}`],
    ['API version', t.api_version && `API ${t.api_version}`],
  ];
  const known = facts.flatMap(([, v]) => (v ? [v] : []));
  const unknown = facts.flatMap(([what, v]) => (v ? [] : [what]));
  return `${known.length > 0 ? known.join(' ') : 'an unidentified target'} at ${t.host}${unknown.length > 0 ? ` (${unknown.join(', ')} unknown)` : ''}`;
}

/** Who the run judged: the device, or (certify-client) the integration and the device it was served. */
export function subjectText(r: Pick<RunResults, 'target' | 'integration'>): string {
  if (!r.integration) return targetText(r.target);
  const { name, version } = r.integration;
  return `the integration ${name}${version ? ` ${version}` : ''}, served an emulated ${r.target.kind} serial ${r.target.serial} at ${r.target.host}`;
}

/** A profile as every report names it: `vendor (spec/vendor-clauses.md, revision 3)`. */
export const profileText = (p: ProfileResult): string => `${p.profile} (${p.catalogue}, revision ${p.revision})`;

/** The outcome counts, in the order every summary gives them; `known`: how many of the problems --known excused. */
export const countsText = (s: RunResults['summary'], known = 0): string =>
  `${s.pass} pass, ${s.fail} fail, ${deviations(s.deviation)}${s.warn} warn, ${s.observation} observed, ${s.error} error, ${s.skip} skipped` +
  `${known ? ` (${known} of them known)` : ''}`;

/** What an exploration cost against its budget, as the terminal and report.html say it. */
export function exploreCostText({ spent: x, budget: b }: NonNullable<RunResults['explored']>): string {
  return (
    `${x.sequences} sequences (${b.sequences} drawn at most, shrinking's on top), ${x.steps} steps, ${x.requests}/${b.requests} requests, ` +
    `${x.switches}/${b.switches} relay switches, ${x.presses}/${b.presses} presses, ${x.seconds}/${b.seconds} s`
  );
}

/** The exploration in one line: its seed, what it cost against its budget, and what it found. */
export function exploredText(e: NonNullable<RunResults['explored']>): string {
  const cost = exploreCostText(e);
  const stop = e.stoppedBy
    ? `; stopped early (${e.stoppedBy === 'broken' ? e.broken : e.stoppedBy === 'interrupted' ? 'interrupted' : `the --${BUDGET_FLAGS[e.stoppedBy] ?? e.stoppedBy} budget was spent`})`
    : '';
  const found = e.finding
    ? `a disagreement under ${e.finding.clause} after ${e.finding.sequence.length} step${e.finding.sequence.length === 1 ? '' : 's'}; replay it with --seed ${e.seed}`
    : 'no disagreement with the model';
  return `explored with seed ${e.seed}: ${found}; ${cost}${stop}`;
}

const BUDGET_FLAGS: Record<string, string> = { requests: 'max-requests', switches: 'max-switches', seconds: 'max-seconds' };

/** As many checks of an area with one outcome and one message as are said once, under their clauses. */
const ALIKE_SAID_ONCE = 3;

/** A problem that is its outcome and message alone: nothing of its own (a deviation's why, a known failure, a reproduction) to say. */
const plainProblem = (c: CheckResult): boolean => !c.deviation && !c.known && c.message !== '' && reproduction(c).length === 0;

export function summaryText(r: RunResults, reportsDir: string, style: SummaryStyle = {}): string {
  const paint = (word: string) => (style.color && COLOURS[word] ? `\x1b[${COLOURS[word]}m${word}\x1b[0m` : word);
  const lines: string[] = [];
  lines.push(`energy-conform ${r.tool.version}: ${subjectText(r)}`);
  const notes = [...r.notes.map((n) => `note: ${n}`), ...(r.claims ? [claimsLine(r.claims)] : [])];
  lines.push(...notes);
  const width = Math.max(12, ...areasOf(r.checks).map((a) => a.length));
  for (const area of areasOf(r.checks)) {
    const checks = r.checks.filter((c) => c.area === area);
    if (!checks.length || checks.every((c) => c.status === 'skip')) continue;
    const count = (s: string) => checks.filter((c) => c.status === s).length;
    lines.push(
      `  ${area.padEnd(width)} ${count('pass')} pass, ${count('fail')} fail, ${deviations(count('deviation'))}${count('warn')} warn, ` +
        `${count('observation')} observed, ${count('error')} error, ${count('skip')} skipped`,
    );
    const problems = checks.filter((x) => PROBLEMS.includes(x.status) && !isExcused(x));
    const said = new Set<CheckResult>();
    for (const c of problems) {
      if (said.has(c)) continue;
      // Checks of the area with one outcome for one reason (a suite file that did not run, an endpoint that never
      // answered): the reason once, under their clauses, not once a check.
      const alike = plainProblem(c) ? problems.filter((x) => plainProblem(x) && x.status === c.status && x.message === c.message) : [c];
      for (const x of alike) said.add(x);
      if (alike.length >= ALIKE_SAID_ONCE) {
        lines.push(`    ${paint(c.status.toUpperCase())} ${alike.map((x) => x.clause).join(', ')} (${alike.length} checks, one reason)`);
        lines.push(...c.message.split('\n').map((m) => `      ${m}`));
        continue;
      }
      for (const x of alike) {
        lines.push(
          `    ${paint(x.status.toUpperCase())} ${x.title}`,
          ...x.message.split('\n').map((m) => `      ${m}`),
          ...(x.deviation ? [`      why a deviation: ${x.deviation}`] : []),
          ...(x.known ? [`      known failure: ${knownWhy(x.known)}`] : []),
          ...reproduction(x).map((l) => `      reproduce: ${l}`),
        );
      }
    }
  }
  const known = excused(r);
  if (known.length) {
    lines.push(`known failures (${known.length}, ${r.known?.file ?? '--known'}): ${excusedNote(r)}`);
    for (const c of known) lines.push(`    ${paint('KNOWN')} ${c.status} ${c.title}`, `      ${c.message.split('\n')[0]}`, `      ${knownWhy(c.known!)}`);
  }
  lines.push(...fixedLines(r).map((l) => `fixed: ${l}`));
  for (const p of r.profiles ?? []) lines.push(`profile ${profileText(p)}: ${paint(p.verdict.toUpperCase())} — ${countsText(p.summary)}`);
  if (r.explored) lines.push(exploredText(r.explored));
  const s = r.summary;
  if (style.quiet) lines.splice(0, lines.length, ...notes);
  // What the run could not put back, or could not read to put back: the operator must see it, quiet or not.
  if (r.residue.length) lines.push(`not left as found: ${r.residue.join('; ')}`);
  if (s.deviation) {
    lines.push(
      `deviations: ${s.deviation} MUST ${s.deviation === 1 ? 'clause' : 'clauses'} violated under an "In development" capability; ` +
        `${STRICT_DEVIATION}${r.strict ? ' (--strict was given)' : ''}`,
    );
  }
  lines.push(
    `verdict: ${paint(r.verdict.toUpperCase())} — ${countsText(s, known.length)}; ${r.requests} requests, ${r.connections} ${r.connections === 1 ? 'connection' : 'connections'}, ${r.presses.count} ${r.presses.count === 1 ? 'press' : 'presses'}, ${(r.durationMs / 1000).toFixed(1)} s`,
  );
  lines.push(`reports: ${REPORT_FILES.map((f) => `${reportsDir}/${f}`).join(', ')}`);
  return lines.join('\n');
}
