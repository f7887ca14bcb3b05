// The emulator as a stand-in for real devices: a v1 client written by others
// (homewizard-energy-api 1.5.0, unmodified) through every call it offers for the socket and the P1.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Emulator, startEmulator } from './emulator.js';

const require = createRequire(import.meta.url);
// The package is CommonJS without ESM types for these classes: only what the test calls is typed.
type Api = Record<string, (...args: unknown[]) => Promise<unknown>> & {
  polling: Record<string, { start(): void; stop(): void; on(event: string, listener: (x: unknown) => void): void }>;
};
const { EnergySocketApi, P1MeterApi } = require('homewizard-energy-api') as Record<'EnergySocketApi' | 'P1MeterApi', new (url: string) => Api>;

const base = (emu: Emulator) => `http://${emu.ready.host}:${emu.ready.httpPort}`;

describe('the energy socket emulator, through homewizard-energy-api', () => {
  let emu: Emulator;
  let api: Api;
  beforeAll(async () => {
    emu = await startEmulator({ kind: 'energysocket' });
    api = new EnergySocketApi(base(emu));
  });
  afterAll(async () => emu.close());

  test('getBasicInformation, getData', async () => {
    expect(await api.getBasicInformation!()).toEqual({ ...emu.state.identity, api_version: 'v1' });
    expect(await api.getData!()).toMatchObject({
      wifi_ssid: expect.any(String),
      active_power_w: expect.any(Number),
      total_power_import_kwh: expect.any(Number),
    });
  });

  test('getState and updateState switch the emulated socket', async () => {
    expect(await api.getState!()).toEqual({ power_on: true, switch_lock: false, brightness: 255 });
    expect(await api.updateState!({ power_on: false, brightness: 90 })).toEqual({ power_on: false, brightness: 90 });
    expect(emu.state.socket).toEqual({ power_on: false, switch_lock: false, brightness: 90 });
    await expect(api.updateState!({ power_on: false, switch_lock: true })).rejects.toMatchObject({ statusCode: 400 });
  });

  test('getSystem, updateSystem, identify', async () => {
    expect(await api.getSystem!()).toEqual({ cloud_enabled: true });
    expect(await api.updateSystem!({ cloud_enabled: false })).toEqual({ cloud_enabled: false });
    expect(emu.state.cloudEnabled).toBe(false);
    expect(await api.identify!()).toEqual({ identify: 'ok' });
  });

  test('polling getState delivers responses until stopped', async () => {
    const seen = await new Promise<unknown>((resolve, reject) => {
      const poll = api.polling.getState!;
      poll.on('response', (x) => {
        poll.stop();
        resolve(x);
      });
      poll.on('error', (e) => {
        poll.stop();
        reject(e);
      });
      poll.start();
    });
    expect(seen).toEqual(emu.state.socket);
  });
});

describe('the P1 meter emulator, through homewizard-energy-api', () => {
  let emu: Emulator;
  let api: Api;
  beforeAll(async () => {
    // A stopped clock: the live readings hold still while the client reads them.
    const start = Date.now();
    emu = await startEmulator({ kind: 'p1dongle', now: () => start });
    api = new P1MeterApi(base(emu));
  });
  afterAll(async () => emu.close());

  test('getBasicInformation, getData, getSystem, updateSystem, identify', async () => {
    expect(await api.getBasicInformation!()).toMatchObject({ product_type: 'HWE-P1', serial: emu.ready.serial });
    expect(await api.getData!()).toMatchObject({ smr_version: 50, total_power_import_kwh: expect.any(Number), external: expect.any(Array) });
    expect(await api.getSystem!()).toEqual({ cloud_enabled: true });
    expect(await api.updateSystem!({ cloud_enabled: true })).toEqual({ cloud_enabled: true });
    expect(await api.identify!()).toEqual({ identify: 'ok' });
  });

  test('getTelegram and getParsedTelegram read a DSMR 5.0 telegram', async () => {
    const telegram = (await api.getTelegram!()) as string;
    expect(telegram).toMatch(/^\/ISK5\\2M550T-1011\r\n/);
    const parsed = await api.getParsedTelegram!();
    const r = emu.state.meter.read();
    const net = r.phaseW.map(Math.round).reduce((a, b) => a + b, 0);
    expect(parsed).toMatchObject({
      meter: { brand: 'ISK5', model: '2M550T-1011' },
      version: '50',
      power: {
        import: { t1: { value: Number(r.importKwh[0].toFixed(3)), unit: 'kWh' } },
        [net < 0 ? 'export' : 'import']: { active: { value: Math.abs(net) / 1000, unit: 'kW' } },
        tariffIndicator: r.tariff,
      },
    });
  });
});
