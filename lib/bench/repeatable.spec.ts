// Same device, same outcomes: repeated full runs against a device whose fault is found only by what
// happens after a re-use (the creation window left open) give identical outcomes, caught by the clause
// it breaks, with the areas in the one order of spec/run-order.ts (whatever vitest's cache says after a
// failing run).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator } from '../emulator/emulator.js';
import type { CheckResult } from '../report/results.js';
import { SUITE_ORDER } from '../spec/run-order.js';
import { targetArgs } from '../testing/cli-process.js';
import { sharedCli } from '../testing/shared-cli.js';
import { type ComparedRun, compareRuns } from './compare-runs.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-repeat-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const RUNS = 3;

test(`${RUNS} full runs against the same faulty device: identical outcomes, in one order`, async () => {
  const runs: (ComparedRun & { checks: CheckResult[] })[] = [];
  for (let i = 0; i < RUNS; i++) {
    // The same device each time: the same seed, the same fault, as found.
    const emu = await startEmulator({ kind: 'p1dongle', seed: 7, faults: ['reuse-leaves-window-open'] });
    try {
      const out = path.join(dir, `run-${i}`);
      const res = await sharedCli(['run', ...targetArgs(emu.ready, path.join(dir, `t-${i}.json`)), '--reports', out, '--verbose']);
      expect(res.code, res.stdout + res.stderr).toBe(1);
      const areas = [...new Set([...res.stderr.matchAll(/\[([a-z-]+) \d+\/\d+\] \d+\/\d+ /g)].map((m) => m[1]))];
      expect(areas).toEqual(SUITE_ORDER.filter((a) => areas.includes(a)));
      expect(areas.length).toBeGreaterThan(5);
      runs.push(JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as ComparedRun & { checks: CheckResult[] });
    } finally {
      await emu.close();
    }
  }
  expect(compareRuns(runs)).toMatchObject({ verdictsDiffer: 0, outcomes: [] });
  for (const r of runs) {
    const pair07 = r.checks.find((c) => c.clause === 'PAIR-07')!;
    expect(pair07.status).toBe('fail');
    expect(pair07.rows?.filter((row) => row.status === 'fail').map((row) => row.title)).toEqual([
      'PAIR-07 [MUST] POST /api/user — another valid name right after the re-use of a name',
    ]);
  }
}, 300_000);
