// `energy-conform report <results.json>`: renders report.html again from a run's results.json.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RunError } from '../client/errors.js';
import { reportHtml } from '../report/html.js';
import type { RunResults } from '../report/results.js';
import { readJson } from './json-file.js';

export async function reportCommand(a: { results: string; out?: string }): Promise<number> {
  // Keys a results.json of an older version may lack.
  const doc = (await readJson(a.results, 'the results.json of a run')) as Partial<RunResults>;
  if (!Array.isArray(doc?.checks) || !doc.checks.every((c) => typeof c?.area === 'string' && Array.isArray(c.exchanges))) {
    throw new RunError(
      'EC_BAD_OPTION',
      `${a.results} is not the results.json of an energy-conform run that can be rendered (it has no checks with areas and exchanges)`,
    );
  }
  const out = a.out ?? path.join(path.dirname(a.results), 'report.html');
  await writeFile(out, reportHtml({ residue: [], socket: null, options: {}, strict: false, ...doc } as RunResults));
  process.stdout.write(`${out}\n`);
  return 0;
}
