// `energy-conform diff <a> <b>`: each side a capture or a run's results.json (lib/diff/sides.ts), their answers'
// shapes compared (lib/diff/diff.ts) and printed as a changelog, breaking changes first; exit 1 on one, else 0;
// 2 where a side cannot be read.
import { writeFile } from 'node:fs/promises';
import { diffHtml } from '../report/compare.js';
import { RunError } from '../client/errors.js';
import { type Change, NOT_COMPARED, diffAnswers } from '../diff/diff.js';
import { type Side, certificateChanges, kindOfBoth, sideOf } from '../diff/sides.js';
import type { DiffArgs } from './options-records.js';
import { readJson } from './json-file.js';

async function read(file: string): Promise<Side> {
  const side = sideOf(await readJson(file, "a capture or a run's results.json"));
  if (typeof side === 'string') throw new RunError('EC_BAD_OPTION', `${file}: ${side}`);
  return side;
}

const line = (c: Change) => `  ${c.answer}: ${c.path} ${c.class}: ${c.was} → ${c.now}`;

export async function diffCommand(a: DiffArgs): Promise<number> {
  const [x, y] = [await read(a.a), await read(a.b)];
  const changes = [...certificateChanges(x, y), ...diffAnswers(x.answers, y.answers, kindOfBoth(x, y))];
  const breaking = changes.filter((c) => c.breaking);
  const added = changes.filter((c) => !c.breaking && !NOT_COMPARED.includes(c.class));
  const unasked = changes.filter((c) => NOT_COMPARED.includes(c.class));
  if (a.html)
    await writeFile(
      a.html,
      diffHtml(
        a.a,
        a.b,
        [...breaking, ...added],
        unasked.map((c) => c.answer),
      ),
    );
  if (a.json) {
    process.stdout.write(`${JSON.stringify({ a: a.a, b: a.b, breaking, added, notCompared: unasked }, null, 1)}\n`);
  } else {
    const lines = [
      `diff ${a.a} → ${a.b}: ${breaking.length ? `${breaking.length} breaking change${breaking.length === 1 ? '' : 's'}` : 'no breaking change'}, ` +
        `${added.length} addition${added.length === 1 ? '' : 's'}`,
    ];
    if (breaking.length) lines.push('breaking:', ...breaking.map(line));
    if (added.length) lines.push('added:', ...added.map(line));
    if (unasked.length) lines.push(`not compared (asked on one side only, or unavailable on one: 503): ${unasked.map((c) => c.answer).join('; ')}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  return breaking.length ? 1 : 0;
}
