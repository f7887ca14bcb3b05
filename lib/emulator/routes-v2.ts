// v2 over HTTPS: version negotiation, bearer tokens, users, device information, measurement, and
// the system endpoints and batteries of the kinds that have them (system.ts, batteries.ts). The WebSocket is websocket.ts.
// Choices for what the specification leaves open are marked OBSERVE with their clause.
import type { DeviceState } from './device-state.js';
import { type EmuRequest, type EmuResponse, empty, isPlainObject, json, methodNotAllowed, notFound, parseJson } from './exchange.js';
import { measurementOf } from './measurements.js';
import { routeSystem, servesSystemPath } from './system.js';
import { routeBatteries } from './batteries.js';

const USER_NAME = /^local\/[a-zA-Z0-9\-_/\\# ]{1,40}$/;

const error = (status: number, code: string) => json(status, { error: code });
const unauthorized = () => error(401, 'user:unauthorized');

/** Versioning 5-7: absent means latest; only the supported MAJOR is served. */
function versionRefused(req: EmuRequest, state: DeviceState): EmuResponse | undefined {
  const wanted = req.headers['x-api-version'];
  if (wanted === undefined) return undefined;
  // OBSERVE VER-07: anything but the plain supported MAJOR (`two`, `2.0`, empty) is refused too.
  if (wanted.trim() !== state.apiVersion.split('.')[0]) return error(400, 'request:api-version-not-supported');
  return undefined;
}

/** Authentication 1, 4: `Authorization: Bearer <token>`, compared exactly (OBSERVE AUTH-07: case matters). */
function caller(req: EmuRequest, state: DeviceState): string | undefined {
  const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
  return m ? state.userOfToken(m[1]!) : undefined;
}

function nameOf(body: unknown): string | undefined {
  return isPlainObject(body) && typeof body.name === 'string' ? body.name : undefined;
}

function postUser(req: EmuRequest, state: DeviceState): EmuResponse {
  // States: User creation. Before a press every POST answers 403 (PAIR-01, PAIR-02, AUTH-05).
  if (!state.creationEnabled()) return error(403, 'user:creation-not-enabled');
  const res = createUser(req, state);
  // OBSERVE PAIR-13: refused attempts answer 400 with the vendor's codes and leave the window open,
  // unless the emulator was started with refusalClosesWindow.
  if (res.status !== 200 && state.refusalClosesWindow) state.windowOpenedAt = null;
  return res;
}

function createUser(req: EmuRequest, state: DeviceState): EmuResponse {
  const body = parseJson(req.bodyText);
  if (body === undefined) return error(400, 'request:invalid-json');
  if (!isPlainObject(body) || !('name' in body)) return error(400, 'json:parameter-missing:name');
  const name = nameOf(body);
  if (name === undefined) return error(400, 'json:parameter-invalid-type:name');
  if (!name.startsWith('local/')) return error(400, 'user:invalid-prefix');
  if (name === 'local/') return error(400, 'user:name-empty');
  if (name.length > 'local/'.length + 40) return error(400, 'user:name-too-long');
  if (!USER_NAME.test(name)) return error(400, 'user:name-invalid');
  // PAIR-07, PAIR-10: one user per press; re-using a name re-issues its token.
  const token = state.createUser(name);
  state.changed('user');
  return json(200, { name, token });
}

function listUsers(self: string, state: DeviceState): EmuResponse {
  // LIST-02, LIST-03: `current` only on the caller's entry.
  const list = [...state.users.keys()].map((name) => (name === self ? { name, current: true } : { name }));
  return json(200, list);
}

function deleteUser(req: EmuRequest, self: string, state: DeviceState): EmuResponse {
  // OBSERVE: no body at all deletes the caller, as the vendor's Python client expects of `delete_token()`.
  const name = req.bodyText.trim() === '' ? self : nameOf(parseJson(req.bodyText));
  if (name === undefined) return error(400, 'json:parameter-missing:name');
  // OBSERVE DEL-06, DEL-07: an unknown name (or one without its prefix) answers 404.
  if (!state.users.has(name)) return error(404, 'user:not-found');
  state.users.delete(name);
  state.changed('user');
  return empty(204, { 'content-length': '0' });
}

function route(req: EmuRequest, state: DeviceState): EmuResponse {
  const refused = versionRefused(req, state);
  if (refused) return refused;
  const self = caller(req, state);
  if (servesSystemPath(state.kind, req.path)) return routeSystem(req, state, self !== undefined);
  if (req.path === '/api/batteries' && state.batteries !== null) {
    if (req.method !== 'GET' && req.method !== 'PUT') return methodNotAllowed('GET, PUT');
    return self === undefined ? unauthorized() : routeBatteries(req, state);
  }
  const known = ['/api', '/api/user', '/api/measurement'];
  if (!known.includes(req.path)) return notFound();

  if (req.path === '/api/user' && req.method === 'POST') return postUser(req, state);
  const allow = req.path === '/api/user' ? 'GET, POST, DELETE' : 'GET';
  if (!allow.split(', ').includes(req.method)) return methodNotAllowed(allow);
  if (self === undefined) return unauthorized();

  if (req.path === '/api') return json(200, { ...state.identity, api_version: state.apiVersion });
  if (req.path === '/api/measurement') return json(200, measurementOf(state.kind, state.meter.read()));
  if (req.method === 'GET') return listUsers(self, state);
  return deleteUser(req, self, state);
}

/** Versioning 6: every v2 answer carries the full version that served it. */
export function routeV2(req: EmuRequest, state: DeviceState): EmuResponse {
  const res = route(req, state);
  return { ...res, headers: { 'x-api-version': state.apiVersion, ...res.headers } };
}
