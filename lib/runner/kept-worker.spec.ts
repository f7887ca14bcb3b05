// A suite worker kept from one run to the next (kept-worker.ts) gives each run what a fresh one gives: a run
// after one that could not read an endpoint still asks that endpoint, and counts only its own connections.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator } from '../emulator/emulator.js';
import { cli, targetArgs } from '../testing/cli-process.js';
import { WarmCli } from '../testing/warm-cli.js';

let dir: string;
const warm = new WarmCli(1);
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-kept-'));
});
afterAll(async () => {
  warm.close();
  await rm(dir, { recursive: true, force: true });
});

interface Results { connections: number; requests: number; checks: { clause: string; status: string; message: string }[] }

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
