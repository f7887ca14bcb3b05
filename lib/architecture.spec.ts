// DESIGN.md "Layout": dependencies go one way, the emulator is an independent implementation, and
// only the CLI reads argv/env or exits the process.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Folder -> folders it may import from. runner also reaches client and operator: it pairs before vitest starts. */
const ALLOWED: Record<string, string[]> = {
  spec: [],
  client: ['spec'],
  harness: ['client', 'spec'],
  suites: ['harness', 'client', 'spec'],
  operator: ['client', 'spec'],
  report: ['client', 'spec'],
  discovery: ['spec'],
  emulator: ['spec'],
  runner: ['harness', 'client', 'operator', 'report', 'spec'],
  cli: ['runner', 'operator', 'discovery', 'emulator', 'report', 'client', 'spec'],
  bench: ['cli', 'runner', 'emulator', 'report', 'client', 'spec'],
};
/** The conformance project's setup for `npm test`: starts an emulator when no device is given. */
const TEST_INFRA = new Set(['lib/harness/emulator-global-setup.ts']);

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts'))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

const files = [...sources('lib'), ...sources('suites')].filter((f) => !TEST_INFRA.has(f));
const folderOf = (file: string) => (file.startsWith('suites/') ? 'suites' : file.split('/')[1]!);

describe('the import graph', () => {
  test.for(files)('%s imports only what its folder may', (file) => {
    const from = folderOf(file);
    expect(ALLOWED, `no rule for folder ${from}`).toHaveProperty(from);
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const targets = [...text.matchAll(/from '(\.[^']+)'/g)].map((m) => path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), m[1]!)));
    const wrong = targets.map(folderOf).filter((to) => to !== from && !ALLOWED[from]!.includes(to));
    expect(wrong, `${file} imports from ${wrong.join(', ')}`).toEqual([]);
  });

  test('only the entry points (lib/cli, lib/bench) read argv or the environment, or exit the process', () => {
    const offenders = files.filter((f) => !f.startsWith('lib/cli/') && !f.startsWith('lib/bench/'))
      .filter((f) => /process\.(argv|exit\b|exitCode|env\b)/.test(readFileSync(path.join(ROOT, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
