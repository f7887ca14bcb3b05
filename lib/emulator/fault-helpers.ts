// Small tools the fault tables share.
import type { DeviceState } from './device-state.js';
import { type EmuRequest, type EmuResponse, isPlainObject, json, parseJson } from './exchange.js';

/**
 * The header of a v2 answer a fault writes itself: the release the device serves, which the one layer (fault-layer.ts)
 * writes in where it finds SERVED, as the correct handlers write it.
 */
export const SERVED = '(the release served)';
export const V = { 'x-api-version': SERVED };
export const is = (req: EmuRequest, method: string, path: string) => req.method === method && req.path === path;
export const bearer = (req: EmuRequest) => /^Bearer (.*)$/.exec(req.headers.authorization ?? '')?.[1];
export const withBody = (res: EmuResponse, change: (b: Record<string, unknown>) => unknown): EmuResponse => ({
  ...res,
  body: change(res.body as Record<string, unknown>),
});
export const withoutHeader = (req: EmuRequest, name: string): EmuRequest => {
  const headers = { ...req.headers };
  delete headers[name];
  return { ...req, headers };
};
export const dropHeader = (res: EmuResponse, name: string): EmuResponse => {
  const headers = { ...res.headers };
  delete headers[name];
  return { ...res, headers };
};
export const deviceInfo = (state: DeviceState) => json(200, { ...state.identity, api_version: state.apiVersion }, V);
export const onDeviceInfo = (change: (b: Record<string, unknown>) => unknown) => (res: EmuResponse, req: EmuRequest) =>
  is(req, 'GET', '/api') && res.status === 200 ? withBody(res, change) : res;
/** GET /api answers 200 where the correct handler refused with 401. */
export const serveDeviceInfoWhen = (when: (req: EmuRequest, state: DeviceState) => boolean) => (res: EmuResponse, req: EmuRequest, state: DeviceState) =>
  is(req, 'GET', '/api') && res.status === 401 && when(req, state) ? deviceInfo(state) : res;
export const versionRefused = () => json(400, { error: 'request:api-version-not-supported' }, V);

/** The `name` of a JSON body, where it is a string. */
export const nameIn = (req: EmuRequest) => {
  const b = parseJson(req.bodyText);
  return isPlainObject(b) && typeof b.name === 'string' ? b.name : undefined;
};
/** A request to the endpoint `METHOD /path`. */
/** The body of a PUT to `path` as an object, or undefined for any other request. */
export function putBody(req: EmuRequest, path: string): Record<string, unknown> | undefined {
  const body = is(req, 'PUT', path) ? parseJson(req.bodyText) : undefined;
  return isPlainObject(body) ? body : undefined;
}
export const at = (req: EmuRequest, endpoint: string) => `${req.method} ${req.path}` === endpoint;
/** The request as the device's first user would send it: a handler that took the wrong credential serves it. */
export const actAsFirstUser = (req: EmuRequest, state: DeviceState): EmuRequest => {
  const token = [...state.users.values()][0];
  return token ? { ...req, headers: { ...req.headers, authorization: `Bearer ${token}` } } : req;
};
/** The endpoint's part of a fault's name: `GET /api/measurement` -> `measurement`, `DELETE /api/user` -> `user-delete`. */
export const slug = (endpoint: string) => {
  const [method, path] = endpoint.split(' ') as [string, string];
  const base = path === '/api' ? 'api' : path.replace(/^\/api\/(v1\/)?/, '').replace(/\//g, '-');
  return method === 'GET' ? base : `${base}-${method.toLowerCase()}`;
};

/** Memory a fault keeps per emulated device (several run in one process during the self-test). */
export function perDevice<T>(make: () => T): (state: DeviceState) => T {
  const memory = new WeakMap<DeviceState, T>();
  return (state) => memory.get(state) ?? memory.set(state, make()).get(state)!;
}
