// Runtime events on the control port, as an integration's CI uses them.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { DeviceClient } from '../client/device-client.js';
import { type Emulator, startEmulator } from './emulator.js';
import { clientOf, control, pairedToken } from '../testing/emulator-client.js';

describe("the P1 meter emulator's control port", () => {
  let emu: Emulator;
  let client: DeviceClient;
  let token: string;
  beforeAll(async () => {
    emu = await startEmulator({ kind: 'p1dongle' });
    client = await clientOf(emu);
    token = await pairedToken(emu, client);
  });
  afterAll(async () => {
    await client.close();
    await emu.close();
  });

  test('POST /cloud-user adds a cloud/ user that GET /api/user lists', async () => {
    expect((await control(emu, '/cloud-user')).status).toBe(200);
    expect((await control(emu, '/cloud-user', { name: 'cloud/energy-manager' })).json).toMatchObject({
      users: ['cloud/energy-manager', 'cloud/homewizard-app', 'local/emulator-test'],
    });
    const list = await client.v2.get('/api/user', { token });
    expect(list.json).toContainEqual({ name: 'cloud/homewizard-app' });
    expect((await control(emu, '/cloud-user', { name: 'local/x' })).status).toBe(400);
  });

  test('POST /cloud changes the setting as the vendor app does: v1 and v2 read it', async () => {
    expect((await control(emu, '/cloud', { cloud_enabled: false })).json).toMatchObject({ cloud_enabled: false });
    expect((await client.v1.get('/api/v1/system')).json).toEqual({ cloud_enabled: false });
    expect((await client.v2.get('/api/system', { token })).json).toMatchObject({ cloud_enabled: false });
    expect((await control(emu, '/cloud', { cloud_enabled: 'off' })).status).toBe(400);
    await control(emu, '/cloud', { cloud_enabled: true });
  });

  test('POST /reboot closes both servers for the given seconds, keeps the state and resets the uptime', async () => {
    await new Promise((r) => setTimeout(r, 2100));
    expect(((await client.v2.get('/api/system', { token })).json as { uptime_s: number }).uptime_s).toBeGreaterThanOrEqual(2);
    const down = await control(emu, '/reboot', { seconds: 1 });
    expect(down).toEqual({ status: 200, json: { rebooting: true, seconds: 1 } });
    expect((await control(emu, '/reboot', { seconds: 1 })).status).toBe(409);
    await expect(client.v1.get('/api')).rejects.toMatchObject({ code: 'EC_TRANSPORT_REFUSED' });
    await expect(client.v2.get('/api', { token })).rejects.toMatchObject({ code: 'EC_TRANSPORT_REFUSED' });
    await emu.reboot(0);
    const system = await client.v2.get('/api/system', { token });
    expect(system.status).toBe(200);
    expect((system.json as { uptime_s: number }).uptime_s).toBeLessThanOrEqual(1);
    expect((await control(emu, '/reboot', { seconds: -1 })).status).toBe(400);
  });

  test('a port another program held while the device was down: the device comes back on it once it is free', async () => {
    // Below the ephemeral range (lib/emulator/servers.ts): no outgoing connection is given one meanwhile.
    expect([emu.ready.httpPort, emu.ready.httpsPort].filter((p) => !(p! >= 20_000 && p! < 32_768))).toEqual([]);
    // The servers are closed when the control port answers.
    expect((await control(emu, '/reboot', { seconds: 0.3 })).json).toEqual({ rebooting: true, seconds: 0.3 });
    const intruder = createServer();
    await new Promise<void>((r) => intruder.listen(emu.ready.httpPort!, '127.0.0.1', r));
    await new Promise((r) => setTimeout(r, 1000));
    await new Promise((r) => intruder.close(r));
    await emu.reboot(0);
    expect((await client.v1.get('/api')).status).toBe(200);
  });

  test('POST /revoke-tokens deletes every user: the token answers 401', async () => {
    expect((await control(emu, '/revoke-tokens')).json).toMatchObject({ users: [] });
    expect((await client.v2.get('/api', { token })).status).toBe(401);
  });

  test('an unknown route lists the routes; a body that is not JSON is refused', async () => {
    expect((await control(emu, '/nope')).json).toEqual({ error: expect.stringContaining('POST /revoke-tokens') });
    const res = await fetch(`${emu.ready.controlUrl}/cloud`, { method: 'POST', body: '{' });
    expect(res.status).toBe(400);
  });
});

test.for(['battery', 'display'] as const)('the %s has no cloud setting to change (read-only, or none)', async (kind) => {
  const emu = await startEmulator({ kind });
  try {
    expect((await control(emu, '/cloud', { cloud_enabled: false })).status).toBe(409);
    expect(emu.state.cloudEnabled).toBe(kind === 'battery' ? true : null);
  } finally {
    await emu.close();
  }
});
