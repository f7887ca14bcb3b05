// Putting back what the vendor profile may change, on a real emulator: the LED, api_v1_enabled and the battery
// group a check left changed go back, v1 first of all; what does not go back is residue, named.
import { afterEach, describe, expect, test } from 'vitest';
import { readFile } from 'node:fs/promises';
import { DeviceClient } from '../client/device-client.js';
import { type Emulator, startEmulator } from '../emulator/emulator.js';
import { restoreFound } from './device-found.js';
import { BATTERIES, SYSTEM_V2, groupOf, writableOf } from './vendor-found.js';

let emu: Emulator | undefined;
afterEach(async () => emu?.close());

async function device(e: Emulator) {
  e.state.press();
  const token = e.state.createUser('local/energy-conform');
  const client = new DeviceClient({
    host: e.ready.host,
    httpPort: e.ready.httpPort,
    httpsPort: e.ready.httpsPort,
    caPem: await readFile(e.ready.ca, 'utf8'),
    insecure: false,
  });
  return { token, client };
}

describe("the vendor profile's settings, as the run found them", () => {
  test('are put back before the v1 cloud setting, which needs v1 switched on again first', async () => {
    emu = await startEmulator({ kind: 'p1dongle' });
    const { token, client } = await device(emu);
    const system = writableOf('p1dongle')(await client.v2.get(SYSTEM_V2, { token }));
    const batteries = groupOf(await client.v2.get(BATTERIES, { token }));
    expect(system).toEqual({ status_led_brightness_pct: 100, api_v1_enabled: true, cloud_enabled: true });
    // What a check that broke off half way leaves: LED dimmed, v1 off, the batteries in standby, the cloud off.
    Object.assign(emu.state.system, { status_led_brightness_pct: 5, api_v1_enabled: false });
    emu.state.batteries = { mode: 'standby', permissions: [] };
    emu.state.cloudEnabled = false;
    const out = await restoreFound(client, { socket: null, cloudEnabled: true, vendor: { kind: 'p1dongle', token, system, batteries } });
    expect(out).toEqual({
      residue: [],
      restored: [
        'status_led_brightness_pct 100, api_v1_enabled true, cloud_enabled true',
        'the batteries to mode "zero", permissions ["charge_allowed","discharge_allowed"]',
      ],
    });
    expect(emu.state.snapshot()).toMatchObject({
      cloud_enabled: true,
      system: { status_led_brightness_pct: 100, api_v1_enabled: true },
      batteries: { mode: 'zero', permissions: ['charge_allowed', 'discharge_allowed'] },
    });
    await client.close();
  });

  test('what does not go back is residue, saying what it reads and what it was', async () => {
    // A battery group that refuses to leave standby.
    emu = await startEmulator({ kind: 'energymeter', faults: ['to-full-refused'] });
    const { token, client } = await device(emu);
    emu.state.batteries = { mode: 'standby', permissions: [] };
    const out = await restoreFound(client, {
      socket: null,
      cloudEnabled: null,
      vendor: { kind: 'energymeter', token, system: null, batteries: { mode: 'to_full', permissions: ['charge_allowed'] } },
    });
    expect(out.restored).toEqual([]);
    expect(out.residue).toEqual(['the batteries read mode "standby", permissions []; they were mode "to_full", permissions ["charge_allowed"] before the run']);
    await client.close();
  });
});
