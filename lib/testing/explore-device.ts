// An emulated device ready for the explorer, as a run would hand it over: paired (the run's own user and
// token), the version it serves and the socket state read first. The press is the emulator's control
// endpoint, as the press hook a run is given.
import { readFile } from 'node:fs/promises';
import { DeviceClient } from '../client/device-client.js';
import { readSocket } from '../client/socket-state.js';
import { readCloud } from '../client/cloud.js';
import { startEmulator } from '../emulator/emulator.js';
import { FAULTS } from '../emulator/faults.js';
import { type Budget, DEFAULT_BUDGET } from '../explore/budget.js';
import { type ExploreResult, explore } from '../explore/explorer.js';
import { KINDS, type KindId } from '../spec/kinds.js';

/**
 * `slow`: the window's steps too, the emulator on a clock of the test's that a step's wait moves on at once.
 * `cloudToggle`: as --allow-cloud-toggle; by default on for a clean device, and for faults that all need that option.
 */
export async function exploreEmulated(
  kind: KindId,
  faults: string[],
  seed: number,
  budget: Budget = DEFAULT_BUDGET,
  o: { signal?: AbortSignal; slow?: boolean; cloudToggle?: boolean } = {},
): Promise<ExploreResult> {
  let clock = Date.now();
  const emu = await startEmulator({ kind, faults, ...(o.slow ? { now: () => clock } : {}) });
  const device = new DeviceClient({
    host: emu.ready.host,
    httpPort: emu.ready.httpPort,
    httpsPort: emu.ready.httpsPort,
    caPem: await readFile(emu.ready.ca, 'utf8'),
    insecure: false,
  });
  try {
    emu.state.press();
    const token = emu.state.createUser('local/energy-conform');
    const served = (await device.v2.get('/api', { token })).headers['x-api-version'] ?? null;
    const socket = KINDS[kind].state === 'Supported' ? (await readSocket(device)).state : null;
    const cloud = KINDS[kind].v1 ? (await readCloud(device)).value : null;
    const press = async () => {
      const res = await fetch(`${emu.ready.controlUrl}/press`, { method: 'POST' });
      if (!res.ok) throw new Error(`the emulator's press answered ${res.status}`);
      return undefined;
    };
    const cloudToggle = o.cloudToggle ?? FAULTS.filter((f) => faults.includes(f.name)).every((f) => f.args?.includes('--allow-cloud-toggle') ?? false);
    return await explore({
      device,
      token,
      served,
      socket,
      cloud,
      cloudToggle,
      users: KINDS[kind].userToken !== 'Not supported',
      press,
      pressTimeoutS: 15,
      pressByHook: true,
      windowsBefore: 1,
      slow: o.slow ?? false,
      sleep: async (ms) => {
        clock += ms;
      },
      runTag: 'ec-explore',
      seed,
      budget,
      signal: o.signal,
      secret: () => undefined,
    });
  } finally {
    await device.close();
    await emu.close();
  }
}
