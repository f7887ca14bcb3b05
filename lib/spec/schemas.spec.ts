// The schemas accept what real devices send (fixtures/real-world) and reject malformed bodies.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { SEMVER } from './releases.js';
import { createdUser, deviceInfo, errorV2, socketState, socketStatePartial, systemState, userList } from './schemas.js';

const RW = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'real-world');
const load = (p: string): unknown => JSON.parse(readFileSync(path.join(RW, p), 'utf8'));
const DOC = 'api-documentation/doc-examples';
const PY = 'python-homewizard-energy/tests';
const HA = 'home-assistant-core/tests/components/homewizard/fixtures';
const OH = 'openhab-addons/bundles/org.openhab.binding.homewizard/src/test/resources/org/openhab/binding/homewizard/internal/dto';
const SW = 'swift-homewizard-energy/Tests/HWLocalAPITests';

const accepted: [string, z.ZodType, string[]][] = [
  [
    'v2 device information',
    deviceInfo,
    [`${DOC}/v2/device_HWE-P1_200.json`, ...['HWE-P1', 'HWE-KWH1', 'HWE-KWH3', 'HWE-BAT'].map((t) => `${PY}/v2/fixtures/${t}/device.json`)],
  ],
  [
    'v1 device information',
    deviceInfo,
    [
      `${DOC}/v1/device_HWE-P1_200.json`,
      `${HA}/HWE-SKT-11/device.json`,
      `${HA}/HWE-SKT-21/device.json`,
      `${HA}/HWE-BAT/device.json`,
      `${OH}/response-device-information-energy-socket.json`,
      `${OH}/response-device-information-plug-in-battery.json`,
      `${PY}/v1/fixtures/exceptions/device_extra_parameters.json`,
      ...['HWE-P1', 'HWE-SKT', 'HWE-WTR', 'HWE-KWH1', 'HWE-KWH3', 'SDM230-wifi', 'SDM630-wifi'].map((t) => `${PY}/v1/fixtures/${t}/device.json`),
      ...['EnergySocket', 'P1Meter', 'KwhMeter', 'Watermeter'].map((t) => `${SW}/${t}Tests/infoData.json`),
    ],
  ],
  ['user list', userList, [`${DOC}/v2/user_list_200.json`]],
  ['created user', createdUser, [`${DOC}/v2/post_user_200.json`, `${HA}/v2/generic/post_user_200_ok.json`, `${HA}/v2/generic/token.json`]],
  [
    'socket state',
    socketState,
    [`${DOC}/v1/state_get_200.json`, `${HA}/state.json`, `${PY}/v1/fixtures/HWE-SKT/state_all.json`, `${SW}/EnergySocketTests/stateData.json`],
  ],
  ['state PUT answer', socketStatePartial, ['state_brightness', 'state_power_on', 'state_switch_lock'].map((f) => `${PY}/v1/fixtures/HWE-SKT/${f}.json`)],
  [
    'system',
    systemState,
    [
      `${DOC}/v1/system_get_200.json`,
      `${DOC}/v2/system_200.json`,
      `${HA}/v2/HWE-P1/system.json`,
      `${HA}/HWE-BAT/system.json`,
      ...['HWE-P1', 'HWE-SKT', 'HWE-WTR', 'HWE-KWH1'].map((t) => `${PY}/v1/fixtures/${t}/system.json`),
      ...['HWE-P1', 'HWE-KWH1', 'HWE-BAT'].map((t) => `${PY}/v2/fixtures/${t}/system.json`),
    ],
  ],
  [
    'v2 error',
    errorV2,
    [
      `${DOC}/v2/unauthorized_401.json`,
      `${DOC}/v2/post_user_403.json`,
      `${DOC}/v2/api_version_not_supported_400.json`,
      `${DOC}/v2/invalid_type_400.json`,
      ...['400_bad_request', '401_unauthorized', '403_forbidden'].map((f) => `${HA}/v2/generic/post_user_${f}.json`),
    ],
  ],
];

describe('schemas accept the real-world bodies in scope', () => {
  for (const [what, schema, files] of accepted) {
    test.for(files)(`${what}: %s`, (file) => {
      const r = schema.safeParse(load(file));
      expect(r.success, JSON.stringify(r.error?.issues)).toBe(true);
    });
  }
});

const good = { product_name: 'P1 meter', product_type: 'HWE-P1', serial: '5c2fafaabbcc', firmware_version: '6.00', api_version: '2.0.0' };
const rejected: [string, z.ZodType, unknown][] = [
  ['device information with a numeric serial', deviceInfo, { ...good, serial: 1234 }],
  ['device information without firmware_version', deviceInfo, { ...good, firmware_version: undefined }],
  ['a user list that is an object', userList, { name: 'local/x' }],
  ['a user list entry with current "yes"', userList, [{ name: 'local/x', current: 'yes' }]],
  ['a created user without token', createdUser, { name: 'local/x' }],
  ['socket state with brightness 256', socketState, { power_on: true, switch_lock: false, brightness: 256 }],
  ['socket state with power_on "true"', socketState, { power_on: 'true', switch_lock: false, brightness: 1 }],
  ['system with cloud_enabled 1', systemState, { cloud_enabled: 1 }],
  ['a v2 error whose error is an object (the v1 shape)', errorV2, load(`${DOC}/v1/error_switch_lock_400.json`)],
];

test('device information with api_version "v2" (python-homewizard-energy exceptions): five strings for INFO-01, a form INFO-03 refuses', () => {
  const body = load(`${PY}/v1/fixtures/exceptions/device_invalid_api.json`);
  const parsed = deviceInfo.safeParse(body);
  expect(parsed.success).toBe(true);
  expect(SEMVER.test(parsed.data!.api_version)).toBe(false);
});

test("a socket state's brightness is a number, not only an integer (Resources: Socket state; SOCK-15)", () => {
  expect(socketState.safeParse({ power_on: true, switch_lock: false, brightness: 12.5 }).success).toBe(true);
});

describe('schemas reject malformed bodies', () => {
  test.for(rejected)('%s', ([, schema, body]) => {
    expect(schema.safeParse(body).success).toBe(false);
  });
});
