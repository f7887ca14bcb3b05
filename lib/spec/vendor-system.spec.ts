// GET /api/system's documented fields are one table (vendor-system.ts): V-SYS-01's judge and the OpenAPI description
// read it, and so hold the same bodies to the same types and ranges. The kWh meter here: it has no LED, whose brightness
// V-SYS-01 asks of the kinds that have one and the description, written for every kind, does not.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect, test } from 'vitest';
import { vsys01 } from '../judge/device/vendor.js';
import type { Reply } from '../judge/device/judgment.js';
import { openApiV2 } from './openapi.js';
import { SYSTEM_FIELDS, systemFieldHolds } from './vendor-system.js';

const GOOD = { wifi_ssid: 'home', wifi_rssi_db: -60, cloud_enabled: true, uptime_s: 0, api_v1_enabled: false };
const replyOf = (json: unknown) => ({ status: 200, headers: { 'content-type': 'application/json' }, json, text: JSON.stringify(json) }) as unknown as Reply;
const described = new Ajv2020({ strict: false, validateSchema: false }).compile(
  (openApiV2() as { components: { schemas: { System: object } } }).components.schemas.System,
);

test.for([
  { name: 'as documented', body: GOOD, holds: true },
  { name: 'uptime_s below zero', body: { ...GOOD, uptime_s: -1 }, holds: false },
  { name: 'uptime_s as text', body: { ...GOOD, uptime_s: '12' }, holds: false },
  { name: 'the LED at 100 percent', body: { ...GOOD, status_led_brightness_pct: 100 }, holds: true },
  { name: 'the LED at 101 percent', body: { ...GOOD, status_led_brightness_pct: 101 }, holds: false },
  { name: 'the LED below 0 percent', body: { ...GOOD, status_led_brightness_pct: -1 }, holds: false },
  { name: 'wifi_rssi_db as text', body: { ...GOOD, wifi_rssi_db: '-60' }, holds: false },
  { name: 'cloud_enabled as 1', body: { ...GOOD, cloud_enabled: 1 }, holds: false },
  { name: 'api_v1_enabled as text', body: { ...GOOD, api_v1_enabled: 'false' }, holds: false },
  { name: 'wifi_ssid missing', body: { wifi_rssi_db: -60, cloud_enabled: true, uptime_s: 5 }, holds: false },
  { name: 'a field not documented', body: { ...GOOD, extra: [1] }, holds: true },
] as const)('$name: V-SYS-01 and the description both say $holds', ({ body, holds }) => {
  expect(vsys01(replyOf(body), { kind: 'energymeter' }).held).toBe(holds);
  expect(described(body)).toBe(holds);
});

test.for([
  ['uptime_s', 0, true],
  ['uptime_s', -0.5, false],
  ['status_led_brightness_pct', 50.5, true],
  ['status_led_brightness_pct', 100.01, false],
  ['wifi_ssid', '', true],
  ['wifi_ssid', 3, false],
  ['cloud_enabled', false, true],
] as const)('%s = %j holds: %s', ([field, value, holds]) => {
  expect(systemFieldHolds(SYSTEM_FIELDS[field]!, value)).toBe(holds);
});
