// Faults only a sequence shows (issue 27): each breaks its clause on an occasion no fixed row makes, and
// `explore` must find it. The self-test's fixed rows are not asked to catch them (lib/explore/explore.spec.ts is).
import { isPlainObject, json, parseJson } from './exchange.js';
import { V, bearer, is, nameIn, perDevice } from './fault-helpers.js';
import type { FaultRow } from './catch-plan.js';

const bootOf = perDevice(() => ({ brightness: null as number | null }));
const revivedOf = perDevice(() => ({ dead: new Map<string, string>(), revived: new Map<string, string>() }));
const pollsOf = perDevice(() => ({ refused: 0 }));
const ignoredOf = perDevice(() => ({ refused: 0 }));
/** A real firmware's count: an integration polling while its user walks to the meter locks the button out. */
const IGNORES_PRESSES_AFTER = 5;
const relistedOf = perDevice(() => ({ deleted: new Set<string>(), twice: new Set<string>() }));

export const SEQUENCE_FAULTS: readonly FaultRow[] = [
  {
    name: 'cloud-off-ignored-while-locked',
    clause: 'CLOUD-03',
    kind: 'energysocket',
    server: 'v1',
    sequence: true,
    args: ['--allow-cloud-toggle'],
    says: "PUT /api/v1/system {cloud_enabled:false} answers 200 and leaves the cloud on while the socket's switch lock is on",
    answer: (req, state) => {
      const body = is(req, 'PUT', '/api/v1/system') ? parseJson(req.bodyText) : undefined;
      return isPlainObject(body) && body.cloud_enabled === false && state.cloudEnabled && state.socket?.switch_lock
        ? json(200, { cloud_enabled: false })
        : undefined;
    },
  },
  {
    name: 'cloud-put-resets-brightness',
    clause: 'CLOUD-02',
    kind: 'energysocket',
    server: 'v1',
    sequence: true,
    says: 'a PUT /api/v1/system writes the settings back from the copy read at boot: the brightness returns to what it was then',
    request: (req, state) => {
      const boot = bootOf(state);
      if (boot.brightness === null && state.socket) boot.brightness = state.socket.brightness;
      return req;
    },
    response: (res, req, state) => {
      const boot = bootOf(state).brightness;
      if (is(req, 'PUT', '/api/v1/system') && res.status === 200 && state.socket && boot !== null) state.socket.brightness = boot;
      return res;
    },
  },
  {
    name: 'window-opened-by-refused-polls',
    clause: 'PAIR-02',
    sequence: true,
    says: 'the eighth POST /api/user refused since the last creation opens the creation window',
    response: (res, req, state) => {
      if (!is(req, 'POST', '/api/user')) return res;
      const polls = pollsOf(state);
      if (res.status === 200) polls.refused = 0;
      if (res.status === 403 && (polls.refused += 1) === 8) state.press();
      return res;
    },
  },
  {
    name: 'recreated-name-listed-twice',
    clause: 'LIST-04',
    sequence: true,
    says: 'a name deleted and then created again is listed twice',
    response: (res, req, state) => {
      const mine = relistedOf(state);
      const name = nameIn(req);
      if (is(req, 'DELETE', '/api/user') && res.status === 204 && name) mine.deleted.add(name);
      if (is(req, 'POST', '/api/user') && res.status === 200 && name && mine.deleted.has(name)) mine.twice.add(name);
      if (!is(req, 'GET', '/api/user') || res.status !== 200 || !Array.isArray(res.body)) return res;
      const stale = [...mine.twice].filter((n) => state.users.has(n)).map((n) => ({ name: n }));
      return stale.length ? json(200, [...(res.body as unknown[]), ...stale], V) : res;
    },
  },
  {
    name: 'recreated-name-revives-deleted-token',
    clause: 'DEL-03',
    sequence: true,
    says: 'a name deleted and created again brings the token it had before the deletion back to life',
    request: (req, state) => {
      const mine = revivedOf(state);
      const name = nameIn(req);
      // Before the handler: the token a deletion is about to revoke.
      if (is(req, 'DELETE', '/api/user') && name && state.users.has(name)) mine.dead.set(state.users.get(name)!, name);
      const old = bearer(req);
      const owner = old === undefined ? undefined : mine.revived.get(old);
      const now = owner === undefined ? undefined : state.users.get(owner);
      return now === undefined ? req : { ...req, headers: { ...req.headers, authorization: `Bearer ${now}` } };
    },
    response: (res, req, state) => {
      const mine = revivedOf(state);
      const name = nameIn(req);
      if (is(req, 'POST', '/api/user') && res.status === 200 && name) {
        for (const [token, owner] of mine.dead) if (owner === name) mine.revived.set(token, name);
      }
      return res;
    },
  },
  // Issue 32: a button the device stops honouring.
  {
    name: 'press-ignored-after-refused-polls',
    clause: 'PAIR-03',
    suites: ['users'],
    alsoExplored: true,
    says: `after ${IGNORES_PRESSES_AFTER} POST /api/user refused since the last creation, the device no longer honours the button: every later POST is refused`,
    answer: (req, state) =>
      is(req, 'POST', '/api/user') && ignoredOf(state).refused >= IGNORES_PRESSES_AFTER ? json(403, { error: 'user:creation-not-enabled' }, V) : undefined,
    response: (res, req, state) => {
      const p = ignoredOf(state);
      if (is(req, 'POST', '/api/user') && res.status === 200) p.refused = 0;
      else if (is(req, 'POST', '/api/user') && res.status === 403 && p.refused < IGNORES_PRESSES_AFTER) p.refused += 1;
      return res;
    },
  },
];
