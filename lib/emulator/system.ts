// v2 system endpoints real devices serve beyond the specification, per kind as the vendor's v2
// documentation lists them: GET/PUT /api/system, PUT /api/system/identify, PUT /api/system/reboot,
// and the P1 meter's GET /api/telegram. Choices where the documentation is silent are marked OBSERVE.
import type { KindId } from '../spec/kinds.js';
import type { DeviceState } from './device-state.js';
import { type EmuRequest, type EmuResponse, empty, isPlainObject, json, methodNotAllowed, parseJson, text } from './exchange.js';
import { p1Telegram } from './v1-data.js';

export interface SystemSettings {
  wifi_ssid: string;
  wifi_rssi_db: number;
  status_led_brightness_pct: number;
  api_v1_enabled: boolean;
}

type Field = 'wifi_ssid' | 'wifi_rssi_db' | 'cloud_enabled' | 'uptime_s' | 'status_led_brightness_pct' | 'api_v1_enabled';

interface SystemOfKind {
  fields: readonly Field[];
  writable: readonly Field[];
  identify: boolean;
  reboot: boolean;
}

// docs/v2/system.mdx: the battery's cloud_enabled is read-only; the battery cannot be rebooted
// remotely "for safety reasons"; the kWh meter has no status LED and cannot identify.
const SYSTEM: Partial<Record<KindId, SystemOfKind>> = {
  p1dongle: {
    fields: ['wifi_ssid', 'wifi_rssi_db', 'cloud_enabled', 'uptime_s', 'status_led_brightness_pct', 'api_v1_enabled'],
    writable: ['cloud_enabled', 'status_led_brightness_pct', 'api_v1_enabled'],
    identify: true,
    reboot: true,
  },
  energymeter: {
    fields: ['wifi_ssid', 'wifi_rssi_db', 'cloud_enabled', 'uptime_s', 'api_v1_enabled'],
    writable: ['cloud_enabled', 'api_v1_enabled'],
    identify: false,
    reboot: true,
  },
  battery: {
    fields: ['wifi_ssid', 'wifi_rssi_db', 'cloud_enabled', 'uptime_s', 'status_led_brightness_pct'],
    writable: ['status_led_brightness_pct'],
    identify: true,
    reboot: false,
  },
};

/** How long a reboot asked for over the API keeps the device away. */
export const API_REBOOT_SECONDS = 5;
/** After a (re)boot the P1 meter has no telegram until the smart meter sends its first, a second later. */
export const FIRST_TELEGRAM_MS = 1000;

export function systemDefaults(): SystemSettings {
  return { wifi_ssid: 'My Wi-Fi', wifi_rssi_db: -77, status_led_brightness_pct: 100, api_v1_enabled: true };
}

function systemBody(state: DeviceState, fields: readonly Field[]): Record<string, unknown> {
  const all: Record<Field, unknown> = {
    ...state.system,
    cloud_enabled: state.cloudEnabled,
    uptime_s: state.uptimeSeconds(),
  };
  return Object.fromEntries(fields.map((f) => [f, all[f]]));
}

const error = (status: number, code: string) => json(status, { error: code });

function putSystem(req: EmuRequest, state: DeviceState, sys: SystemOfKind): EmuResponse {
  const body = parseJson(req.bodyText);
  if (body === undefined) return error(400, 'request:invalid-json');
  if (!isPlainObject(body)) return error(400, 'json:no-parameters-recognized');
  // OBSERVE: read-only and unknown keys are ignored; a body with no writable key is refused.
  const keys = sys.writable.filter((f) => f in body);
  if (keys.length === 0) return error(400, 'json:no-parameters-recognized');
  for (const key of keys) {
    const v = body[key];
    const ok = key === 'status_led_brightness_pct' ? typeof v === 'number' && v >= 0 && v <= 100 : typeof v === 'boolean';
    if (!ok) return error(400, `json:parameter-invalid-type:${key}`);
  }
  for (const key of keys) {
    if (key === 'cloud_enabled') state.cloudEnabled = body[key] as boolean;
    else if (key === 'status_led_brightness_pct') state.system.status_led_brightness_pct = body[key] as number;
    else if (key === 'api_v1_enabled') state.system.api_v1_enabled = body[key] as boolean;
  }
  state.changed('system');
  // The answer is the whole object, as after a GET.
  return json(200, systemBody(state, sys.fields));
}

/** Whether this kind serves the path at all (elsewhere: the plain 404 of unknown paths). */
export function servesSystemPath(kind: KindId, path: string): boolean {
  const sys = SYSTEM[kind];
  if (path === '/api/telegram') return kind === 'p1dongle';
  if (path === '/api/system') return sys !== undefined;
  if (path === '/api/system/identify') return sys?.identify === true;
  return path === '/api/system/reboot' && sys?.reboot === true;
}

/** A served system path: the method first, then the caller's token (as on every v2 path), then the action. */
export function routeSystem(req: EmuRequest, state: DeviceState, authorized: boolean): EmuResponse {
  const allow = req.path === '/api/telegram' ? 'GET' : req.path === '/api/system' ? 'GET, PUT' : 'PUT';
  if (!allow.split(', ').includes(req.method)) return methodNotAllowed(allow);
  if (!authorized) return error(401, 'user:unauthorized');
  if (req.path === '/api/telegram') {
    if (state.now() - state.bootedAt < FIRST_TELEGRAM_MS) return text(503, 'telegram:no-telegram-received');
    return text(200, p1Telegram(state.meter.read()));
  }
  const sys = SYSTEM[state.kind]!;
  if (req.path === '/api/system') return req.method === 'GET' ? json(200, systemBody(state, sys.fields)) : putSystem(req, state, sys);
  if (req.path === '/api/system/reboot') state.reboot(API_REBOOT_SECONDS);
  return empty(204, { 'content-length': '0' });
}
