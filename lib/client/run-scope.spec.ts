// A worker kept for the next run (lib/runner/kept-worker.ts) must not carry one run's state into the next:
// what the library keeps for a run is run-scoped, and forgotten when the next run starts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { forgetRun, runScoped } from './run-scope.js';

test('a run-scoped value is made once a run, dropped and made again after forgetRun', () => {
  let made = 0;
  const dropped: number[] = [];
  const counter = runScoped(
    () => ({ n: (made += 1) * 100 }),
    (v) => dropped.push(v.n),
  );
  const unused = runScoped(() => {
    throw new Error('made although never used');
  });
  counter().n += 1;
  expect(counter().n).toBe(101);
  forgetRun();
  expect(dropped).toEqual([101]);
  expect(counter().n).toBe(200);
  forgetRun();
  forgetRun();
  expect(dropped).toEqual([101, 200]);
  expect(made).toBe(2);
  expect(unused).toBeTypeOf('function');
});

const ROOT = path.resolve(import.meta.dirname, '..', '..');
/** Module state that is no run's: a library loaded on first use, and a count that only ever moves (compared for equality within a run). */
const NOT_RUN_STATE = new Set(['lib/client/tls-identity.ts', 'lib/client/exchange-log.ts']);
const files = (dir: string): string[] =>
  readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts') && !f.endsWith('.test.ts'))
    .map((f) => `${dir}/${f}`);

// The suites' test files are evaluated afresh each run; the modules they load stay loaded in a kept worker.
test('what the suites load keeps no run state in a module variable (run-scope.ts holds it)', () => {
  const loaded = ['suites', 'lib/harness', 'lib/press', 'lib/client', 'lib/judge', 'lib/contract', 'lib/spec'].flatMap(files);
  expect(loaded.length).toBeGreaterThan(50);
  const moduleLets = loaded.filter((f) => !NOT_RUN_STATE.has(f) && /^(export )?let /m.test(readFileSync(path.join(ROOT, f), 'utf8')));
  expect(moduleLets).toEqual([]);
});
