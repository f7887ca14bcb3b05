// Contracts and can-i-deploy, pure: what the traffic shows an integration relied on, and a capture held to it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Capture, CapturedAnswer } from '../capture/schema.js';
import { TOKEN_1, TrafficBuilder } from '../judge/client/fixture.js';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { canDeploy } from './can-deploy.js';
import { batteriesBody } from '../emulator/batteries.js';
import { DeviceState } from '../emulator/device-state.js';
import { deployAcrossFirmware } from './across-firmware.js';
import { type Contract, contractJsonSchema, contractOf, contractSchema } from './contract.js';

const FACTS = {
  integration: { name: 'my-binding', version: '1.0' },
  device: { kind: 'p1dongle' as const, firmware_version: '6.00', api_version: '2.2.0' },
  certified: '2026-11-26T10:00:00.000Z',
  verdict: 'pass',
};

/** An integration that pairs, reads /api once, polls the measurement with X-Api-Version: 2, sets the LED, and listens to the device topic. */
function traffic() {
  const b = new TrafficBuilder();
  const c = b.connection('v2', 1000);
  b.pair(1000, c, TOKEN_1);
  const auth = { authorization: `Bearer ${TOKEN_1}` };
  b.request({
    at: 1100,
    connection: c,
    headers: auth,
    path: '/api',
    responseBody: '{"product_type":"HWE-P1","api_version":"2.2.0"}',
    responseHeaders: { 'content-type': 'application/json' },
  });
  for (let i = 0; i < 12; i++)
    b.request({
      at: 2000 + i * 1000,
      connection: c,
      headers: { ...auth, 'x-api-version': '2' },
      responseBody: `{"power_w":${500 + i},"energy_import_kwh":1234.5${i}}`,
    });
  // In the scenario's newer phase another firmware answers (a field more): not what the certified device serves.
  const newer = b.start('newer');
  b.request({
    at: newer + 500,
    connection: c,
    headers: { ...auth, 'x-api-version': '2' },
    responseBody: '{"power_w":1,"energy_import_kwh":1.5,"ec_newer_field":{}}',
  });
  b.request({ at: 15_000, connection: c, method: 'PUT', path: '/api/system', headers: auth, body: '{"status_led_brightness_pct":50}', responseBody: '{}' });
  b.authorizedSocket(3000, TOKEN_1, [
    [200, 'client', { type: 'subscribe', data: 'device' }],
    [210, 'device', { type: 'device', data: { product_type: 'HWE-P1', api_version: '2.2.0' } }],
  ]);
  return b.build();
}

test('a contract holds what the traffic shows it relied on: the answers it read (tokens out), the versions, the writes, the WebSocket', () => {
  const c = contractOf(traffic(), FACTS);
  expect(contractSchema.safeParse(c).success).toBe(true);
  expect(c.reads.map((r) => [r.key, r.count])).toEqual([
    ['GET /api (v2, with the token)', 1],
    ['GET /api/measurement (v2, with the token, X-Api-Version: 2)', 12],
  ]);
  expect(c.reads[1]!.samples).toHaveLength(5);
  expect(JSON.stringify(c.reads)).not.toContain('ec_newer_field');
  expect(c.reads[0]!.contentType).toBe('application/json');
  expect(c.versions).toEqual(['2']);
  expect(c.writes).toEqual([
    { side: 'v2', method: 'POST', path: '/api/user', count: 1, fields: { name: 'string' } },
    { side: 'v2', method: 'PUT', path: '/api/system', count: 1, fields: { status_led_brightness_pct: 'number' } },
  ]);
  expect(c.websocket?.topics).toEqual(['device']);
  expect(Object.keys(c.websocket!.messages).sort()).toEqual(['WS authorized', 'WS greeting', 'WS topic device']);
  // The token of the pairing's answer is not in it: only GETs' answers are kept.
  expect(JSON.stringify(c)).not.toContain(TOKEN_1);
});

const answer = (path: string, samples: unknown[], o: Partial<CapturedAnswer> = {}): CapturedAnswer => ({
  side: 'v2',
  method: 'GET',
  path,
  token: true,
  why: '',
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(samples[0]),
  samples,
  latencyMs: { n: 1, p50: 1, p90: 1, max: 1 },
  ...o,
});

