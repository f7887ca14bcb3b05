// The main process starts vitest on the suites; workers run the checks; only plain data comes back.
import { readdirSync } from 'node:fs';
import { Writable } from 'node:stream';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createVitest } from 'vitest/node';
import type { TestCase, TestModule } from 'vitest/node';
import type { CheckRecord, SuiteContext } from '../contract/run-context.js';
import { inRunOrder } from '../spec/run-order.js';
import { AreaSequencer } from './area-sequencer.js';

export const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface CollectedTest {
  title: string;
  state: 'passed' | 'failed' | 'skipped' | 'pending';
  message: string;
  durationMs: number;
  /** The test's own clause first, then those it also judged. */
  records: CheckRecord[];
}

function collect(tc: TestCase): CollectedTest {
  const r = tc.result();
  const message = r.state === 'failed' ? (r.errors?.map((e) => e.message).join('\n') ?? '')
    : r.state === 'skipped' ? (r.note ?? '') : '';
  const meta = tc.meta();
  const records = [...(meta.energyConform ? [meta.energyConform] : []), ...(meta.energyConformAlso ?? [])];
  return { title: tc.name, state: r.state, message, durationMs: tc.diagnostic()?.duration ?? 0, records };
}

export interface SuiteRun {
  tests: CollectedTest[];
  /** What vitest itself printed (errors of the suites, not of the device). */
  output: string;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/** Where the run is: the area file (i of n) and the check (done of the file's total). */
export interface Progress {
  file: string;
  fileIndex: number;
  files: number;
  done: number;
  total: number;
  test: CollectedTest;
}

export async function runSuites(ctx: SuiteContext, areas: string[] | undefined, testTimeoutMs: number, signal?: AbortSignal,
  onProgress?: (p: Progress) => void): Promise<SuiteRun> {
  // An area's checks are in suites/<area>.test.ts and suites/<area>-*.test.ts.
  const present = readdirSync(path.join(PACKAGE_ROOT, 'suites')).filter((f) => f.endsWith('.test.ts'));
  const chosen = areas?.flatMap((a) => present.filter((f) => f === `${a}.test.ts` || f.startsWith(`${a}-`)).map((f) => `suites/${f}`));
  const files = chosen && inRunOrder(chosen, (f) => f);
  // Areas without a suite file yet: their clauses come back as "not implemented yet".
  if (files?.length === 0) return { tests: [], output: '' };
  const tests: CollectedTest[] = [];
  const fileCount = files?.length ?? present.length;
  const current = { file: '', fileIndex: 0, done: 0, total: 0 };
  let output = '';
  const sink = new Writable({ write(chunk, _enc, done) { output += String(chunk); done(); } });
  const ours = Object.fromEntries(SIGNALS.map((s) => [s, process.listeners(s)]));
  const vitest = await createVitest('test', {
    root: PACKAGE_ROOT,
    config: path.join(PACKAGE_ROOT, 'vitest.config.ts'),
    project: 'conformance',
    watch: false,
    reporters: [{
      onTestModuleCollected: (m: TestModule) => {
        // One file at a time (fileParallelism off): its checks are counted when it is collected.
        [current.file, current.total, current.done] = [path.basename(m.moduleId).replace(/\.test\.ts$/, ''), [...m.children.allTests()].length, 0];
        current.fileIndex += 1;
      },
      onTestCaseResult: (tc: TestCase) => {
        const t = collect(tc);
        tests.push(t);
        current.done += 1;
        onProgress?.({ ...current, files: fileCount, test: t });
      },
    }],
    provide: { energyConform: ctx },
    // Same device, same outcomes: the areas in SUITE_ORDER (spec/run-order.ts), never vitest's cached order.
    // vitest reads the sequencer from the root configuration only, so it is set here rather than in the project.
    sequence: { sequencer: AreaSequencer, shuffle: false },
    testTimeout: testTimeoutMs,
    hookTimeout: testTimeoutMs,
  }, {}, { stdout: sink, stderr: sink });
  // vitest's logger exits the process on SIGINT/SIGTERM; here the runner owns those signals, because
  // it must clean up the device first. It cancels the run through `signal` instead.
  for (const s of SIGNALS) for (const l of process.listeners(s)) if (!ours[s]!.includes(l)) process.off(s, l);
  const cancel = () => void vitest.cancelCurrentRun('keyboard-input');
  signal?.addEventListener('abort', cancel);
  try {
    if (!signal?.aborted) await vitest.start(files);
  } finally {
    signal?.removeEventListener('abort', cancel);
    await vitest.close();
  }
  return { tests, output };
}
