// A short soak of an emulated device in the test's process: the emulator with its field faults, a token
// made on it (as a stored one would be), the soak's reports rendered. The tests' soaks are seconds long,
// with intervals of a second or two: what a night does, in miniature.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { emulatorRunConfig } from '../cli/emulator-run.js';
import { startEmulator } from '../emulator/emulator.js';
import type { FieldFaults } from '../emulator/field.js';
import { streamIo } from '../operator/operator-io.js';
import { reportHtml } from '../report/html.js';
import { type SoakOutcome, soakResults } from '../soak/soak-results.js';
import { type SoakConfig, soak } from '../soak/soak.js';
import { DEFAULT_THRESHOLDS } from '../soak/thresholds.js';
import type { KindId } from '../spec/kinds.js';
import type { RunConfig } from '../runner/config.js';
import { Writable } from 'node:stream';

export type SoakPlan = Omit<SoakConfig, 'device' | 'tool'>;
/**
 * The emulator answers in the test's own process: on a machine busy with the other tests its answers can wait
 * a second or more for the event loop, which is the machine's latency, not the device's. The tests' bound is 5 s.
 */
export const TEST_PLAN: SoakPlan = {
  durationS: 12,
  clients: 3,
  pollMs: 500,
  intervalS: 1,
  checkEveryS: 4,
  thresholds: { ...DEFAULT_THRESHOLDS, maxP99Ms: 5000, maxStaleS: 5, maxStallS: 5 },
};

/** `run`: what the operator gave beyond the emulator's own address, CA and token (a wrong --kind, say). */
/** `device`: the emulator's group of batteries, its meter's seed, the faults of its fault table it serves. */
export async function soakEmulated(
  kind: KindId,
  field: FieldFaults,
  plan: Partial<SoakPlan> = {},
  run: Partial<RunConfig> = {},
  device: { batteryCount?: number; seed?: number; faults?: string[] } = {},
): Promise<SoakOutcome & { html: string; said: string }> {
  const emu = await startEmulator({ kind, field, ...device });
  const dir = await mkdtemp(path.join(tmpdir(), 'ec-soak-'));
  let said = '';
  const io = streamIo(
    new Writable({
      write: (chunk, _enc, done) => {
        said += String(chunk);
        done();
      },
    }),
    false,
  );
  try {
    emu.state.press();
    const token = emu.ready.httpsPort !== null ? emu.state.createUser('local/energy-conform') : undefined;
    const cfg = await emulatorRunConfig(emu.ready, path.join(dir, 'tokens.json'), { token, ...run });
    // A reboot due at 6 s must fall inside the soak, however long a busy machine took to get here.
    emu.restartFieldClock();
    const end = await soak({ ...TEST_PLAN, ...plan, device: cfg, tool: { name: 'energy-conform', version: 'test' } }, io, new AbortController().signal);
    const outcome = soakResults(end);
    return { ...outcome, html: reportHtml(outcome.results), said };
  } finally {
    await emu.close();
    await rm(dir, { recursive: true, force: true });
  }
}
