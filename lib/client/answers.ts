// Reading the specification's answers: shared by the runner, the operator and the suites.
import { errorField } from '../spec/schemas.js';
import type { DeviceClient, DeviceResponse } from './device-client.js';
import type { Exchange } from './exchange-log.js';
import { bodyAs } from './parse-body.js';

/** The `error` of an error body (Errors), if the answer has one. */
export function errorCode(res: DeviceResponse): unknown {
  return bodyAs(res, errorField)?.error;
}

/** 403 `user:creation-not-enabled`: no creation window is open (States: User creation). */
export function creationNotEnabled(res: DeviceResponse): boolean {
  return res.status === 403 && errorCode(res) === 'user:creation-not-enabled';
}

/** The names of a GET /api/user answer, or null unless it is 200 with a list. */
export function namesOf(res: DeviceResponse): string[] | null {
  return res.status === 200 && Array.isArray(res.json) ? res.json.map((u: { name?: unknown }) => String(u?.name)) : null;
}

export async function userNames(device: DeviceClient, token: string): Promise<string[] | null> {
  return namesOf(await device.v2.get('/api/user', { token }));
}

/** The answer as the exchange log holds it: redacted when it was logged, whichever check logged it. */
export function safeBody(res: DeviceResponse): string {
  return res.exchange.responseBody ?? '';
}

/**
 * Status and (the start of) the body, as a message shows an answer: the logged (redacted) body where the answer
 * has its exchange (a live answer always has), else its text or its JSON (a judge's answer written by hand).
 */
export function describeResponse(res: { status: number; exchange?: Exchange; text?: string; json?: unknown }): string {
  const text = res.exchange ? (res.exchange.responseBody ?? '') : (res.text ?? (res.json === undefined ? '' : JSON.stringify(res.json)));
  const body = text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return `${res.status}${body ? ` ${body}` : ' with an empty body'}`;
}

/** A GET as a judge's table names it (lib/judge/device/table.ts): where, and with the token or without Authorization. */
export interface Asking {
  side: 'v1' | 'v2';
  path: string;
  token: boolean;
  headers?: Readonly<Record<string, string>>;
}

export function ask(device: DeviceClient, { side, path, token: withToken, headers }: Asking, token: string | null): Promise<DeviceResponse> {
  return device[side].get(path, { ...(withToken && token !== null ? { token } : {}), ...(headers ? { headers: { ...headers } } : {}) });
}
