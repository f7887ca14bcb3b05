// `npm run bench`: median wall time of a full default run against the emulator, beside a bare
// vitest run of one trivial test started the same way (a node process loading the build), and how much of the
// difference is not the protocol's waits (WAITS_MS), with the
// default run's requests, state requests and relay switches, and `energy-conform --help`; one area's run in a
// warm CLI process with a fresh suite worker each run beside one kept (as the self-test runs); the vendor profile on
// the P1 meter, its time and connections (BENCH_VENDOR=0 leaves it out); then one clean socket run over the Wi-Fi link profile (BENCH_WIFI=0 leaves it out), with its requests, state
// requests, relay switches and connections; then the wall time of the self-test matrix (BENCH_MATRIX=0 leaves it out). BENCH_REPEAT=N instead runs the
// default run N times and prints what differs between the runs (compare-runs.ts); exit 1 if anything does.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BIN, cli, targetArgs } from '../testing/cli-process.js';
import { WarmCli } from '../testing/warm-cli.js';
import { type ReadyInfo, startEmulator } from '../emulator/emulator.js';
import { FAULTS } from '../emulator/faults.js';
import { LINKS } from '../emulator/link.js';
import { POLL_INTERVAL_MS, REUSE_AFTER_S } from '../client/creation-window.js';
import { RAW_GRACE_MS } from '../client/raw-exchange.js';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { type RunResults, STATUSES } from '../report/results.js';
import { KIND_IDS } from '../spec/kinds.js';
import { type ComparedRun, compareRuns, seenText } from './compare-runs.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const REPEAT = process.env.BENCH_REPEAT ? Number(process.env.BENCH_REPEAT) : null;
if (REPEAT !== null && !(Number.isInteger(REPEAT) && REPEAT > 0))
  throw new Error(`BENCH_REPEAT must be a whole number of runs, not ${process.env.BENCH_REPEAT}`);

/**
 * What the default run must wait whatever the machine (issue 50: the run takes its waits plus at most 0.5 s beyond
 * bare vitest): PAIR-02's two intervals between its three polls, the late re-use after its press, and the look for
 * bytes after DEL-01's 204 (the raw exchange's grace). The rest of the run overlaps them or is the run's own time.
 */
const WAITS_MS = 2 * POLL_INTERVAL_MS + REUSE_AFTER_S * 1000 + RAW_GRACE_MS;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The wall time of a Node child process that must exit 0; `what` names it in the error. */
function timeChild(args: string[], what: string, cwd?: string, output: 'inherit' | 'ignore' = 'inherit'): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', output, 'inherit'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`${what} exited ${code}`))));
  });
}

const timeBare = () => timeChild([path.join(PACKAGE_ROOT, 'dist', 'lib', 'bench', 'bare-vitest.js')], 'bare vitest');