/** A capture of a firmware: the answers of the clean one, each changed as `edit` says. */
function capture(
  edit: {
    api?: unknown;
    measurement?: readonly unknown[];
    device?: unknown;
    system?: unknown;
    kind?: 'p1dongle' | 'energysocket';
    noVersionRead?: boolean;
  } = {},
): Capture {
  const api = edit.api ?? { product_type: 'HWE-P1', api_version: '2.2.0' };
  const measurement = edit.measurement ?? [
    { power_w: 321, energy_import_kwh: 1250.25 },
    { power_w: 330, energy_import_kwh: 1250.26 },
  ];
  return {
    format: 'energy-conform capture 1',
    tool: { name: 'energy-conform', version: 'test' },
    captured: '2026-11-26T11:00:00.000Z',
    device: {
      kind: edit.kind ?? 'p1dongle',
      product_type: 'HWE-P1',
      serial: '5c2fafaabbcc',
      firmware_version: '6.01',
      api_version: '2.2.0',
      served_version: '2.2.0',
    },
    certificate: null,
    left: [],
    answers: [
      answer('/api', [api]),
      answer('/api/measurement', [...measurement]),
      ...(edit.noVersionRead ? [] : [answer('/api/measurement', [...measurement], { version: '2' })]),
      answer('/api/system', [edit.system ?? { wifi_ssid: 'x', status_led_brightness_pct: 100 }]),
    ],
    websocket: {
      greeting: { type: 'authorization_requested', data: { api_version: '2.2.0' } },
      authorized: { type: 'authorized' },
      topics: { device: edit.device === undefined ? { type: 'device', data: api } : edit.device },
    },
  };
}

const contract = (): Contract => contractOf(traffic(), FACTS);
const row = (c: Capture) => canDeploy(c, [contract()])[0]!;

describe('can-i-deploy holds a capture to a contract', () => {
  test('the same shapes, other values (readings, a firmware version): ok, every answer and message compared', () => {
    const r = row(capture());
    expect([r.status, r.breaks]).toEqual(['ok', []]);
    expect(r.compared).toBe(5);
  });

  test.for([
    [
      'a field it was served retyped (power_w as text)',
      { measurement: [{ power_w: '321', energy_import_kwh: 1250.25 }] },
      'GET /api/measurement (v2, with the token, X-Api-Version: 2): power_w retyped',
    ],
    ['a field it was served removed', { measurement: [{ energy_import_kwh: 1250.25 }] }, 'power_w removed'],
    [
      'a total ×1000 (kWh written as Wh)',
      {
        measurement: [
          { power_w: 321, energy_import_kwh: 1250250 },
          { power_w: 330, energy_import_kwh: 1250260 },
        ],
      },
      'energy_import_kwh rescaled',
    ],
    [
      'the API version written in two parts, on /api and in the device topic',
      { api: { product_type: 'HWE-P1', api_version: '2.2' } },
      'WS topic device: data.api_version reformatted',
    ],
    ['a topic it subscribed to that sends nothing now', { device: null }, 'WS topic device: (the messages) removed'],
    [
      'a register it took differences of written in whole kWh',
      { measurement: [1250, 1251, 1252].map((k) => ({ power_w: 321, energy_import_kwh: k })) },
      'GET /api/measurement (v2, with the token, X-Api-Version: 2): energy_import_kwh precision lost',
    ],
  ] as const)('%s: it breaks, and says where', ([, edit, says]) => {
    const r = row(capture(edit));
    expect(r.status).toBe('breaks');
    expect(r.breaks.map((c) => `${c.answer}: ${c.path} ${c.class}`).join('\n')).toContain(says);
  });

  test("what it never read may change: /api/system's fields and an answer it did not ask are not its contract", () => {
    const r = row(capture({ system: { wifi_ssid: 1 } }));
    expect(r.status).toBe('ok');
    // It wrote the LED's brightness, which the captured GET /api/system no longer shows: named, not judged.
    expect(r.notChecked.join('\n')).toMatch(
      /PUT \/api\/system \(v2\): a write.*status_led_brightness_pct, which the captured GET \/api\/system no longer shows/,
    );
  });

  test("an answer asked with X-Api-Version: 2 is matched to the capture's answer without it where the capture has only that", () => {
    const r = row(capture({ noVersionRead: true, measurement: [{ power_w: true }] }));
    expect(r.breaks.map((c) => c.answer)).toContain('GET /api/measurement (v2, with the token, X-Api-Version: 2)');
  });

  test('a capture that holds no WebSocket cannot tell whether the topics it relied on are sent: not checked, and said', () => {
    const r = row({ ...capture(), websocket: null });
    expect(r.status).toBe('ok');
    expect(r.notChecked).toContain('the WebSocket: the capture holds none (captured without a token, or the device refused the upgrade)');
  });

  test('a contract certified on another kind is not compared, and says so', () => {
    const r = row(capture({ kind: 'energysocket' }));
    expect([r.status, r.notChecked]).toEqual(['other kind', ['certified on a p1dongle, the capture is of a energysocket']]);
  });
});

