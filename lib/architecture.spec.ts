// docs/design.md "Layout": dependencies go one way, the emulator is an independent implementation, and
// only the entry points read argv/env or exit the process. Imports are read by the TypeScript
// compiler (`preProcessFile`), so every form counts: either quote, `export … from`, a side-effect
// import and a dynamic `import()`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Folder -> folders it may import from: docs/design.md's directions (spec <- client <- harness <- suites; the
 * emulator an independent implementation of spec). `net` (the machine's interfaces) and `contract` (the
 * plain data between the main process and the workers) are neutral ground. `meeting` meets the device
 * (preflight, identity, token, what it found and puts back): run, soak and pair use it as peers. `press` is every
 * button press: the backends (hook, terminal), the service the main process serves them from, a check's asking.
 * `testing` is the tests' own: the CLI in a child process, a terminal, the conformance project's emulator.
 */
const ALLOWED: Record<string, string[]> = {
  spec: [],
  net: [],
  claims: ['spec'],
  client: ['spec'],
  contract: ['client', 'spec'],
  harness: ['contract', 'judge', 'client', 'spec'],
  suites: ['press', 'harness', 'judge', 'client', 'spec'],
  operator: ['client', 'spec'],
  press: ['harness', 'operator', 'contract', 'client', 'spec'],
  report: ['client', 'spec'],
  discovery: ['net', 'spec'],
  emulator: ['net', 'spec'],
  judge: ['contract', 'client', 'spec'],
  explore: ['judge', 'client', 'spec'],
  certify: ['deploy', 'emulator', 'judge', 'report', 'client', 'spec'],
  meeting: ['press', 'contract', 'judge', 'operator', 'client', 'spec'],
  soak: ['meeting', 'operator', 'judge', 'contract', 'report', 'client', 'spec'],
  history: ['report', 'spec'],
  attest: ['report', 'spec'],
  capture: ['meeting', 'operator', 'client', 'spec'],
  diff: ['capture', 'judge', 'client', 'spec'],
  deploy: ['diff', 'capture', 'spec'],
  runner: ['claims', 'meeting', 'press', 'explore', 'judge', 'contract', 'client', 'operator', 'report', 'spec'],
  cli: [
    'attest',
    'claims',
    'deploy',
    'diff',
    'capture',
    'history',
    'soak',
    'certify',
    'explore',
    'runner',
    'meeting',
    'press',
    'operator',
    'discovery',
    'emulator',
    'report',
    'client',
    'spec',
  ],
  build: ['runner'],
  bench: ['testing', 'soak', 'explore', 'operator', 'cli', 'runner', 'meeting', 'emulator', 'report', 'client', 'spec'],
  testing: [
    'attest',
    'claims',
    'deploy',
    'diff',
    'capture',
    'history',
    'soak',
    'certify',
    'judge',
    'explore',
    'cli',
    'runner',
    'meeting',
    'press',
    'operator',
    'discovery',
    'emulator',
    'report',
    'contract',
    'client',
    'spec',
  ],
};
/** Only these read argv or the environment, or end the process: the command line, the programs that start it, the build's bundler and the kept suite worker. */
const ENTRY_POINTS = ['lib/cli/', 'lib/bench/', 'lib/build/', 'lib/testing/', 'lib/runner/kept-worker-entry.ts'];
const PROCESS_POWERS = new Set(['argv', 'env', 'exit', 'exitCode']);

const folderOf = (file: string) => (file.startsWith('suites/') ? 'suites' : file.split('/')[1]!);

/** Every module a file imports, in any form, as a path from the root (relative specifiers) or as written. */
function importsOf(file: string, text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map(({ fileName }) =>
      fileName.startsWith('.') ? path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), fileName)) : fileName,
    );
}

/** Folders `file` imports from that its own folder may not. */
function layerViolations(file: string, text: string): string[] {
  const from = folderOf(file);
  return importsOf(file, text)
    .filter((t) => t.startsWith('lib/') || t.startsWith('suites/'))
    .map(folderOf)
    .filter((to) => to !== from && !(ALLOWED[from] ?? []).includes(to));
}

