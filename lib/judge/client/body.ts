// CL-BODY, CL-SOCK and CL-CLOUD: what the integration asks of the device, in bodies it can read.
import type { Phase } from '../../spec/client-clause-types.js';
import type { SeenRequest, Traffic } from '../../spec/traffic.js';
import { type Finding, count, inPhases, named, each, isObject, parseJson } from './finding.js';

const statePuts = (t: Traffic, within: readonly Phase[]) => inPhases(t.requests, within).filter((r) => r.method === 'PUT' && r.path === '/api/v1/state');
const NO_STATE_PUT = { skip: 'the integration never controlled the socket (no PUT /api/v1/state)' } as const;

/** Every request with a body sends JSON with `Content-Type: application/json`. */
export function body01(t: Traffic, within: readonly Phase[]): Finding {
  const withBody = inPhases(t.requests, within).filter((r) => r.body.length > 0);
  if (!withBody.length) return { skip: 'the integration sent no request with a body' };
  for (const r of withBody) {
    const type = r.headers['content-type'];
    if (!type || !/^application\/json\s*(;|$)/i.test(type)) {
      return {
        held: false,
        evidence: [r.id],
        message: `${named(r)} sent a body with ${type ? `Content-Type ${JSON.stringify(type)}` : 'no Content-Type'}, not application/json`,
      };
    }
    if (parseJson(r.body) === undefined)
      return { held: false, evidence: [r.id], message: `${named(r)} sent a body that is not JSON: ${JSON.stringify(r.body.slice(0, 80))}` };
  }
  return { held: true, message: `${each(withBody.length, 'body', 'bodies')} was JSON, sent as application/json` };
}

/** DELETE /api/user names the user to delete, with its prefix, in a JSON body `{name}`. */
export function body02(t: Traffic, within: readonly Phase[]): Finding {
  const deletes = inPhases(t.requests, within).filter((r) => r.method === 'DELETE' && r.path === '/api/user');
  if (!deletes.length) return { skip: 'the integration deleted no user' };
  const bad = deletes.find((r) => {
    const body = parseJson(r.body);
    return !isObject(body) || typeof body.name !== 'string' || !/^(local|cloud)\//.test(body.name);
  });
  if (!bad) return { held: true, message: `each of ${count(deletes.length, 'DELETE /api/user', 'DELETE /api/user requests')} named its user with the prefix` };
  return {
    held: false,
    evidence: [bad.id],
    message:
      `${named(bad)} ${bad.body ? `sent ${JSON.stringify(bad.body.slice(0, 80))}, no {name} with a local/ or cloud/ prefix` : 'sent no body'}: ` +
      'it relies on the device deleting the caller, which the specification does not state',
  };
}

/** A state PUT never asks for `power_on: false` together with `switch_lock: true`. */
export function sock01(t: Traffic, within: readonly Phase[]): Finding {
  const puts = statePuts(t, within);
  if (!puts.length) return NO_STATE_PUT;
  const bad = puts.find((r) => {
    const b = parseJson(r.body);
    return isObject(b) && b.power_on === false && b.switch_lock === true;
  });
  if (!bad) return { held: true, message: `${each(puts.length, 'state PUT')} asked for something other than off and locked` };
  return { held: false, evidence: [bad.id], message: `${named(bad)} asked for power_on false with switch_lock true, the one state the specification forbids` };
}

const SOCKET_FIELDS: Record<string, (v: unknown) => boolean> = {
  power_on: (v) => typeof v === 'boolean',
  switch_lock: (v) => typeof v === 'boolean',
  brightness: (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 255,
};

/** A state PUT holds only power_on (boolean), switch_lock (boolean) and brightness (a number from 0 to 255). */
export function sock02(t: Traffic, within: readonly Phase[]): Finding {
  const puts = statePuts(t, within);
  if (!puts.length) return NO_STATE_PUT;
  for (const r of puts) {
    const b = parseJson(r.body);
    const wrong = !isObject(b)
      ? 'a body that is not a JSON object'
      : Object.entries(b)
          .map(([k, v]) => (!(k in SOCKET_FIELDS) ? `the field ${k}` : !SOCKET_FIELDS[k]!(v) ? `${k}: ${JSON.stringify(v)}` : null))
          .find((x) => x !== null);
    if (wrong) return { held: false, evidence: [r.id], message: `${named(r)} sent ${wrong} (only power_on and switch_lock as booleans, brightness 0 to 255)` };
  }
  return { held: true, message: `${each(puts.length, 'state PUT')} held only the socket's three fields, in range` };
}

/** OBSERVE: `power_on: false` alone to a socket the integration has read as locked. */
export function sock03(t: Traffic, within: readonly Phase[]): Finding {
  const puts = statePuts(t, within);
  if (!puts.length) return NO_STATE_PUT;
  const lockedThen = (put: SeenRequest) => {
    const read = t.requests.filter((r) => r.at < put.at && r.path === '/api/v1/state' && r.status === 200).at(-1);
    const state = read ? parseJson(read.responseBody) : undefined;
    return isObject(state) && state.switch_lock === true;
  };
  const alone = puts.filter((r) => {
    const b = parseJson(r.body);
    return isObject(b) && Object.keys(b).length === 1 && b.power_on === false && lockedThen(r);
  });
  return {
    observed: { sent: alone.length, answers: alone.map((r) => r.status) },
    evidence: alone.map((r) => r.id),
    message: alone.length
      ? `${count(alone.length, 'time')} power_on false alone to a socket it had read as locked; answered ${alone.map((r) => r.status).join(', ')}`
      : 'never sent power_on false alone to a socket it had read as locked',
  };
}

/** OBSERVE: whether the integration switches cloud communication off. */
export function cloud01(t: Traffic, within: readonly Phase[]): Finding {
  const off = inPhases(t.requests, within).filter(
    (r) =>
      r.method === 'PUT' &&
      (r.path === '/api/v1/system' || r.path === '/api/system') &&
      (parseJson(r.body) as Record<string, unknown> | undefined)?.cloud_enabled === false,
  );
  return {
    observed: { switchedOff: off.length },
    evidence: off.map((r) => r.id),
    message: off.length
      ? `${named(off[0]!)} switched cloud communication off: whether the user was asked first (the specification asks for that) only a person can check`
      : 'it never switched cloud communication off',
  };
}