// Issue 49: python-homewizard-energy PR #587, an integration certified on 2.2.0 that read `permissions`, met 2.1.0.
describe("the battery group across the API's releases, as the emulator serves each", () => {
  const group = (apiVersion: string) => batteriesBody(new DeviceState('p1dongle', '5c2fafaabbcc', { apiVersion, seed: 7 }));
  /** An integration that polls /api/batteries, certified on a device serving `apiVersion`. */
  const certifiedOn = (apiVersion: string) => {
    const b = new TrafficBuilder();
    const c = b.connection('v2', 1000);
    b.pair(1000, c, TOKEN_1);
    for (let i = 0; i < 3; i++) {
      b.request({
        at: 2000 + i * 1000,
        connection: c,
        headers: { authorization: `Bearer ${TOKEN_1}` },
        path: '/api/batteries',
        responseBody: JSON.stringify(group(apiVersion)),
      });
    }
    return contractOf(b.build(), { ...FACTS, device: { ...FACTS.device, api_version: apiVersion } });
  };
  const capturedOn = (apiVersion: string): Capture => ({ ...capture(), answers: [...capture().answers, answer('/api/batteries', [group(apiVersion)])] });

  test("the release's fields: 2.1.0 has no permissions nor battery_count, 2.3.0 adds charge_to_full", () => {
    expect(Object.keys(group('2.1.0')).sort()).toEqual(['max_consumption_w', 'max_production_w', 'mode', 'power_w', 'target_power_w']);
    expect(
      Object.keys(group('2.2.0'))
        .filter((k) => !(k in group('2.1.0')))
        .sort(),
    ).toEqual(['battery_count', 'permissions']);
    expect(Object.keys(group('2.3.0')).filter((k) => !(k in group('2.2.0')))).toEqual(['charge_to_full']);
  });

  test('a contract made on 2.2.0 that read the permissions breaks on a capture of 2.1.0, naming them; on 2.2.0 and 2.3.0 it holds', () => {
    const on = (v: string) => canDeploy(capturedOn(v), [certifiedOn('2.2.0')])[0]!;
    const broken = on('2.1.0');
    expect(broken.status).toBe('breaks');
    expect(broken.breaks.map((c) => `${c.answer}: ${c.path} ${c.class}`)).toEqual(
      expect.arrayContaining([
        'GET /api/batteries (v2, with the token): permissions removed',
        'GET /api/batteries (v2, with the token): battery_count removed',
      ]),
    );
    expect([on('2.2.0').status, on('2.3.0').status]).toEqual(['ok', 'ok']);
  });

  test('a contract made on 2.1.0 holds on every later release: a field added breaks nothing', () => {
    expect(['2.1.0', '2.2.0', '2.3.0'].map((v) => canDeploy(capturedOn(v), [certifiedOn('2.1.0')])[0]!.status)).toEqual(['ok', 'ok', 'ok']);
  });
});

test('schemas/contract.schema.json is the one made from the zod type (`npm run schema` writes it)', async () => {
  expect(await readFile(path.join(PACKAGE_ROOT, 'schemas', 'contract.schema.json'), 'utf8')).toBe(contractJsonSchema());
});

test("across firmware: each firmware's latest capture held to each integration's latest contract, and the shapes changed between them", () => {
  const kept = (type: 'capture' | 'contract', version: string, doc: unknown) => ({
    type,
    kind: 'p1dongle',
    name: type === 'capture' ? '5c2fafaabbcc' : 'my-binding',
    version,
    body: JSON.stringify(doc),
  });
  const { rows, text } = deployAcrossFirmware([
    kept('capture', '6.00', capture()),
    kept('contract', '1.0', contract()),
    kept('capture', '6.01', capture({ measurement: [{ power_w: '321', energy_import_kwh: 1250.25 }] })),
  ]);
  expect(rows.map((r) => [r.firmware, r.integration, r.status])).toEqual([
    ['6.00', 'my-binding 1.0', 'ok'],
    ['6.01', 'my-binding 1.0', 'breaks'],
  ]);
  expect(text).toMatch(/^ {4}6\.01 +BREAKS \(1\)$/m);
  expect(text).toMatch(/^ {2}p1dongle 6\.00 → 6\.01: 2 breaking changes to the answers' shapes, 0 additions/m);
});
