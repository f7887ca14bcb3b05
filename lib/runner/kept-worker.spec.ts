// A suite worker kept from one run to the next (kept-worker.ts) gives each run what a fresh one gives: a run
// after one that could not read an endpoint still asks that endpoint, and counts only its own connections.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator } from '../emulator/emulator.js';
import { cli, targetArgs } from '../testing/cli-process.js';
import { WarmCli } from '../testing/warm-cli.js';
import { control } from '../testing/emulator-client.js';

let dir: string;
const warm = new WarmCli(1);
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-kept-'));
});
afterAll(async () => {
  warm.close();
  await rm(dir, { recursive: true, force: true });
});

interface Results {
  connections: number;
  requests: number;
  checks: { clause: string; status: string; message: string }[];
}

async function cloudRun(name: string, faults: string[], through: typeof cli): Promise<Results> {
  const emu = await startEmulator({ kind: 'p1dongle', faults });
  try {
    const out = path.join(dir, name);
    await through(['run', ...targetArgs(emu.ready, path.join(dir, `${name}.tokens.json`)), '--suite', 'cloud', '--reports', out]);
    return JSON.parse(await readFile(path.join(out, 'results.json'), 'utf8')) as Results;
  } finally {
    await emu.close();
  }
}

const outcomes = (r: Results) => r.checks.map((c) => [c.clause, c.status]);

test('a run in a worker kept from a run whose device hung gives what a run in a fresh worker gives', { timeout: 120_000 }, async () => {
  const hung = await cloudRun('hung', ['system-get-never-answers'], warm.run.bind(warm));
  // GET /api/v1/system could not be read before the suites: that run's worker does not ask it (lib/harness/given-up.ts).
  expect(hung.checks.find((c) => c.clause === 'CLOUD-01')).toMatchObject({ status: 'error', message: expect.stringContaining('no complete answer') });
  const [after, fresh] = [await cloudRun('after', [], warm.run.bind(warm)), await cloudRun('fresh', [], cli)];
  expect(outcomes(after)).toEqual(outcomes(fresh));
  expect(after.checks.filter((c) => c.message.includes('is not asked again'))).toEqual([]);
  expect([after.requests, after.connections]).toEqual([fresh.requests, fresh.connections]);
});

test('a run stopped by --run-timeout in a hanging check leaves nothing of that check running in the worker', { timeout: 60_000 }, async () => {
  // GET /api/measurement hangs for the request timeout (10 s); the run's deadline (2 s) falls in it.
  const emu = await startEmulator({ kind: 'p1dongle', faults: ['measurement-never-answers'] });
  try {
    emu.state.press();
    const token = emu.state.createUser('local/energy-conform');
    const res = await warm.run([
      'run',
      ...targetArgs(emu.ready, path.join(dir, 'cut.tokens.json')),
      '--token',
      token,
      '--suite',
      'measurement',
      '--run-timeout',
      '2',
      '--reports',
      path.join(dir, 'cut'),
    ]);
    expect(res.stderr, res.stdout).toMatch(/the run was interrupted \(--run-timeout 2 s passed\)/);
    const asked = emu.requests.length;
    // The device reboots, cutting the hanging request: a check still running would wait for the device and ask GET /api.
    expect((await control(emu, '/reboot', { seconds: 1 })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 3000));
    expect(emu.requests.slice(asked)).toEqual([]);
  } finally {
    await emu.close();
  }
});
