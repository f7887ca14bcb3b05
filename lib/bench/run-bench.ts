// `npm run bench`: median wall time of a full default run against the emulator, beside a bare
// vitest run of one trivial test started the same way (a node process with the tsx loader).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BIN, cli, targetArgs } from '../cli/cli-process.js';
import { startEmulator } from '../emulator/emulator.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function timeBare(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bare-vitest.ts')], { stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`bare vitest exited ${code}`))));
  });
}

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
} finally {
  await emu.close();
  await rm(dir, { recursive: true, force: true });
}
