// `energy-conform compare <old> <new>`: exit 1 when something that passed before fails now, else 0; 2
// when a run cannot be read. Beside the outcomes, the shape changes of what the runs were answered (lib/diff).
import { appendFile, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RunError } from '../client/errors.js';
import { type ComparedResults, compareHtml, compareMarkdown, compareResults, compareText } from '../report/compare.js';
import type { CompareArgs } from './options-records.js';
import { NOT_COMPARED, diffAnswers } from '../diff/diff.js';
import { type Side, kindOfBoth, sideOf } from '../diff/sides.js';

async function readRun(given: string): Promise<{ run: ComparedResults; side: Side | null }> {
  let file = given;
  try {
    if ((await stat(given)).isDirectory()) file = path.join(given, 'results.json');
    const doc = JSON.parse(await readFile(file, 'utf8')) as Partial<ComparedResults>;
    if (!Array.isArray(doc.checks) || typeof doc.target !== 'object' || doc.target === null) throw new Error('it has no checks and target');
    const side = sideOf(doc);
    return {
      run: { verdict: doc.verdict ?? 'error', target: doc.target, started: doc.started ?? '', checks: doc.checks },
      side: typeof side === 'string' ? null : side,
    };
  } catch (err) {
    throw new RunError(
      'EC_BAD_OPTION',
      `cannot read the run at ${given} (${err instanceof Error ? err.message : String(err)}): ` +
        'give a results.json that energy-conform run wrote, or the report folder that holds it',
    );
  }
}

export async function compareCommand(a: CompareArgs): Promise<number> {
  const [x, y] = await Promise.all([readRun(a.old), readRun(a.new)]);
  const [before, after] = [x.run, y.run];
  // Beside the outcomes, what clients read that changed shape (`diff` of the two runs' answers; not what only one asked).
  const shapes = x.side && y.side ? diffAnswers(x.side.answers, y.side.answers, kindOfBoth(x.side, y.side)).filter((s) => !NOT_COMPARED.includes(s.class)) : [];
  const c = { ...compareResults(before, after), shapes };
  // Appended, not replaced: a CI step summary file gathers what every step writes.
  if (a.markdown) await appendFile(a.markdown, compareMarkdown(before, after, c));
  if (a.html) await writeFile(a.html, compareHtml(before, after, c));
  process.stdout.write(compareText(before, after, c));
  return c.regressed ? 1 : 0;
}