/** Uses of argv, env, exit or exitCode of `process`, however reached: `process.env`, `process['exit']`, destructuring, `node:process`. */
function processPowers(text: string): string[] {
  const source = ts.createSourceFile('x.ts', text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const isProcess = (e: ts.Expression) =>
    (ts.isIdentifier(e) && e.text === 'process') ||
    (ts.isPropertyAccessExpression(e) && e.name.text === 'process' && ts.isIdentifier(e.expression) && e.expression.text === 'globalThis');
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && isProcess(node.expression) && PROCESS_POWERS.has(node.name.text)) found.push(`process.${node.name.text}`);
    if (
      ts.isElementAccessExpression(node) &&
      isProcess(node.expression) &&
      ts.isStringLiteral(node.argumentExpression) &&
      PROCESS_POWERS.has(node.argumentExpression.text)
    )
      found.push(`process['${node.argumentExpression.text}']`);
    if (ts.isVariableDeclaration(node) && node.initializer && isProcess(node.initializer) && ts.isObjectBindingPattern(node.name)) {
      for (const el of node.name.elements) {
        const key = (el.propertyName ?? el.name).getText(source);
        if (PROCESS_POWERS.has(key)) found.push(`{ ${key} } = process`);
      }
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && ['process', 'node:process'].includes(node.moduleSpecifier.text)) {
      found.push(`import from '${node.moduleSpecifier.text}'`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts'))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

const files = [...sources('lib'), ...sources('suites')];
const read = (f: string) => readFileSync(path.join(ROOT, f), 'utf8');

describe('the import graph', () => {
  test.for(files)('%s imports only what its folder may', (file) => {
    expect(ALLOWED, `no rule for folder ${folderOf(file)}`).toHaveProperty(folderOf(file));
    const wrong = layerViolations(file, read(file));
    expect(wrong, `${file} imports from ${wrong.join(', ')}`).toEqual([]);
  });

  test('only the entry points (lib/cli, lib/bench) read argv or the environment, or exit the process', () => {
    const offenders = files.filter((f) => !ENTRY_POINTS.some((p) => f.startsWith(p))).filter((f) => processPowers(read(f)).length > 0);
    expect(offenders).toEqual([]);
  });
});

// Each violation planted in a file of lib/emulator, which may import only lib/spec.
describe('the rules catch what a regular expression missed', () => {
  const emulatorFile = 'lib/emulator/planted.ts';
  test.for([
    ['a double-quoted import across layers', 'import { DeviceClient } from "../client/device-client.js";'],
    ['a side-effect import', "import '../harness/clause-test.js';"],
    ['a dynamic import()', "const m = await import('../runner/run.js');"],
    ['a re-export', "export { clauseTest } from '../harness/clause-test.js';"],
    ['a type-only import', "import type { RunConfig } from '../runner/config.js';"],
  ] as const)('%s', ([, line]) => {
    expect(layerViolations(emulatorFile, line)).toHaveLength(1);
  });

  test('an import from its own folder or from lib/spec is allowed', () => {
    expect(layerViolations(emulatorFile, 'import { json } from \'./exchange.js\';\nimport { KINDS } from "../spec/kinds.js";')).toEqual([]);
  });

  test.for([
    ['process.argv', 'const args = process.argv.slice(2);'],
    ['process.exit', 'process.exit(1);'],
    ['process.exitCode', 'process.exitCode = 2;'],
    ['process.env', 'const home = process.env.HOME;'],
    ["process['env']", "const home = process['env'].HOME;"],
    ['destructured env', 'const { env } = process;'],
    ['globalThis.process.exit', 'globalThis.process.exit(0);'],
    ["an import from 'node:process'", "import { argv } from 'node:process';"],
  ] as const)('%s outside lib/cli is reported', ([, line]) => {
    expect(processPowers(line)).toHaveLength(1);
  });

  test('other uses of process are not', () => {
    expect(processPowers("process.on('SIGINT', stop); const pid = process.pid; process.stdout.write('x');")).toEqual([]);
  });
});

// The design the code cites is the repository's own (docs/design.md): every section a file names is a heading there.
test('every docs/design.md section the code cites is one of its headings, and no code cites a design outside the repository', () => {
  const headings = new Set([...read('docs/design.md').matchAll(/^## (.+)$/gm)].map((m) => m[1]));
  const code = ['lib', 'suites'].flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && e.name.endsWith('.ts'))
      .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name))),
  );
  const cited = code.flatMap((f) => [...read(f).matchAll(/docs\/design\.md "([^"]+)"/g)].map((m) => `${f}: ${m[1]}`));
  expect(cited.length).toBeGreaterThan(0);
  expect(cited.filter((c) => !headings.has(c.slice(c.indexOf(': ') + 2)))).toEqual([]);
  const outside = new RegExp(`(^|[^/])${'DESIGN'}\\.md`);
  expect(code.filter((f) => outside.test(read(f)))).toEqual([]);
});

// The repository stands on its own: no code, catalogue or guide names a file of the folder beside it.
test('no code, catalogue or guide cites a file outside the repository', () => {
  const ours = ['lib', 'suites', 'spec', 'docs'].flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.(ts|md)$/.test(e.name))
      .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name))),
  );
  const outside = new RegExp(`\\.\\./${'shared'}/|/work/${'shared'}|\\b${'shared'}/(spec|fixtures|DESIGN|STYLE)`);
  expect(ours.length).toBeGreaterThan(100);
  expect([...ours, 'README.md'].filter((f) => outside.test(read(f)))).toEqual([]);
});

// Issue 50: a type of more than 20 fields is a sign of things that should be apart, unless its comment says why
// they are one ("Over 20 fields: …").
test('no interface or object type has more than 20 fields without the reason in its comment', () => {
  const sources = [
    ...readdirSync(path.join(ROOT, 'lib'), { recursive: true, encoding: 'utf8' }).map((f) => `lib/${f}`),
    ...readdirSync(path.join(ROOT, 'suites'), { recursive: true, encoding: 'utf8' }).map((f) => `suites/${f}`),
  ].filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts') && !f.endsWith('.data.ts'));
  const unexplained: string[] = [];
  let large = 0;
  for (const file of sources) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const visit = (n: ts.Node): void => {
      const members = ts.isInterfaceDeclaration(n) ? n.members : ts.isTypeAliasDeclaration(n) && ts.isTypeLiteralNode(n.type) ? n.type.members : null;
      if (members && members.length > 20 && (ts.isInterfaceDeclaration(n) || ts.isTypeAliasDeclaration(n))) {
        large += 1;
        const comment = text.slice(n.getFullStart(), n.getStart());
        if (!/Over 20 fields: \S/.test(comment)) unexplained.push(`${file}: ${n.name.text} (${members.length} fields)`);
      }
      ts.forEachChild(n, visit);
    };
    visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  }
  expect(unexplained).toEqual([]);
  // The rule reads something: the three that keep their size say why.
  expect(large).toBeGreaterThanOrEqual(3);
});
