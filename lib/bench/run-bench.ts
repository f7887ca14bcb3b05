// `npm run bench`: median wall time of a full default run against the emulator, beside a bare
// vitest run of one trivial test started the same way (a node process with the tsx loader); then the
// wall time of the self-test matrix (BENCH_MATRIX=0 leaves it out).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BIN, cli, targetArgs } from '../testing/cli-process.js';
import { startEmulator } from '../emulator/emulator.js';
import { FAULTS } from '../emulator/faults.js';
import { PACKAGE_ROOT } from '../runner/vitest-run.js';
import { KIND_IDS } from '../spec/kinds.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The wall time of a Node child process that must exit 0; `what` names it in the error. */
function timeChild(args: string[], what: string, cwd?: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`${what} exited ${code}`))));
  });
}

const timeBare = () => timeChild(['--import', 'tsx', path.join(import.meta.dirname, 'bare-vitest.ts')], 'bare vitest');

/** The self-test matrix (clean kinds, every fault, in parallel) as `npm test` runs it: its wall time. */
const timeMatrix = () => timeChild([path.join(PACKAGE_ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'lib/runner/self-test.spec.ts',
  '--project', 'unit'], 'the self-test matrix', PACKAGE_ROOT);

const dir = await mkdtemp(path.join(tmpdir(), 'energy-conform-bench-'));
const emu = await startEmulator({ kind: 'energysocket' });
try {
  const full: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const res = await cli(['run', ...targetArgs(emu.ready, path.join(dir, `tokens-${i}.json`)), '--reports', path.join(dir, `r${i}`)]);
    if (res.code !== 0) throw new Error(`the run against the emulator exited ${res.code}:\n${res.stdout}${res.stderr}`);
    full.push(res.ms);
    bare.push(await timeBare());
  }
  const f = median(full);
  const b = median(bare);
  console.log(`${BIN} run, energy socket emulator, full default run (pairing included): median ${f.toFixed(0)} ms over ${RUNS}`);
  console.log(`bare vitest, one trivial test, same process launch:                  median ${b.toFixed(0)} ms over ${RUNS}`);
  console.log(`ratio: ${(f / b).toFixed(2)}`);
  if (process.env.BENCH_MATRIX !== '0') {
    const m = await timeMatrix();
    console.log(`self-test matrix (${KIND_IDS.length} clean kinds and the fault catalogue of ${FAULTS.length}, in parallel): ${(m / 1000).toFixed(1)} s wall time`);
  }
} finally {
  await emu.close();
  await rm(dir, { recursive: true, force: true });
}
