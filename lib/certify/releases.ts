// certify-client --api-versions: the same scenario played once per release of the v2 API, and what became of the
// integration on each — works, or breaks and where (each client clause it failed, with its first line). Pure: the
// outcomes in, the text and releases.md out.
import type { RunResults } from '../report/results.js';
import { RELEASES } from '../spec/releases.js';

export interface ReleaseOutcome {
  version: string;
  exitCode: 0 | 1 | 2;
  results: RunResults;
  /** The release's folder, relative to the one releases.md is in. */
  folder: string;
}

interface Standing {
  version: string;
  word: 'works' | 'breaks' | 'not judged' | 'not played';
  where: string[];
  folder: string | null;
}

function standings(played: readonly ReleaseOutcome[], asked: readonly string[]): Standing[] {
  return asked.map((version) => {
    const o = played.find((p) => p.version === version);
    if (!o) return { version, word: 'not played', where: ['stopped before it was played'], folder: null };
    const failed = o.results.checks.filter((c) => c.status === 'fail' || c.status === 'error');
    const where = failed.map((c) => `${c.clause}: ${(c.message ?? '').split('\n')[0]}`);
    const word = o.exitCode === 2 ? 'not judged' : failed.length ? 'breaks' : 'works';
    return { version, word, where: word === 'not judged' && !where.length ? ['the scenario did not end (see its reports)'] : where, folder: o.folder };
  });
}

const beta = (v: string) => (RELEASES.find((r) => r.version === v)?.beta ? ' (closed beta)' : '');

/** The terminal's lines: one per release, each break under it. */
export function releasesText(played: readonly ReleaseOutcome[], asked: readonly string[]): string {
  return `per release of the v2 API:\n${standings(played, asked)
    .map((s) => `  ${s.version}${beta(s.version)}: ${s.word.toUpperCase()}\n${s.where.map((w) => `    ${w}\n`).join('')}`)
    .join('')}`;
}

/** releases.md: the integration, and per release what became of it, with the folder of its reports and certification. */
export function releasesMarkdown(name: string, version: string | null, played: readonly ReleaseOutcome[], asked: readonly string[]): string {
  const rows = standings(played, asked).map(
    (s) =>
      `| ${s.version}${beta(s.version)} | ${s.word} | ${s.where.length ? s.where.map((w) => w.replaceAll('|', '\\|')).join('<br>') : '—'} | ${s.folder ? `[${s.folder}/](${s.folder}/certification.md)` : '—'} |`,
  );
  return (
    `# ${name}${version ? ` ${version}` : ''}: the v2 API's releases\n\nThe same scenario, played on an emulated device of each release (what each release serves: the vendor's changelog).\n\n` +
    `| Release | Outcome | Where it breaks | Reports |\n|---|---|---|---|\n${rows.join('\n')}\n`
  );
}
