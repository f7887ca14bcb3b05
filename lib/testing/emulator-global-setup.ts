// The conformance project's global setup. `energy-conform run` provides the device context itself;
// a plain `vitest run` (and npm test, through conformance-project.spec.ts) gets a clean emulator of
// EC_SELFTEST_KIND (default: the energy socket) instead, paired through its control port, so the suites
// also run as tests of their own.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { workerContext } from '../contract/run-context.js';
import { startEmulator } from '../emulator/emulator.js';
import { isKindId } from '../spec/kinds.js';
import { emulatorRunConfig } from '../cli/emulator-run.js';
import { prepare } from '../runner/prepare.js';
import { pressServiceFor } from '../press/service.js';
import { suitePresses } from '../runner/suite-areas.js';
import { startMeeting } from '../meeting/meeting.js';
import { quietIo } from '../operator/operator-io.js';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (project.getProvidedContext().energyConform) return undefined;
  const wanted = process.env.EC_SELFTEST_KIND ?? 'energysocket';
  if (!isKindId(wanted)) throw new Error(`EC_SELFTEST_KIND=${wanted} is not a kind`);
  const emu = await startEmulator({ kind: wanted });
  const dir = await mkdtemp(path.join(tmpdir(), 'energy-conform-selftest-'));
  const { ready } = emu;
  const cfg = await emulatorRunConfig(ready, path.join(dir, 'tokens.json'), { pressTimeoutS: 10 });
  const io = quietIo();
  const run = startMeeting(cfg, io, undefined, 'ec-selftest');
  const prepared = await prepare(run);
  const presses = await pressServiceFor(cfg, io, wanted, prepared.presses, suitePresses(cfg));
  // Built as `run` builds it (session.ts), with no cloud toggle.
  project.provide('energyConform', workerContext(prepared.draft, { pressUrl: presses?.url ?? null, pressTimed: presses?.timed ?? false, cloudToggle: false }));
  return async () => {
    await presses?.close();
    await run.pool.close();
    await emu.close();
    await rm(dir, { recursive: true, force: true });
  };
}
