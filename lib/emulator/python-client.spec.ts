// The vendor's Python client (python-homewizard-energy, homewizard_energy/v2/__init__.py) cannot be
// installed here (no PyPI), so its v2 calls are replayed from its source, byte for byte where it
// matters: its headers (Content-Type on every request, no X-Api-Version), its bodies (none on a
// self-delete), its reading of answers (401 raises, 204 is None, anything else goes through aiohttp's
// resp.json(), which needs Content-Type application/json), and its models' required fields.
import { readFile } from 'node:fs/promises';
import type { PeerCertificate } from 'node:tls';
import { judgeIdentity } from '../client/tls-identity.js';
import { Agent, request } from 'undici';
import { afterAll, describe, expect, test } from 'vitest';
import { applianceIdentity, type KindId } from '../spec/kinds.js';
import { type CertStyle, type Emulator, startEmulator } from './emulator.js';
import { control } from '../testing/emulator-client.js';

const AIOHTTP = { 'user-agent': 'Python/3.12 aiohttp/3.11.11', accept: '*/*', 'accept-encoding': 'gzip, deflate' };
const MODEL_TO_ID = ['HWE-P1', 'HWE-SKT', 'HWE-WTR', 'HWE-DSP', 'HWE-KWH1', 'HWE-KWH3', 'SDM230-wifi', 'SDM630-wifi', 'HWE-BAT'];

class UnauthorizedError extends Error {}

/** HomeWizardEnergyV2 without an identifier (as Home Assistant uses it): the chain is verified, the hostname not. */
class PythonClientV2 {
  token: string | null = null;
  private readonly agent: Agent;
  constructor(
    private readonly host: string,
    ca: string,
  ) {
    this.agent = new Agent({ connect: { ca, rejectUnauthorized: true, checkServerIdentity: () => undefined } });
  }

  async request(path: string, method = 'GET', data: unknown = null): Promise<[number, unknown]> {
    const headers: Record<string, string> = { ...AIOHTTP, 'content-type': 'application/json' };
    if (this.token !== null) headers.authorization = `Bearer ${this.token}`;
    const res = await request(`https://${this.host}${path}`, {
      method,
      headers,
      dispatcher: this.agent,
      ...(data === null ? {} : { body: JSON.stringify(data) }),
    });
    const text = await res.body.text();
    if (res.statusCode === 401) throw new UnauthorizedError('Token rejected');
    if (res.statusCode === 204) return [204, null];
    // aiohttp's resp.json(): a ContentTypeError unless the answer says application/json.
    expect(String(res.headers['content-type']).split(';')[0], `${method} ${path}`).toBe('application/json');
    return [res.statusCode, JSON.parse(text)];
  }

  async getToken(name: string): Promise<string> {
    const [status, body] = await this.request('/api/user', 'POST', { name: `local/${name}` });
    if (status === 403) throw new Error('DisabledError: User creation is not enabled on the device');
    expect(status).toBe(200);
    this.token = (body as { token: string }).token;
    return this.token;
  }

  async deleteToken(name?: string): Promise<void> {
    const [status] = await this.request('/api/user', 'DELETE', name === undefined ? null : { name });
    expect(status, 'delete_token needs 204').toBe(204);
    if (name === undefined) this.token = null;
  }

  close = () => this.agent.close();
}

/** homewizard_energy.models.Device: every field required, the product type one it knows. */
function expectDevice(d: unknown) {
  expect(d).toEqual({
    product_name: expect.any(String),
    product_type: expect.any(String),
    serial: expect.any(String),
    firmware_version: expect.any(String),
    api_version: expect.any(String),
  });
  expect(MODEL_TO_ID).toContain((d as { product_type: string }).product_type);
}

/** Measurement.from_dict: a body with wifi_ssid is read as v1 data; timestamps go through datetime.fromisoformat. */
function expectMeasurement(m: Record<string, unknown>) {
  expect(m).not.toHaveProperty('wifi_ssid');
  const iso = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/;
  if ('timestamp' in m) expect(m.timestamp).toMatch(iso);
  if ('tariff' in m) expect([1, 2, 3, 4]).toContain(m.tariff);
  for (const e of (m.external ?? []) as Record<string, unknown>[]) {
    expect(e).toMatchObject({ unique_id: expect.any(String), value: expect.any(Number), unit: expect.any(String), timestamp: expect.stringMatching(iso) });
  }
}