/** The self-test matrix (clean kinds, every fault, in parallel) as `npm test` runs it: its wall time. */
const timeMatrix = () =>
  timeChild(
    [path.join(PACKAGE_ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', 'lib/runner/self-test.spec.ts', '--project', 'unit'],
    'the self-test matrix',
    PACKAGE_ROOT,
  );

/** The default run `times` times against one emulator: a line per run, what differs, and whether anything does. */
async function repeat(times: number, ready: ReadyInfo, dir: string): Promise<boolean> {
  const runs: ComparedRun[] = [];
  for (let i = 0; i < times; i++) {
    const reports = path.join(dir, `r${i}`);
    const res = await cli(['run', ...targetArgs(ready, path.join(dir, `tokens-${i}.json`)), '--reports', reports]);
    const results = await readFile(path.join(reports, 'results.json'), 'utf8').then(
      (t) => JSON.parse(t) as RunResults,
      () => null,
    );
    const head = `run ${i + 1}/${times}: exit ${res.code}, ${(res.ms / 1000).toFixed(1)} s`;
    if (results) {
      console.log(`${head}, verdict ${results.verdict}: ${STATUSES.map((s) => `${results.summary[s]} ${s}`).join(', ')}; ${results.requests} requests`);
      runs.push(results);
    } else {
      console.log(`${head}, no results.json:\n${`${res.stdout}${res.stderr}`.trim().split('\n').slice(-10).join('\n')}`);
      runs.push({ verdict: 'none (no results.json)', checks: null });
    }
  }
  const { verdictsDiffer, verdicts, outcomes } = compareRuns(runs);
  if (verdictsDiffer) console.log(`verdicts: ${seenText(verdicts)}`);
  for (const o of outcomes) console.log(`${o.label}: ${seenText(o.seen)}`);
  console.log(`repeatability: ${times} runs, ${verdictsDiffer} verdicts and ${outcomes.length} check outcomes differ`);
  return verdictsDiffer > 0 || outcomes.length > 0;
}

/** A clean socket run over the Wi-Fi profile (emulator/link.ts): its wall time and what it cost the device. */
async function overWifi(dir: string): Promise<void> {
  const emu = await startEmulator({ kind: 'energysocket', link: LINKS.wifi });
  try {
    const reports = path.join(dir, 'wifi');
    const res = await cli(['run', ...targetArgs(emu.ready, path.join(dir, 'tokens-wifi.json')), '--reports', reports], { timeoutMs: 600_000 });
    if (res.code !== 0) throw new Error(`the run over the Wi-Fi profile exited ${res.code}:\n${res.stdout}${res.stderr}`);
    const r = JSON.parse(await readFile(path.join(reports, 'results.json'), 'utf8')) as RunResults;
    const { latencyMs, jitterMs, maxConnections, idleCloseS } = LINKS.wifi;
    console.log(
      `energy socket over Wi-Fi (${latencyMs}±${jitterMs} ms, ${maxConnections} connection slots, idle close ${idleCloseS} s): ` +
        `${(res.ms / 1000).toFixed(1)} s wall time; ${r.requests} requests, ${r.socket?.stateRequests ?? 0} state requests, ` +
        `${r.socket?.relaySwitches ?? 0} relay switches, ${r.connections} connections`,
    );
  } finally {
    await emu.close();
  }
}

/** The vendor profile on the P1 meter (issue 34: gentle on a small device): its wall time, and what it cost the device. */
async function vendorProfile(dir: string): Promise<void> {
  const emu = await startEmulator({ kind: 'p1dongle' });
  try {
    const reports = path.join(dir, 'vendor');
    const res = await cli(['run', ...targetArgs(emu.ready, path.join(dir, 'tokens-vendor.json')), '--profile', 'vendor', '--reports', reports], {
      timeoutMs: 600_000,
    });
    if (res.code !== 0) throw new Error(`the vendor profile on the P1 meter exited ${res.code}:\n${res.stdout}${res.stderr}`);
    const r = JSON.parse(await readFile(path.join(reports, 'results.json'), 'utf8')) as RunResults;
    console.log(
      `run --profile vendor, P1 meter emulator: ${(res.ms / 1000).toFixed(1)} s wall time (goal: under 10); ${r.requests} requests, ${r.connections} connections (12)`,
    );
  } finally {
    await emu.close();
  }
}

/** One area's run in a warm CLI process (as the self-test runs faults), with a fresh suite worker each run and with one kept. */
async function warmRuns(ready: ReadyInfo, dir: string): Promise<void> {
  const medians: number[] = [];
  for (const keep of [false, true]) {
    const warm = new WarmCli(1, { keepSuiteWorkers: keep });
    const times: number[] = [];
    try {
      // The first run loads the CLI's modules: not counted.
      for (let i = 0; i <= RUNS; i++) {
        const res = await warm.run([
          'run',
          ...targetArgs(ready, path.join(dir, `tokens-warm-${keep}-${i}.json`)),
          '--suite',
          'info',
          '--reports',
          path.join(dir, `warm-${keep}-${i}`),
        ]);
        if (res.code !== 0) throw new Error(`the warm run exited ${res.code}:\n${res.stdout}${res.stderr}`);
        if (i > 0) times.push(res.ms);
      }
    } finally {
      warm.close();
    }
    medians.push(median(times));
  }
  console.log(
    `run --suite info in a warm CLI: a fresh suite worker each run median ${medians[0]!.toFixed(0)} ms, the worker kept (lib/runner/kept-worker.ts) ` +
      `median ${medians[1]!.toFixed(0)} ms, over ${RUNS}`,
  );
}

/** The median wall times of the default run and of a bare vitest run, then the Wi-Fi run, then the self-test matrix's. */
async function timings(ready: ReadyInfo, dir: string): Promise<void> {
  const full: number[] = [];
  const bare: number[] = [];
  const help: number[] = [];
  let cost = '';
  for (let i = 0; i < RUNS; i++) {
    const reports = path.join(dir, `r${i}`);
    const res = await cli(['run', ...targetArgs(ready, path.join(dir, `tokens-${i}.json`)), '--reports', reports]);
    if (res.code !== 0) throw new Error(`the run against the emulator exited ${res.code}:\n${res.stdout}${res.stderr}`);
    full.push(res.ms);
    bare.push(await timeBare());
    help.push(await timeChild([BIN, '--help'], 'energy-conform --help', undefined, 'ignore'));
    const r = JSON.parse(await readFile(path.join(reports, 'results.json'), 'utf8')) as RunResults;
    cost =
      `${r.requests} requests (budget 710), ${r.socket?.stateRequests ?? 0} state requests (480), ${r.socket?.relaySwitches ?? 0} relay switches (64), ` +
      `${r.connections} connections (10)`;
  }
  const f = median(full);
  const b = median(bare);
  console.log(`${BIN} run, energy socket emulator, full default run (pairing included): median ${f.toFixed(0)} ms over ${RUNS}`);
  console.log(`bare vitest, one trivial test, same process launch:                  median ${b.toFixed(0)} ms over ${RUNS}`);
  console.log(`ratio: ${(f / b).toFixed(2)}`);
  console.log(
    `the run beyond bare vitest: ${(f - b).toFixed(0)} ms, of which the protocol's waits ${WAITS_MS} ms (PAIR-02's polls, the late re-use, ` +
      `DEL-01's look past its 204): ${(f - b - WAITS_MS).toFixed(0)} ms more (goal: at most 500)`,
  );
  console.log(`the default run's cost on the device: ${cost}`);
  console.log(`energy-conform --help: median ${median(help).toFixed(0)} ms over ${RUNS} (goal: under 300)`);
  await warmRuns(ready, dir);
  if (process.env.BENCH_VENDOR !== '0') await vendorProfile(dir);
  if (process.env.BENCH_WIFI !== '0') await overWifi(dir);
  if (process.env.BENCH_MATRIX !== '0') {
    const m = await timeMatrix();
    console.log(
      `self-test matrix (${KIND_IDS.length} clean kinds and the fault catalogue of ${FAULTS.length}, in parallel): ${(m / 1000).toFixed(1)} s wall time`,
    );
  }
}

const dir = await mkdtemp(path.join(tmpdir(), 'energy-conform-bench-'));
const emu = await startEmulator({ kind: 'energysocket' });
try {
  if (REPEAT !== null) {
    if (await repeat(REPEAT, emu.ready, dir)) process.exitCode = 1;
  } else {
    await timings(emu.ready, dir);
  }
} finally {
  await emu.close();
  await rm(dir, { recursive: true, force: true });
}
