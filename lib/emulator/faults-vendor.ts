// Faults of the vendor profile's HTTPS surface (V-SYS, V-TEL, V-MEAS, V-BAT): each names the clause it breaks.
// They are the slips a firmware ships: a value taken at one position only, a refused write that still changes
// something, a rule of the battery modes forgotten, a field of the v1 API left in a v2 body.
import type { DeviceState } from './device-state.js';
import { type EmuRequest, type EmuResponse, empty, isPlainObject, json, parseJson, text } from './exchange.js';
import { V, is, withBody } from './fault-helpers.js';
import type { FaultRow } from './catch-plan.js';
import { routeV2 } from './routes-v2.js';
import { dsmrCrc, p1Telegram, v1DataOf } from './v1-data.js';
import { type BatteryGroup, PERMISSIONS, batteriesBody } from './batteries.js';

/** What the correct handler answers to this request turned into another (the GET of the same path, say). */
const served = (req: EmuRequest, state: DeviceState, method: string, body = '') => routeV2({ ...req, method, bodyText: body }, state);
const bodyOf = (req: EmuRequest) => {
  const b = parseJson(req.bodyText);
  return isPlainObject(b) ? b : {};
};
const putWith = (req: EmuRequest, path: string, has: (b: Record<string, unknown>) => boolean) => is(req, 'PUT', path) && has(bodyOf(req));
/** The whole system object as GET answers it, with `change` laid over it: an answer that claims what the device did not do. */
const claimed = (req: EmuRequest, state: DeviceState, change: Record<string, unknown>) => withBody(served(req, state, 'GET'), (b) => ({ ...b, ...change }));
/** The group set as a buggy rule makes it, answered as the correct handler answers a write. */
const setGroup = (state: DeviceState, group: BatteryGroup): EmuResponse => {
  state.batteries = group;
  state.changed('batteries');
  return json(200, batteriesBody(state), V);
};
const onBatteries = (req: EmuRequest, state: DeviceState) => is(req, 'PUT', '/api/batteries') && state.batteries !== null;