const open: Emulator[] = [];
afterAll(async () => Promise.all(open.map((e) => e.close())));

const ROWS: [KindId, Record<string, unknown>, boolean, boolean][] = [
  ['p1dongle', { cloud_enabled: true, status_led_brightness_pct: 50 }, true, true],
  ['energymeter', { api_v1_enabled: true }, false, true],
  ['battery', { status_led_brightness_pct: 80 }, true, false],
];

describe.for(ROWS)("the %s emulator through the vendor Python client's v2 calls", ([kind, update, identify, reboot]) => {
  test('has_v2_api, get_token by press, device, measurement, system, identify, reboot, delete_token', async () => {
    const emu = await startEmulator({ kind });
    open.push(emu);
    const py = new PythonClientV2(`${emu.ready.host}:${emu.ready.httpsPort}`, await readFile(emu.ready.ca, 'utf8'));
    try {
      await expect(py.request('/api')).rejects.toBeInstanceOf(UnauthorizedError); // has_v2_api: true on 401
      await expect(py.getToken('home-assistant#1a2b3c')).rejects.toThrow(/DisabledError/);
      await control(emu, '/press');
      expect(await py.getToken('home-assistant#1a2b3c')).toMatch(/^[A-F0-9]{32}$/);

      expectDevice((await py.request('/api'))[1]);
      expectMeasurement((await py.request('/api/measurement'))[1] as Record<string, unknown>);
      const [status, system] = await py.request('/api/system');
      expect(status).toBe(200);
      const [putStatus, updated] = await py.request('/api/system', 'PUT', update);
      expect([putStatus, updated]).toEqual([200, { ...(system as object), ...update, uptime_s: expect.any(Number) }]);
      if (identify) expect(await py.request('/api/system/identify', 'PUT')).toEqual([204, null]);
      if (reboot) {
        expect(await py.request('/api/system/reboot', 'PUT')).toEqual([204, null]);
        await emu.reboot(0); // back after the API's reboot
      }

      await control(emu, '/press');
      const other = new PythonClientV2(`${emu.ready.host}:${emu.ready.httpsPort}`, await readFile(emu.ready.ca, 'utf8'));
      await other.getToken('second');
      await py.deleteToken('local/second');
      await expect(other.request('/api')).rejects.toBeInstanceOf(UnauthorizedError);
      await other.close();
      const token = py.token!;
      await py.deleteToken();
      py.token = token;
      await expect(py.request('/api')).rejects.toBeInstanceOf(UnauthorizedError);
    } finally {
      await py.close();
    }
  }, 20_000);
});

// With an identifier the client sends it as SNI and checks it as a hostname, the CN allowed
// (hostname_checks_common_name): a DNS subject-alternative name hides the CN, as on real P1 meters. The
// check is OpenSSL's, as the project states it (tls-identity.ts), not the runtime's checkServerIdentity.
test.for([
  ['cn-only', true],
  ['real', false],
] as const)('with an identifier, the %s certificate passes hostname verification: %s', async ([style, passes]) => {
  const emu = await startEmulator({ kind: 'p1dongle', certStyle: style as CertStyle });
  open.push(emu);
  const identity = applianceIdentity('p1dongle', emu.ready.serial);
  let peer: PeerCertificate | undefined;
  const agent = new Agent({
    connect: {
      ca: await readFile(emu.ready.ca, 'utf8'),
      servername: identity,
      checkServerIdentity: (_host, cert) => {
        peer = cert;
        return undefined;
      },
    },
  });
  const res = await request(`https://127.0.0.1:${emu.ready.httpsPort}/api`, { dispatcher: agent });
  await res.body.dump();
  await agent.close();
  expect(res.statusCode).toBe(401);
  expect(judgeIdentity(peer!.raw, identity).standardCheckError === null).toBe(passes);
});
