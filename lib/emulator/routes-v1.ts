// v1 over HTTP: device information, socket state (energy socket only), cloud setting, and what real
// devices serve beyond the specification: data, identify, the P1 telegram.
// Error bodies take the shape real v1 devices send: {error: {id, description}} (real-world.md).
import type { DeviceState } from './device-state.js';
import { type EmuRequest, type EmuResponse, isPlainObject, json, methodNotAllowed, notFound, parseJson, text } from './exchange.js';
import { p1Telegram, v1DataOf } from './v1-data.js';

const v1Error = (id: number, description: string) => json(400, { error: { id, description } });
const INVALID_JSON = () => v1Error(2, 'Body contains invalid json');

function putState(req: EmuRequest, state: DeviceState): EmuResponse {
  const socket = state.socket!;
  const body = parseJson(req.bodyText);
  if (!isPlainObject(body)) return INVALID_JSON();
  const { power_on, switch_lock, brightness } = body;
  for (const [key, v] of [
    ['power_on', power_on],
    ['switch_lock', switch_lock],
  ] as const) {
    if (v !== undefined && typeof v !== 'boolean') return v1Error(7, `${key} must be a boolean`);
  }
  if (brightness !== undefined && !(Number.isInteger(brightness) && (brightness as number) >= 0 && (brightness as number) <= 255)) {
    return v1Error(7, 'brightness value limited to 0-255');
  }
  // States: Socket. The outcome is computed from the set of fields, never their order (SOCK-11).
  const lock = (switch_lock as boolean | undefined) ?? socket.switch_lock;
  if (power_on === false && lock) {
    // SOCK-10 (and OBSERVE SOCK-13): off while locked is refused; nothing changes.
    return v1Error(8, 'power_on cannot be turned off when switch_lock is on');
  }
  socket.switch_lock = lock;
  // Locking turns the socket on (row 3); otherwise power_on as asked.
  socket.power_on = lock ? true : ((power_on as boolean | undefined) ?? socket.power_on);
  if (brightness !== undefined) socket.brightness = brightness as number;
  // Rules 4: the answer holds exactly the submitted fields.
  const echo: Record<string, unknown> = {};
  for (const key of ['power_on', 'switch_lock', 'brightness']) if (key in body) echo[key] = body[key];
  return json(200, echo);
}

function putSystem(req: EmuRequest, state: DeviceState): EmuResponse {
  const body = parseJson(req.bodyText);
  if (!isPlainObject(body)) return INVALID_JSON();
  if (typeof body.cloud_enabled !== 'boolean') return v1Error(7, 'cloud_enabled must be a boolean');
  state.cloudEnabled = body.cloud_enabled;
  return json(200, { cloud_enabled: state.cloudEnabled });
}

export function routeV1(req: EmuRequest, state: DeviceState): EmuResponse {
  const { method, path } = req;
  // The vendor's v1 documentation: with the v1 API switched off (v2 `api_v1_enabled: false`) it answers 403, id 202.
  // OBSERVE: GET /api too.
  if (!state.system.api_v1_enabled) return json(403, { error: { id: 202, description: 'API not enabled' } });
  if (path === '/api') {
    return method === 'GET' ? json(200, { ...state.identity, api_version: 'v1' }) : methodNotAllowed('GET');
  }
  if (path === '/api/v1/state' && state.socket) {
    if (method === 'GET') return json(200, state.socket);
    return method === 'PUT' ? putState(req, state) : methodNotAllowed('GET, PUT');
  }
  if (path === '/api/v1/data') {
    return method === 'GET' ? json(200, v1DataOf(state.kind, state.meter.read())) : methodNotAllowed('GET');
  }
  // The vendor's v1 documentation: identify blinks the status light; it answers {"identify":"ok"}.
  if (path === '/api/v1/identify') return method === 'PUT' ? json(200, { identify: 'ok' }) : methodNotAllowed('PUT');
  if (path === '/api/v1/telegram' && state.kind === 'p1dongle') {
    return method === 'GET' ? text(200, p1Telegram(state.meter.read())) : methodNotAllowed('GET');
  }
  if (path === '/api/v1/system' && state.cloudEnabled !== null) {
    if (method === 'GET') return json(200, { cloud_enabled: state.cloudEnabled });
    return method === 'PUT' ? putSystem(req, state) : methodNotAllowed('GET, PUT');
  }
  return notFound();
}
