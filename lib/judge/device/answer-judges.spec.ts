// The table's judges on answers written for each case: what holds, what does not, and what the failure says.
// Every command calls these (run's checks, the soak's spot checks, the explorer's read-backs), so one answer
// gets one outcome everywhere; the rows of the drift issue 32 found are here (MEAS-01 on an array or a number).
import { describe, expect, test } from 'vitest';
import { type JudgedClause, judgeAnswer } from './table.js';
import { type DeviceFacts, type Reply, answerOf } from './judgment.js';

const FACTS: DeviceFacts = { kind: 'p1dongle', served: '2.2.0' };
const INFO = { product_name: 'P1 meter', product_type: 'HWE-P1', serial: '5c2fafaabbcc', firmware_version: '6.0200', api_version: '2.2.0' };
const reply = (status: number, json: unknown, headers: Record<string, string> = { 'x-api-version': '2.2.0' }): Reply => ({
  status,
  json,
  headers,
  text: json === undefined ? '' : JSON.stringify(json),
});

type Row = [clause: JudgedClause, what: string, reply: Reply, heldOrExpected: true | string];
const ROWS: Row[] = [
  ['INFO-01', 'the five strings', reply(200, INFO), true],
  ['INFO-01', 'extra fields', reply(200, { ...INFO, wifi_ssid: 'x' }), true],
  ['INFO-01', 'serial a number', reply(200, { ...INFO, serial: 5 }), 'product_name, product_type, serial, firmware_version, api_version as strings'],
  ['INFO-01', 'an array', reply(200, [INFO]), 'a JSON object'],
  ['INFO-01', 'a 401', reply(401, { error: 'user:unauthorized' }), 'status 200'],
  ['INFO-02', 'x.yyzz', reply(200, INFO), true],
  ['INFO-02', 'x.yy', reply(200, { ...INFO, firmware_version: '4.19' }), true],
  ['INFO-02', 'x.y', reply(200, { ...INFO, firmware_version: '4.1' }), 'firmware_version of the form x.yy or x.yyzz'],
  ['INFO-02', 'x.yyz', reply(200, { ...INFO, firmware_version: '4.190' }), 'firmware_version of the form x.yy or x.yyzz'],
  ['INFO-03', 'two parts', reply(200, { ...INFO, api_version: '2.2' }), 'api_version of the form MAJOR.MINOR.PATCH'],
  ['INFO-04', 'the header', reply(200, INFO), true],
  ['INFO-04', 'another header', reply(200, INFO, { 'x-api-version': '2.0.0' }), 'api_version equal to the X-Api-Version header (2.0.0)'],
  ['INFO-05', 'a P1 product type', reply(200, INFO), true],
  ['INFO-05', "a socket's product type", reply(200, { ...INFO, product_type: 'HWE-SKT' }), 'a product type of the P1 meter: HWE-P1'],
  ['INFO-06', 'eleven digits', reply(200, { ...INFO, serial: '5c2fafaabbc' }), 'serial of 12 hexadecimal digits'],
  ['AUTH-01', 'the 401', reply(401, { error: 'user:unauthorized' }), true],
  ['AUTH-01', 'another code', reply(401, { error: 'user:forbidden' }), '401 {"error":"user:unauthorized"}'],
  ['AUTH-01', 'a 200', reply(200, INFO), '401 {"error":"user:unauthorized"}'],
  ['VER-02', 'the served version', reply(200, INFO), true],
  [
    'VER-02',
    'an older version',
    reply(200, INFO, { 'x-api-version': '2.0.0' }),
    'X-Api-Version: 2.2.0, the version the device serves (its answer to GET /api without the header, before any check)',
  ],
  ['VER-02', 'v1', reply(200, INFO, { 'x-api-version': '1.0.0' }), 'a response header whose MAJOR is at least 2'],
  ['VER-02', 'no header', reply(200, INFO, {}), 'a response header whose MAJOR is at least 2'],
  ['VER-03', 'the served 2', reply(200, INFO), true],
  ['VER-03', 'a 3', reply(200, INFO, { 'x-api-version': '3.0.0' }), 'a response header whose MAJOR is 2'],
  ['MEAS-01', 'an object', reply(200, { power_w: 125 }), true],
  ['MEAS-01', 'an array (any JSON value: Rules 5 shows no payload)', reply(200, [1, 2]), true],
  ['MEAS-01', 'a number', reply(200, 125), true],
  ['MEAS-01', 'text', { status: 200, headers: {}, json: undefined, text: 'power_w=125' }, 'a JSON body'],
  ['MEAS-01', 'a 500', reply(500, { error: 'x' }), 'status 200'],
  ['SOCK-01', 'a state', reply(200, { power_on: true, switch_lock: false, brightness: 255 }, {}), true],
  [
    'SOCK-01',
    'brightness 256',
    reply(200, { power_on: true, switch_lock: false, brightness: 256 }, {}),
    'boolean power_on, boolean switch_lock and a number brightness from 0 to 255',
  ],
  [
    'SOCK-01',
    'power_on a string',
    reply(200, { power_on: 'true', switch_lock: false, brightness: 3 }, {}),
    'boolean power_on, boolean switch_lock and a number brightness from 0 to 255',
  ],
  ['CLOUD-01', 'a boolean', reply(200, { cloud_enabled: false }, {}), true],
  ['CLOUD-01', 'a number', reply(200, { cloud_enabled: 0 }, {}), 'a boolean cloud_enabled'],
  ['VER-01', 'a success naming the served version', reply(200, INFO), true],
  ['VER-01', 'a 204 naming the served version', reply(204, undefined), true],
  [
    'VER-01',
    'a success naming another full version',
    reply(200, [], { 'x-api-version': '2.0.0' }),
    'X-Api-Version: 2.2.0, the version the device serves (its answer to GET /api without the header, before any check)',
  ],
  ['VER-01', 'a success naming two parts', reply(200, [], { 'x-api-version': '2.2' }), 'an X-Api-Version header of the form MAJOR.MINOR.PATCH'],
  ['VER-01', 'a success without the header', reply(204, undefined, {}), 'an X-Api-Version header of the form MAJOR.MINOR.PATCH'],
  ['VER-01', 'a 401 without the header (not a success: VER-09 records it)', reply(401, { error: 'user:unauthorized' }, {}), true],
  ['ERR-02', 'JSON with application/json; charset', reply(200, INFO, { 'content-type': 'application/json; charset=utf-8' }), true],
  ['ERR-02', 'JSON said to be text/html', reply(200, INFO, { 'content-type': 'text/html' }), 'Content-Type: application/json on a JSON body'],
  ['ERR-02', 'JSON without a content type', reply(401, { error: 'x' }, {}), 'Content-Type: application/json on a JSON body'],
  [
    'ERR-02',
    'JSON said to be application/jsonp (a prefix)',
    reply(200, INFO, { 'content-type': 'application/jsonp' }),
    'Content-Type: application/json on a JSON body',
  ],
  ['ERR-02', 'no JSON body: nothing to judge', { status: 204, headers: {}, json: undefined, text: '' }, true],
  ['ERR-01', 'a 403 error object', reply(403, { error: 'user:creation-not-enabled' }), true],
  [
    'ERR-01',
    'a 400 in plain text',
    { status: 400, headers: {}, json: undefined, text: 'user:name-invalid' },
    'every error answer a JSON object {"error": <string>}',
  ],
  [
    'ERR-01',
    'a 404 whose error is an object (the v1 shape)',
    reply(404, { error: { id: 1, description: 'x' } }),
    'every error answer a JSON object {"error": <string>}',
  ],
  ['ERR-01', 'a success: nothing to judge', reply(200, INFO), true],
  ['AUTH-06', 'the token accepted', reply(200, INFO), true],
  ['AUTH-06', 'the token refused', reply(401, { error: 'user:unauthorized' }), 'status 200'],
  ['SOCK-16', 'no socket state on the P1 meter', reply(404, { error: 'request:not-found' }, {}), true],
  [
    'SOCK-16',
    'a socket state on the P1 meter',
    reply(200, { power_on: true, switch_lock: false, brightness: 255 }, {}),
    'any answer but 200: the p1dongle has no socket state',
  ],
  ['V-MEAS-01', 'documented types', reply(200, { power_w: 125, energy_import_kwh: 1.5 }), true],
  ['V-MEAS-01', 'power as a string', reply(200, { power_w: '125' }), 'every documented field of its documented type'],
  ['V-MEAS-02', 'a v1 name', reply(200, { active_power_w: 125 }), 'no v1 field name in a v2 measurement'],
  ['V-MEAS-03', 'any fields on the P1 meter (all optional)', reply(200, {}), true],
  [
    'V-TEL-01',
    'a telegram',
    { status: 200, headers: { 'content-type': 'text/plain' }, json: undefined, text: '/ISK5\r\n\r\n1-0:1.8.1(000001.000*kWh)\r\n!\r\n' },
    true,
  ],
  [
    'V-TEL-01',
    'a telegram as JSON',
    reply(200, { telegram: '/ISK5 !' }),
    '200, Content-Type text/plain, a DSMR telegram from a "/" line to a "!" line (or 503 without one)',
  ],
  [
    'V-TEL-01',
    "none yet: V-TEL-03's",
    { status: 503, headers: { 'content-type': 'text/plain' }, json: undefined, text: 'telegram:no-telegram-received' },
    true,
  ],
  [
    'V-TEL-02',
    'a wrong CRC',
    { status: 200, headers: { 'content-type': 'text/plain' }, json: undefined, text: '/ISK5\r\n\r\n1-0:1.8.1(000001.000*kWh)\r\n!0000\r\n' },
    'CRC 116B of the bytes from "/" to "!"',
  ],
  [
    'V-TEL-03',
    'none as JSON',
    reply(503, { error: 'telegram:no-telegram-received' }),
    '503, Content-Type text/plain, the bare body telegram:no-telegram-received',
  ],
  ['V-TEL-05', 'a telegram on the kWh meter', { status: 200, headers: {}, json: undefined, text: '/x\r\n!' }, 'no 2xx: only the P1 meter serves a telegram'],
  [
    'V-SYS-01',
    "the P1 meter's system",
    reply(200, { wifi_ssid: 'x', wifi_rssi_db: -60, cloud_enabled: true, uptime_s: 10, status_led_brightness_pct: 50 }),
    true,
  ],
  [
    'V-SYS-01',
    'the LED brightness missing',
    reply(200, { wifi_ssid: 'x', wifi_rssi_db: -60, cloud_enabled: true, uptime_s: 10 }),
    'wifi_ssid a string, wifi_rssi_db a number, cloud_enabled a boolean, uptime_s a number of seconds, status_led_brightness_pct a number from 0 to 100 (api_v1_enabled, where present, a boolean)',
  ],
  [
    'V-BAT-01',
    'a group',
    reply(200, {
      mode: 'zero',
      power_w: 0,
      target_power_w: 0,
      max_consumption_w: 800,
      max_production_w: 800,
      permissions: ['discharge_allowed', 'charge_allowed'],
    }),
    true,
  ],
  [
    'V-BAT-01',
    'an unknown mode',
    reply(200, { mode: 'eco', power_w: 0, target_power_w: 0, max_consumption_w: 800, max_production_w: 800 }),
    'mode one of zero, to_full, standby, predictive; power_w, target_power_w, max_consumption_w, max_production_w numbers; permissions an array of charge_allowed and discharge_allowed; battery_count a number',
  ],
  ['V-BAT-11', 'batteries on the socket', reply(200, {}), 'no 2xx: /api/batteries lives on the P1 meter and the kWh meter'],
];

describe("the table's answer judges", () => {
  test.for(ROWS)('%s on %s', ([clause, , r, want]) => {
    const j = judgeAnswer(clause, r, FACTS);
    if (want === true) expect(j).toEqual({ held: true });
    else expect(j).toMatchObject({ held: false, expected: want });
  });

  test('a failure names its answer as evidence, and a recorded exchange is judged as the live answer was', () => {
    const exchange = {
      side: 'v2' as const,
      method: 'GET',
      url: 'https://127.0.0.1/api/measurement',
      requestHeaders: {},
      status: 200,
      responseHeaders: { 'content-type': 'text/plain' },
      responseBody: 'power_w=125',
      startedAt: '',
      durationMs: 1,
    };
    const live = judgeAnswer('MEAS-01', { status: 200, headers: {}, json: undefined, text: 'power_w=125', exchange }, FACTS);
    expect(live).toEqual({ held: false, expected: 'a JSON body', observed: '200 power_w=125', evidence: [exchange] });
    expect(judgeAnswer('MEAS-01', answerOf(exchange)!, FACTS)).toEqual(live);
    expect(answerOf({ ...exchange, status: undefined, error: 'ECONNRESET' })).toBeNull();
  });
});
