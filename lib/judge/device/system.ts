// /api/system (DOC v2/system.mdx; V-SYS): writes read back, refused writes that change nothing, the reboot and
// uptime. `uptime_s` and `wifi_rssi_db` move by themselves and are never compared between two reads.
import { compareDocumented } from './documented.js';
import { type Judgment, type Reply, allOf, errorAnswer, isJsonObject, objectIn, shownReply, statusIs, succeeded, unless } from './judgment.js';

export type SystemBody = Record<string, unknown>;
export const LIVE_FIELDS = ['uptime_s', 'wifi_rssi_db'];
/** Two reads of /api/system compared: the documented fields that differ, live ones aside, and the undocumented ones (for a record only). */
export const systemDiffers = (before: SystemBody, after: SystemBody) => compareDocumented('system', before, after, LIVE_FIELDS);

const v = (x: unknown) => JSON.stringify(x);

/** V-SYS-02, V-SYS-04 (and V-SYS-03's writes): the PUT answers 200 with the value written, and GET /api/system then reads it. */
export type SystemWrite = { answer: 'put' | 'read'; field: string; value: unknown };
export function systemWrite(r: Reply, o: SystemWrite): Judgment {
  const got = isJsonObject(r.json) ? r.json[o.field] : undefined;
  return o.answer === 'put'
    ? unless(r.status === 200 && got === o.value, `200 with ${o.field} ${v(o.value)}`, shownReply(r), r)
    : unless(objectIn(r)?.[o.field] === o.value, `GET /api/system then reads ${o.field} ${v(o.value)}`, shownReply(r), r);
}

/** V-SYS-03: api_v1_enabled written and read back, and v1 (GET /api/v1/data) refused 403 with error id 202 while it is false, served again once true. */
export function vsys03(r: Reply, o: SystemWrite | { answer: 'v1 off' | 'v1 on' }): Judgment {
  if (o.answer === 'put' || o.answer === 'read') return systemWrite(r, o);
  if (o.answer === 'v1 on') return unless(r.status === 200, 'v1 (GET /api/v1/data) answers 200 again once api_v1_enabled is true', shownReply(r), r);
  const id = isJsonObject(r.json) && isJsonObject(r.json.error) ? r.json.error.id : undefined;
  return unless(r.status === 403 && id === 202, 'v1 (GET /api/v1/data) answers 403 with error id 202 while api_v1_enabled is false', shownReply(r), r);
}

/** V-SYS-05: a PUT of the value found answers 200 with the whole object (`keys`, those GET read). */
export const vsys05 = (r: Reply, o: { keys: readonly string[] }): Judgment =>
  allOf(
    () => statusIs(r, 200),
    () => {
      const missing = o.keys.filter((k) => !isJsonObject(r.json) || !(k in r.json));
      return unless(missing.length === 0, `the whole object: ${o.keys.join(', ')}`, `${shownReply(r)} (without ${missing.join(', ')})`, r);
    },
  );

/** V-SYS-06: a value of the wrong type or out of range answers 400 json:parameter-invalid-type:<field>, and changes no documented field. */
export function vsys06(r: Reply, o: { answer: 'put'; field: string } | { answer: 'read'; before: SystemBody }): Judgment {
  if (o.answer === 'put') {
    return errorAnswer(r, 400, `json:parameter-invalid-type:${o.field}`);
  }
  const after = objectIn(r);
  const changed = after ? systemDiffers(o.before, after).differ : ['the whole object (not read)'];
  return unless(changed.length === 0, 'nothing changed by the refused write', `changed: ${changed.join(', ')}`, r);
}

/** V-SYS-07, on the plug-in battery: cloud_enabled reads true, and still true after a PUT of false (`status`: what the PUT answered). */
export const vsys07 = (r: Reply, o: { after?: number }): Judgment =>
  o.after === undefined
    ? unless(objectIn(r)?.cloud_enabled === true, 'cloud_enabled true (read-only on the plug-in battery)', shownReply(r), r)
    : unless(objectIn(r)?.cloud_enabled === true, `cloud_enabled still true after the PUT (answered ${o.after})`, shownReply(r), r);

/**
 * V-SYS-11: PUT /api/system/reboot answers 204, the device answers GET /api again within the bound, and its uptime_s
 * then restarts: below the seconds since the reboot was asked, and at least 2 s below what it would read without one.
 */
export type Reboot = { answer: 'put' } | { answer: 'back'; withinS: number; away: boolean } | { answer: 'uptime'; since: number; unbroken: number };
export function vsys11(r: Reply, o: Reboot): Judgment {
  if (o.answer === 'put') return statusIs(r, 204);
  if (o.answer === 'back')
    return unless(
      r.status === 200,
      `the device answers GET /api with the run's token within ${o.withinS} s`,
      `no 200 within ${o.withinS} s${o.away ? ' (it went away)' : ' (it answered, but not 200)'}`,
      r,
    );
  const uptime = objectIn(r)?.uptime_s;
  return unless(
    typeof uptime === 'number' && uptime < o.since && uptime <= o.unbroken - 2,
    `uptime_s restarted: below the ${o.since.toFixed(1)} s since the reboot was asked, and at least 2 s below the ${o.unbroken.toFixed(1)} it would read without a reboot`,
    shownReply(r),
    r,
  );
}

/** V-SYS-12, on the plug-in battery: the reboot is not served (no 2xx), and the device stays up (uptime_s keeps counting). */
export function vsys12(r: Reply, o: { answer: 'put' } | { answer: 'uptime'; before: unknown; away: boolean }): Judgment {
  if (o.answer === 'put') return unless(!succeeded(r.status), 'no 2xx: the plug-in battery cannot be rebooted remotely', shownReply(r), r);
  const now = objectIn(r)?.uptime_s;
  return unless(
    !o.away && Number(now) >= Number(o.before),
    'the device stays up: uptime_s keeps counting',
    `${o.away ? 'it went away; ' : ''}uptime_s ${String(o.before)} then ${String(now)}`,
    r,
  );
}

/** V-SYS-13: uptime_s counts seconds: read `seconds` after `before`, it grew by about that (1 s less to 2 s more). */
export const vsys13 = (r: Reply, o: { before: unknown; seconds: number }): Judgment => {
  const now = objectIn(r)?.uptime_s;
  const grew = Number(now) - Number(o.before);
  return unless(
    grew >= o.seconds - 1 && grew <= o.seconds + 2,
    `uptime_s ${Number(o.before)} then about ${o.seconds.toFixed(1)} s more`,
    `uptime_s ${String(o.before)} then ${String(now)}`,
    r,
  );
};
