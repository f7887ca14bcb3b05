// `npm run soak-memory`: the memory of a one-hour soak, on a clock 60 times faster (a minute of wall time).
// The emulated P1 meter runs in a process of its own, so what is measured is the soak's: the heap after a
// full GC every ten simulated minutes, and the series' size in results.json. Flat means the same at the
// end of the hour as after ten minutes, give or take a few hundred KB of one interval.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { emulatorRunConfig } from '../cli/emulator-run.js';
import type { ReadyInfo } from '../emulator/emulator.js';
import { streamIo } from '../operator/operator-io.js';
import { soakResults } from '../soak/soak-results.js';
import { soak } from '../soak/soak.js';
import { DEFAULT_THRESHOLDS } from '../soak/thresholds.js';
import { BIN } from '../testing/cli-process.js';

const SPEED = Number(process.env.EC_SOAK_SPEED ?? 60);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc (npm run soak-memory does)');

const dir = await mkdtemp(path.join(tmpdir(), 'ec-soak-memory-'));
const ready = path.join(dir, 'ready.json');
const emulator = spawn(process.execPath, [BIN, 'emulate', '--kind', 'p1dongle', '--ready-file', ready], { stdio: 'ignore' });
try {
  let info: ReadyInfo | undefined;
  while (!info)
    info = await readFile(ready, 'utf8').then(
      (t) => JSON.parse(t),
      () => sleep(100).then(() => undefined),
    );
  const t0 = Date.now();
  const clock = {
    now: () => (Date.now() - t0) * SPEED,
    sleep: (ms: number, signal: AbortSignal) => sleep(ms / SPEED, undefined, { signal }).catch(() => undefined),
  };
  const heap: string[] = [];
  const sampler = setInterval(() => {
    gc();
    heap.push(`${Math.round(clock.now() / 60_000)} min: ${(process.memoryUsage().heapUsed / 1048576).toFixed(1)} MB`);
  }, 600_000 / SPEED);
  const run = await emulatorRunConfig(info, path.join(dir, 'tokens.json'));
  const end = await soak(
    {
      device: run,
      durationS: 3600,
      clients: 3,
      pollMs: 1000,
      intervalS: 60,
      checkEveryS: 300,
      thresholds: DEFAULT_THRESHOLDS,
      clock,
      tool: { name: 'energy-conform', version: 'bench' },
    },
    streamIo(process.stderr, false),
    new AbortController().signal,
  );
  clearInterval(sampler);
  const { results } = soakResults(end);
  const s = results.soak!;
  console.log(
    `one hour soaked in ${((Date.now() - t0) / 1000).toFixed(0)} s (clock x${SPEED}): ${s.totals.requests} requests, ${s.intervals.length} intervals, ` +
      `${s.totals.connections} connections; the series ${(JSON.stringify(s).length / 1024).toFixed(0)} KB`,
  );
  console.log(`heap after a full GC: ${heap.join(', ')}`);
} finally {
  emulator.kill('SIGTERM');
  await rm(dir, { recursive: true, force: true });
}
