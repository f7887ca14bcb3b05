// `energy-conform history <file>`: what a history of runs tells per device (lib/history), in the terminal,
// as HTML (--html) or JSON (--json); --import fills it from results.json files already on disk.
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RunError } from '../client/errors.js';
import { entryOf } from '../history/entry.js';
import { historyView } from '../history/model.js';
import { historyHtml, historyJson, historyText } from '../history/render.js';
import { withLock } from '../history/lock.js';
import { HistoryStore } from '../history/store.js';
import type { RunResults } from '../report/results.js';
import type { HistoryArgs } from './options-records.js';
import { deployAcrossFirmware } from '../deploy/across-firmware.js';

/** Every results.json under the paths given (a file itself, or found in a folder and its subfolders). */
async function resultsFiles(paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) {
    const s = await stat(p).catch(() => null);
    if (!s) throw new RunError('EC_BAD_OPTION', `--import ${p}: no such file or folder`);
    if (s.isFile()) out.push(p);
    else for (const f of await readdir(p, { recursive: true })) if (path.basename(f) === 'results.json') out.push(path.join(p, f));
  }
  return out.sort();
}

const openStore = (file: string) =>
  HistoryStore.open(file).catch((err: Error) => {
    throw new RunError('EC_BAD_OPTION', err.message);
  });

/** The runs of every results.json under `paths` added (each once); how many files could not be read. */
async function importInto(file: string, paths: readonly string[]): Promise<number> {
  const store = await openStore(file);
  try {
    let [added, again, unreadable] = [0, 0, 0];
    for (const found of await resultsFiles(paths)) {
      let r: RunResults;
      try {
        r = JSON.parse(await readFile(found, 'utf8')) as RunResults;
        if (typeof r?.target?.kind !== 'string' || !Array.isArray(r.checks)) throw new Error('not the results.json of an energy-conform run');
      } catch (err) {
        unreadable += 1;
        process.stderr.write(`energy-conform: history: ${found} was not imported: ${(err as Error).message}\n`);
        continue;
      }
      if (store.add(entryOf(r))) added += 1;
      else again += 1;
    }
    await store.save();
    process.stderr.write(`energy-conform: history: ${added} runs imported into ${file}${again ? `, ${again} there already` : ''}\n`);
    return unreadable;
  } finally {
    store.close();
  }
}

export async function historyCommand(a: HistoryArgs): Promise<number> {
  const imports = a.import.map(String);
  if (!imports.length && !(await stat(a.file).catch(() => null))) {
    throw new RunError(
      'EC_BAD_OPTION',
      `there is no history at ${a.file}: runs add to one with --history ${a.file}, or fill it from reports with --import <folder>`,
    );
  }
  const unreadable = imports.length ? await withLock(a.file, () => importInto(a.file, imports)) : 0;
  const store = await openStore(a.file);
  try {
    const view = historyView(store.entries().filter((e) => !a.serial || e.serial === a.serial));
    // The captures and contracts it keeps: each firmware held to each integration (can-i-deploy across firmware).
    const deploy = deployAcrossFirmware(store.documents());
    if (a.html) await writeFile(a.html, historyHtml(view, path.basename(a.file), deploy.rows));
    process.stdout.write(
      a.json ? historyJson(view, deploy.rows) : `${historyText(view, a.file)}\n${deploy.text ? `${deploy.text}\n` : ''}${a.html ? `html: ${a.html}\n` : ''}`,
    );
  } finally {
    store.close();
  }
  return unreadable ? 2 : 0;
}
