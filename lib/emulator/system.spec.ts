// v2 system endpoints per kind, as the vendor's v2 documentation lists them.
import { afterAll, describe, expect, test, vi } from 'vitest';
import type { KindId } from '../spec/kinds.js';
import { type Emulator, startEmulator } from './emulator.js';
import { FIRST_TELEGRAM_MS } from './system.js';
import { clientOf, pairedToken } from '../testing/emulator-client.js';

const open: Emulator[] = [];
afterAll(async () => Promise.all(open.map((e) => e.close())));

/**
 * A paired device whose clock the test can move on; `held`: its clock stands still but for the test's moves (the
 * first telegram comes a second after boot, and starting and pairing took longer than that in one CI run).
 */
async function device(kind: KindId, held = false) {
  let offset = 0;
  const bootedAt = Date.now();
  const emu = await startEmulator({ kind, now: () => (held ? bootedAt : Date.now()) + offset });
  open.push(emu);
  const client = await clientOf(emu);
  return {
    emu,
    client,
    token: await pairedToken(emu, client),
    advance: (ms: number) => {
      offset += ms;
    },
  };
}

const SYSTEM_ROWS = [
  ['p1dongle', ['wifi_ssid', 'wifi_rssi_db', 'cloud_enabled', 'uptime_s', 'status_led_brightness_pct', 'api_v1_enabled'], 204, 204, 200],
  ['energymeter', ['wifi_ssid', 'wifi_rssi_db', 'cloud_enabled', 'uptime_s', 'api_v1_enabled'], 404, 204, 404],
  ['battery', ['wifi_ssid', 'wifi_rssi_db', 'cloud_enabled', 'uptime_s', 'status_led_brightness_pct'], 204, 404, 404],
  ['energysocket', null, 404, 404, 404],
  ['watermeter', null, 404, 404, 404],
  ['display', null, 404, 404, 404],
] as const;

describe('GET /api/system, identify, reboot and telegram are served only by the kinds that have them', () => {
  test.for(SYSTEM_ROWS)('%s', async ([kind, fields, identify, reboot, telegram]) => {
    const { client, token, advance } = await device(kind);
    advance(FIRST_TELEGRAM_MS);
    const system = await client.v2.get('/api/system', { token });
    if (fields === null) expect(system.status).toBe(404);
    else expect(Object.keys(system.json as object)).toEqual(fields);
    // A reboot is not triggered here: GET shows whether the path exists (405 for the wrong method).
    const exists = async (path: string) => ((await client.v2.get(path, { token })).status === 404 ? 404 : 204);
    expect([await exists('/api/system/identify'), await exists('/api/system/reboot')]).toEqual([identify, reboot]);
    expect((await client.v2.get('/api/telegram', { token })).status).toBe(telegram);
    if (identify === 204) {
      const res = await client.v2.put('/api/system/identify', { token });
      expect([res.status, res.headers['content-length'], res.text]).toEqual([204, '0', '']);
    }
    await client.close();
  });
});

describe('PUT /api/system', () => {
  let p1: Awaited<ReturnType<typeof device>>;
  const put = (body: unknown) => p1.client.v2.put('/api/system', { token: p1.token, body });

  test('answers the full object with the change applied, and the change holds', async () => {
    p1 = await device('p1dongle');
    const res = await put({ status_led_brightness_pct: 40, cloud_enabled: false });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ wifi_ssid: 'My Wi-Fi', status_led_brightness_pct: 40, cloud_enabled: false, api_v1_enabled: true });
    expect((await p1.client.v1.get('/api/v1/system')).json).toEqual({ cloud_enabled: false });
  });

  test("refuses a value of the wrong type with the vendor's code, and a body with nothing writable", async () => {
    expect((await put({ api_v1_enabled: 'no' })).json).toEqual({ error: 'json:parameter-invalid-type:api_v1_enabled' });
    expect((await put({ status_led_brightness_pct: 101 })).status).toBe(400);
    expect((await put({ uptime_s: 0 })).json).toEqual({ error: 'json:no-parameters-recognized' });
    expect((await put('{')).json).toEqual({ error: 'request:invalid-json' });
  });

  test('api_v1_enabled false closes v1 (403, id 202) until it is switched back on', async () => {
    await put({ api_v1_enabled: false });
    const refused = await p1.client.v1.get('/api/v1/data');
    expect([refused.status, refused.json]).toEqual([403, { error: { id: 202, description: 'API not enabled' } }]);
    await put({ api_v1_enabled: true });
    expect((await p1.client.v1.get('/api/v1/data')).status).toBe(200);
  });

  test("the battery's cloud_enabled is read-only", async () => {
    const bat = await device('battery');
    const res = await bat.client.v2.put('/api/system', { token: bat.token, body: { cloud_enabled: false } });
    expect([res.status, res.json]).toEqual([400, { error: 'json:no-parameters-recognized' }]);
    expect((await bat.client.v2.get('/api/system', { token: bat.token })).json).toMatchObject({ cloud_enabled: true });
  });

  test('needs a token', async () => {
    expect((await p1.client.v2.get('/api/system')).status).toBe(401);
  });
});

test('GET /api/telegram answers 503 telegram:no-telegram-received until the first telegram, then the telegram as text/plain', async () => {
  const { client, token, advance } = await device('p1dongle', true);
  const before = await client.v2.get('/api/telegram', { token });
  expect([before.status, before.contentType, before.text]).toEqual([503, 'text/plain', 'telegram:no-telegram-received']);
  advance(FIRST_TELEGRAM_MS);
  const after = await client.v2.get('/api/telegram', { token });
  expect([after.status, after.contentType]).toEqual([200, 'text/plain']);
  expect(after.text).toMatch(/^\/ISK5\\2M550T-1011\r\n[\s\S]*![0-9A-F]{4}\r\n$/);
});

test("DELETE /api/user without a body deletes the caller, as the vendor's Python client expects", async () => {
  const { client, token } = await device('battery');
  const res = await client.v2.delete('/api/user', { token });
  expect(res.status).toBe(204);
  expect((await client.v2.get('/api', { token })).status).toBe(401);
});

test('PUT /api/system/reboot answers 204, then the device is away and comes back with its users and a new uptime', async () => {
  const { emu, client, token } = await device('energymeter');
  const client2 = await clientOf(emu);
  await new Promise((r) => setTimeout(r, 1100));
  expect(((await client.v2.get('/api/system', { token })).json as { uptime_s: number }).uptime_s).toBeGreaterThanOrEqual(1);
  expect((await client.v2.put('/api/system/reboot', { token })).status).toBe(204);
  await vi.waitFor(() => expect(client2.v1.get('/api')).rejects.toMatchObject({ code: 'EC_TRANSPORT_REFUSED' }), { timeout: 3000 });
  await emu.reboot(0); // already down: resolves when that reboot ends
  const back = await client2.v2.get('/api/system', { token });
  expect(back.status).toBe(200);
  expect((back.json as { uptime_s: number }).uptime_s).toBeLessThan(2);
}, 15_000);
