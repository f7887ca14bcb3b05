// What a command loads before it does anything: the modules its entry imports statically, followed through the
// sources (a type-only import loads nothing; a dynamic import() loads only when it runs). On the default run the main
// process is the critical path until its pairing, so what it need not load yet is loaded where it is needed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** The static imports of a source: relative ones as repository paths, packages by name; type-only ones left out. */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const node of source.statements) {
    const spec =
      (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) || (ts.isExportDeclaration(node) && !node.isTypeOnly) ? node.moduleSpecifier : undefined;
    if (!spec || !ts.isStringLiteral(spec)) continue;
    if (!spec.text.startsWith('.')) found.push(spec.text);
    else found.push(path.relative(ROOT, path.resolve(ROOT, path.dirname(file), spec.text.replace(/\.js$/, '.ts'))));
  }
  return found;
}

/** Every module `entry` loads before its first line runs: sources, and packages by name. */
function loadedBy(entry: string): Set<string> {
  const seen = new Set<string>();
  const next = [entry];
  while (next.length) {
    const file = next.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith('.ts') && existsSync(path.join(ROOT, file))) next.push(...staticImports(file));
  }
  return seen;
}

const pkg = (loaded: Set<string>, name: string) => [...loaded].some((m) => m === name || m.startsWith(`${name}/`));

describe('what a command loads before it starts', () => {
  test.for([
    // zod's first load is some 0.15 s: --help and the option parsing do without it.
    { entry: 'lib/cli/main.ts', what: 'zod', not: (l: Set<string>) => pkg(l, 'zod') },
    // Discovery (bonjour-service, ~45 ms) only where a run has no --host.
    { entry: 'lib/cli/run-command.ts', what: 'mDNS discovery', not: (l: Set<string>) => pkg(l, 'bonjour-service') || l.has('lib/discovery/browse.ts') },
    // The report writers (junit-report-builder alone ~120 ms) load beside the checks, once the first has an outcome.
    {
      entry: 'lib/cli/run-command.ts',
      what: 'the report writers',
      not: (l: Set<string>) => pkg(l, 'junit-report-builder') || l.has('lib/report/write-run.ts'),
    },
    // YAML (and the parsers of --known and --claims files, ~25 ms) only where such a file is given.
    { entry: 'lib/cli/run-command.ts', what: 'YAML', not: (l: Set<string>) => pkg(l, 'yaml') },
    // The history store only with --history.
    { entry: 'lib/cli/run-command.ts', what: 'the history store', not: (l: Set<string>) => l.has('lib/history/store.ts') },
  ])('$entry does not load $what', ({ entry, not }) => {
    const loaded = loadedBy(entry);
    // The walk reaches the run itself: an empty set would pass any rule.
    expect(loaded.has('lib/runner/run.ts') || entry === 'lib/cli/main.ts').toBe(true);
    expect(not(loaded)).toBe(false);
  });

  test('the walk follows a static import, and neither a type-only nor a dynamic one', () => {
    // device-choice.ts: discover-command.js imported, records.js and operator-io.js as types only.
    expect(staticImports('lib/cli/device-choice.ts').sort()).toEqual(['lib/cli/discover-command.ts', 'lib/client/errors.ts']);
    expect(pkg(loadedBy('lib/cli/device-choice.ts'), 'bonjour-service')).toBe(true);
    // program.ts imports each command's module when the command runs.
    expect(loadedBy('lib/cli/program.ts').has('lib/cli/run-command.ts')).toBe(false);
  });
});
