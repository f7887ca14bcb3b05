// The conformance project's global setup. `energy-conform run` provides the device context itself;
// a plain `vitest run` (npm test) gets a clean emulator of EC_SELFTEST_KIND (default: the energy
// socket) instead, paired through its control port, so the suites also run as tests of their own.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { Redactor } from '../client/redactor.js';
import { startEmulator } from '../emulator/emulator.js';
import { isKindId } from '../spec/kinds.js';
import { DEFAULT_PAIRING_NAME, DEFAULT_REQUEST_TIMEOUT_MS } from '../runner/config.js';
import { prepare } from '../runner/prepare.js';
import { pressServiceFor } from '../runner/presses.js';
import { quietIo } from '../operator/operator-io.js';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (project.getProvidedContext().energyConform) return undefined;
  const wanted = process.env.EC_SELFTEST_KIND ?? 'energysocket';
  if (!isKindId(wanted)) throw new Error(`EC_SELFTEST_KIND=${wanted} is not a kind`);
  const emu = await startEmulator({ kind: wanted });
  const dir = await mkdtemp(path.join(tmpdir(), 'energy-conform-selftest-'));
  const { ready } = emu;
  const cfg = {
    host: ready.host, httpPort: ready.httpPort ?? 1, httpsPort: ready.httpsPort ?? 1, kind: ready.kind,
    caPem: await readFile(ready.ca, 'utf8'), caLabel: 'the emulator CA', insecure: false,
    tokenStore: path.join(dir, 'tokens.json'), pairingName: DEFAULT_PAIRING_NAME, pressTimeoutS: 10,
    pressHook: `node -e "fetch('${ready.controlUrl}/press',{method:'POST'}).catch(()=>process.exit(1))"`,
    slow: false, allowCloudToggle: false, manual: false, strict: false, forget: false, yes: true, requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS,
  };
  const io = quietIo();
  const prepared = await prepare(cfg, new Redactor(), 'ec-selftest', io);
  const presses = await pressServiceFor(cfg, io, wanted, prepared.presses.count);
  project.provide('energyConform', { ...prepared.context, pressUrl: presses?.url ?? null });
  return async () => {
    await presses?.close();
    await emu.close();
    await rm(dir, { recursive: true, force: true });
  };
}
