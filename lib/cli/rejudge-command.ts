// `energy-conform rejudge <results.json>`: a run's recorded exchanges judged again by this version's judges,
// printed as `run` prints a verdict, then what changed against the recorded one; exit as `run` (2: unreadable).
import path from 'node:path';
import { RunError } from '../client/errors.js';
import { type RunResults, summarize, verdictOfExit } from '../report/results.js';
import { summaryText } from '../report/summary.js';
import { exitCodeOf, profileResults } from '../report/verdict.js';
import { rejudge } from '../runner/rejudge.js';
import { applyKnown } from '../report/known.js';
import type { Profile } from '../spec/clause-types.js';
import { readJson } from './json-file.js';

export async function rejudgeCommand(a: { results: string }): Promise<number> {
  const doc = await readJson(a.results, 'the results.json of a run');
  // Only what a rejudge reads is required: a record of an older version, with keys this one lacks or lacking keys it has, is read.
  const recorded = doc as Partial<RunResults> | null;
  const why =
    !Array.isArray(recorded?.checks) ||
    !recorded.checks.every((c) => typeof c?.clause === 'string' && typeof c.status === 'string' && Array.isArray(c.exchanges))
      ? 'it has no checks with their exchanges'
      : typeof recorded.target?.kind !== 'string'
        ? 'it names no device kind'
        : recorded.integration
          ? 'it is a certification of an integration'
          : null;
  if (why !== null) throw new RunError('EC_BAD_OPTION', `${a.results} is not the results.json of an energy-conform run of a device (${why})`);
  const r = { residue: [], notes: [], strict: false, ...recorded } as RunResults;
  const rejudged = rejudge(r);
  // The --known entries the run applied, applied again on the day it ran, to the outcomes as they are now.
  const known =
    r.known &&
    applyKnown(
      rejudged.checks.map(({ known: _, ...c }) => c),
      r.known.entries,
      r.target,
      r.known.day,
    );
  const again = { ...rejudged, checks: known?.checks ?? rejudged.checks };
  const { strict } = r;
  const code = exitCodeOf(again.checks, strict);
  // A run that could not happen (interrupted, the operator's press) still could not; what it left on the device still fails it.
  const exitCode = r.verdict === 'error' ? 2 : code === 0 && r.residue.length ? 1 : code;
  const profiles = (r.profiles ?? []).map((p) => p.profile as Profile);
  const now: RunResults = {
    ...r,
    checks: again.checks,
    summary: summarize(again.checks),
    verdict: verdictOfExit(exitCode),
    ...(r.known && known ? { known: { ...r.known, entries: known.outcomes } } : {}),
    ...(r.profiles ? { profiles: profileResults(again.checks, profiles, strict) } : {}),
  };
  const lines = summaryText(now, path.dirname(a.results))
    .split('\n')
    .filter((l) => !l.startsWith('reports: '));
  lines.push(
    `rejudged: ${again.judged.length} clause${again.judged.length === 1 ? '' : 's'} judged again from the recorded exchanges by this version's judges;` +
      ` the others as recorded${again.unanswered.length ? ` (${again.unanswered.join(', ')}: no recorded answer to judge)` : ''}`,
  );
  if (!again.changes.length) lines.push(`no outcome changed: the recorded verdict was ${r.verdict.toUpperCase()}, and is ${now.verdict.toUpperCase()}`);
  else {
    lines.push(`changed against the recorded verdict (${r.verdict.toUpperCase()} → ${now.verdict.toUpperCase()}):`);
    for (const c of again.changes) lines.push(`  ${c.clause}: ${c.was} → ${c.now}${c.why ? ` (${c.why})` : ''}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return exitCode;
}