export const VENDOR_FAULTS: readonly FaultRow[] = [
  // V-SYS
  {
    name: 'system-rssi-string',
    clause: 'V-SYS-01',
    says: 'GET /api/system gives wifi_rssi_db as a string ("-77")',
    response: (res, req) =>
      is(req, 'GET', '/api/system') && res.status === 200 ? withBody(res, (b) => ({ ...b, wifi_rssi_db: String(b.wifi_rssi_db) })) : res,
  },
  {
    name: 'led-zero-not-stored',
    clause: 'V-SYS-02',
    says: 'status_led_brightness_pct 0 is answered but not stored (0 taken for "not given")',
    answer: (req, state) =>
      putWith(req, '/api/system', (b) => b.status_led_brightness_pct === 0) ? claimed(req, state, { status_led_brightness_pct: 0 }) : undefined,
  },
  {
    name: 'v1-served-while-disabled',
    clause: 'V-SYS-03',
    server: 'v1',
    says: 'GET /api/v1/data is still served while api_v1_enabled is false',
    answer: (req, state) => (!state.system.api_v1_enabled && req.path === '/api/v1/data' ? json(200, v1DataOf(state.kind, state.meter.read())) : undefined),
  },
  {
    name: 'cloud-off-not-stored',
    clause: 'V-SYS-04',
    args: ['--allow-cloud-toggle'],
    says: 'PUT /api/system cloud_enabled false is answered but not stored',
    answer: (req, state) => (putWith(req, '/api/system', (b) => b.cloud_enabled === false) ? claimed(req, state, { cloud_enabled: false }) : undefined),
  },
  {
    name: 'system-put-echoes-fields',
    clause: 'V-SYS-05',
    says: 'PUT /api/system answers only the fields written, not the whole object',
    response: (res, req) =>
      is(req, 'PUT', '/api/system') && res.status === 200
        ? withBody(res, (b) =>
            Object.fromEntries(
              Object.keys(bodyOf(req))
                .filter((k) => k in b)
                .map((k) => [k, b[k]]),
            ),
          )
        : res,
  },
  {
    name: 'led-string-applied-then-refused',
    clause: 'V-SYS-06',
    says: 'status_led_brightness_pct "50" is refused with 400, but the LED is set to 50 first',
    answer: (req, state) => {
      const v = bodyOf(req).status_led_brightness_pct;
      if (!is(req, 'PUT', '/api/system') || typeof v !== 'string') return undefined;
      state.system.status_led_brightness_pct = Number(v);
      return json(400, { error: 'json:parameter-invalid-type:status_led_brightness_pct' }, V);
    },
  },
  {
    name: 'battery-cloud-writable',
    clause: 'V-SYS-07',
    kind: 'battery',
    says: 'the plug-in battery takes cloud_enabled false',
    answer: (req, state) => {
      if (!putWith(req, '/api/system', (b) => b.cloud_enabled === false)) return undefined;
      state.cloudEnabled = false;
      return served(req, state, 'GET');
    },
  },
  {
    name: 'identify-answers-200',
    clause: 'V-SYS-09',
    says: 'PUT /api/system/identify answers 200 {"identify":"ok"}, as v1 does',
    response: (res, req) => (is(req, 'PUT', '/api/system/identify') && res.status === 204 ? json(200, { identify: 'ok' }, V) : res),
  },
  {
    name: 'kwh-identify-served',
    clause: 'V-SYS-10',
    kind: 'energymeter',
    says: 'the kWh meter answers PUT /api/system/identify with 204',
    answer: (req) => (is(req, 'PUT', '/api/system/identify') ? empty(204, { ...V, 'content-length': '0' }) : undefined),
  },
  {
    name: 'reboot-answered-not-done',
    clause: 'V-SYS-11',
    args: ['--allow-reboot'],
    says: 'PUT /api/system/reboot answers 204 and does not reboot',
    answer: (req) => (is(req, 'PUT', '/api/system/reboot') ? empty(204, { ...V, 'content-length': '0' }) : undefined),
  },
  {
    name: 'battery-reboots',
    clause: 'V-SYS-12',
    kind: 'battery',
    args: ['--allow-reboot'],
    says: 'the plug-in battery reboots on PUT /api/system/reboot',
    answer: (req, state) => {
      if (!is(req, 'PUT', '/api/system/reboot')) return undefined;
      state.reboot(2);
      return empty(204, { ...V, 'content-length': '0' });
    },
  },
  {
    name: 'uptime-in-milliseconds',
    clause: 'V-SYS-13',
    strict: true,
    says: 'uptime_s counts milliseconds',
    response: (res, req, state) =>
      is(req, 'GET', '/api/system') && res.status === 200 ? withBody(res, (b) => ({ ...b, uptime_s: state.now() - state.bootedAt })) : res,
  },
  // V-TEL
  {
    name: 'telegram-octet-stream',
    clause: 'V-TEL-01',
    says: 'GET /api/telegram answers with Content-Type application/octet-stream',
    response: (res, req) =>
      is(req, 'GET', '/api/telegram') && res.status === 200 ? { ...res, headers: { ...res.headers, 'content-type': 'application/octet-stream' } } : res,
  },
  {
    name: 'telegram-crc-without-bang',
    clause: 'V-TEL-02',
    says: 'the telegram\'s CRC leaves out the "!" it should cover',
    answer: (req, state) => {
      if (!is(req, 'GET', '/api/telegram') || state.now() - state.bootedAt < 1000) return undefined;
      const t = p1Telegram(state.meter.read());
      const bang = t.lastIndexOf('!');
      return text(200, `${t.slice(0, bang + 1)}${dsmrCrc(t.slice(0, bang))}\r\n`, V);
    },
  },
  {
    name: 'no-telegram-as-json',
    clause: 'V-TEL-03',
    says: 'it never has a telegram, and says so as JSON: 503 {"error":"telegram:no-telegram-received"}',
    answer: (req) => (is(req, 'GET', '/api/telegram') ? json(503, { error: 'telegram:no-telegram-received' }, V) : undefined),
  },
  {
    name: 'kwh-serves-telegram',
    clause: 'V-TEL-05',
    kind: 'energymeter',
    says: 'the kWh meter answers GET /api/telegram with a P1 telegram',
    answer: (req, state) => (is(req, 'GET', '/api/telegram') ? text(200, p1Telegram(state.meter.read()), V) : undefined),
  },
  // V-MEAS
  {
    name: 'measurement-timestamp-with-zone',
    clause: 'V-MEAS-01',
    says: 'the measurement timestamp carries a zone ("…Z")',
    response: (res, req) =>
      is(req, 'GET', '/api/measurement') && res.status === 200 ? withBody(res, (b) => ({ ...b, timestamp: `${String(b.timestamp)}Z` })) : res,
  },
  {
    name: 'measurement-v1-wifi-field',
    clause: 'V-MEAS-02',
    strict: true,
    says: "the v2 measurement carries v1's wifi_ssid",
    response: (res, req) => (is(req, 'GET', '/api/measurement') && res.status === 200 ? withBody(res, (b) => ({ ...b, wifi_ssid: 'My Wi-Fi' })) : res),
  },
  {
    name: 'battery-measurement-without-charge',
    clause: 'V-MEAS-03',
    kind: 'battery',
    strict: true,
    says: "the battery's measurement has no state_of_charge_pct",
    response: (res, req) => (is(req, 'GET', '/api/measurement') && res.status === 200 ? withBody(res, ({ state_of_charge_pct: _, ...b }) => b) : res),
  },
  // V-BAT
  {
    name: 'batteries-permissions-string',
    clause: 'V-BAT-01',
    says: 'GET /api/batteries gives permissions as one comma-separated string',
    response: (res, req) =>
      is(req, 'GET', '/api/batteries') && res.status === 200 ? withBody(res, (b) => ({ ...b, permissions: (b.permissions as string[]).join(',') })) : res,
  },
  {
    name: 'standby-keeps-permissions',
    clause: 'V-BAT-02',
    says: 'mode standby keeps the permissions it had',
    answer: (req, state) =>
      onBatteries(req, state) && bodyOf(req).mode === 'standby' && !('permissions' in bodyOf(req))
        ? setGroup(state, { mode: 'standby', permissions: state.batteries!.permissions })
        : undefined,
  },
  {
    name: 'permission-in-standby-stays-standby',
    clause: 'V-BAT-03',
    says: 'a permission added in standby is stored, and the mode stays standby',
    answer: (req, state) => {
      const b = bodyOf(req);
      return onBatteries(req, state) && state.batteries!.mode === 'standby' && !('mode' in b) && Array.isArray(b.permissions) && b.permissions.length
        ? setGroup(state, { mode: 'standby', permissions: b.permissions as BatteryGroup['permissions'] })
        : undefined;
    },
  },
  {
    name: 'zero-without-permissions-stays-zero',
    clause: 'V-BAT-04',
    says: 'zero with both permissions removed stays zero',
    answer: (req, state) => {
      const b = bodyOf(req);
      return onBatteries(req, state) && state.batteries!.mode === 'zero' && !('mode' in b) && Array.isArray(b.permissions) && b.permissions.length === 0
        ? setGroup(state, { mode: 'zero', permissions: [] })
        : undefined;
    },
  },
  {
    name: 'zero-keeps-first-permission',
    clause: 'V-BAT-05',
    says: 'mode zero with both permissions stores only the first of them',
    answer: (req, state) => {
      const b = bodyOf(req);
      return onBatteries(req, state) && b.mode === 'zero' && Array.isArray(b.permissions) && b.permissions.length === 2
        ? setGroup(state, { mode: 'zero', permissions: [PERMISSIONS[0]] })
        : undefined;
    },
  },
  {
    name: 'to-full-refused',
    clause: 'V-BAT-06',
    says: 'mode to_full answers 400',
    answer: (req, state) =>
      onBatteries(req, state) && bodyOf(req).mode === 'to_full' && !('permissions' in bodyOf(req))
        ? json(400, { error: 'json:parameter-invalid-type:mode' }, V)
        : undefined,
  },
  {
    name: 'permissions-writable-in-to-full',
    clause: 'V-BAT-07',
    says: 'in to_full a write of permissions is taken, and the mode goes back to zero',
    answer: (req, state) => {
      const b = bodyOf(req);
      return onBatteries(req, state) && state.batteries!.mode === 'to_full' && !('mode' in b) && Array.isArray(b.permissions)
        ? setGroup(state, { mode: 'zero', permissions: b.permissions as BatteryGroup['permissions'] })
        : undefined;
    },
  },
  {
    name: 'to-full-with-permissions-taken',
    clause: 'V-BAT-08',
    says: 'mode to_full with permissions in one request is taken',
    answer: (req, state) => {
      const b = bodyOf(req);
      return onBatteries(req, state) && b.mode === 'to_full' && Array.isArray(b.permissions)
        ? setGroup(state, { mode: 'to_full', permissions: b.permissions as BatteryGroup['permissions'] })
        : undefined;
    },
  },
  {
    name: 'unknown-mode-is-standby',
    clause: 'V-BAT-09',
    says: 'a mode it does not know ("eco") is taken as standby',
    answer: (req, state) => {
      const mode = bodyOf(req).mode;
      return onBatteries(req, state) && typeof mode === 'string' && !['zero', 'to_full', 'standby', 'predictive'].includes(mode)
        ? setGroup(state, { mode: 'standby', permissions: [] })
        : undefined;
    },
  },
  {
    name: 'battery-serves-batteries',
    clause: 'V-BAT-11',
    kind: 'battery',
    says: 'the plug-in battery answers GET /api/batteries with a group of itself',
    answer: (req) =>
      is(req, 'GET', '/api/batteries')
        ? json(
            200,
            { mode: 'zero', permissions: [...PERMISSIONS], battery_count: 1, power_w: 0, target_power_w: 0, max_consumption_w: 800, max_production_w: 800 },
            V,
          )
        : undefined,
  },
];
