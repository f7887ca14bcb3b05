// Faults of the users suite (PAIR, NAME, LIST, DEL): each names the clause it breaks.
import { type DeviceState, newToken } from './device-state.js';
import { type EmuRequest, type EmuResponse, isPlainObject, json, parseJson } from './exchange.js';
import { V, bearer, dropHeader, is, nameIn, perDevice, withBody } from './fault-helpers.js';
import type { FaultRow } from './catch-plan.js';

const posting = (req: EmuRequest) => is(req, 'POST', '/api/user');
const created = (res: EmuResponse, req: EmuRequest) => posting(req) && res.status === 200;
/** Creates a user the correct handler would refuse, while the window is open. */
const acceptName =
  (when: (name: string) => boolean) =>
  (req: EmuRequest, state: DeviceState): EmuResponse | undefined => {
    const name = nameIn(req);
    if (!posting(req) || name === undefined || !when(name) || !state.creationEnabled()) return undefined;
    return json(200, { name, token: state.createUser(name) }, V);
  };
const refuseName =
  (when: (name: string) => boolean) =>
  (req: EmuRequest, state: DeviceState): EmuResponse | undefined => {
    const name = nameIn(req);
    return posting(req) && name !== undefined && when(name) && state.creationEnabled() ? json(400, { error: 'user:name-invalid' }, V) : undefined;
  };
const onList = (change: (list: Record<string, unknown>[], state: DeviceState) => unknown) => (res: EmuResponse, req: EmuRequest, state: DeviceState) =>
  is(req, 'GET', '/api/user') && res.status === 200 ? { ...res, body: change(res.body as Record<string, unknown>[], state) } : res;
/** Re-issues the token just created in another form, keeping the device consistent with what it said. */
const reissue = (form: (token: string) => string) => (res: EmuResponse, req: EmuRequest, state: DeviceState) => {
  if (!created(res, req)) return res;
  const { name, token } = res.body as { name: string; token: string };
  state.users.set(name, form(token));
  return withBody(res, (b) => ({ ...b, token: form(token) }));
};

const polls = new WeakMap<DeviceState, number>();
const deletedOf = perDevice(() => new Set<string>());
const ALLOWED = /^[a-zA-Z0-9\-_/\\# ]$/;
/** NAME-07 off by one: the validator skips the character at `skipped` (an index after the prefix; -1 the last). */
const skipsOne = (skipped: 0 | -1) => (n: string) => {
  const rest = [...n.slice('local/'.length)];
  const i = skipped === -1 ? rest.length - 1 : 0;
  return n.startsWith('local/') && rest.length >= 2 && rest.length <= 40 && !ALLOWED.test(rest[i]!) && rest.every((ch, j) => j === i || ALLOWED.test(ch));
};

export const USER_FAULTS: readonly FaultRow[] = [
  {
    name: 'creation-always-enabled',
    clause: 'PAIR-01',
    says: 'POST /api/user creates a user without a press',
    answer: (req, state) => {
      if (posting(req) && !state.creationEnabled()) state.press();
      return undefined;
    },
  },
  {
    name: 'polling-opens-window',
    clause: 'PAIR-02',
    says: 'the second POST /api/user before a press opens the window',
    answer: (req, state) => {
      if (!posting(req) || state.creationEnabled()) return undefined;
      const n = (polls.get(state) ?? 0) + 1;
      polls.set(state, n);
      if (n === 2) state.press();
      return undefined;
    },
  },
  {
    name: 'creation-fails',
    clause: 'PAIR-03',
    says: 'POST /api/user after a press answers 500 (but for the pairing name)',
    answer: (req, state) =>
      posting(req) && state.creationEnabled() && nameIn(req)?.startsWith('local/ec-') ? json(500, { error: 'request:internal-server-error' }, V) : undefined,
  },
  { name: 'token-lowercase', clause: 'PAIR-04', says: 'issues tokens in lowercase hex', response: reissue((t) => t.toLowerCase()) },
  { name: 'token-31-characters', clause: 'PAIR-04', says: 'issues tokens of 31 characters', response: reissue((t) => t.slice(0, 31)) },
  {
    name: 'name-echo-lowercased',
    clause: 'PAIR-05',
    says: 'answers the created name in lowercase',
    response: (res, req) => (created(res, req) ? withBody(res, (b) => ({ ...b, name: String(b.name).toLowerCase() })) : res),
  },
  {
    name: 'new-token-refused',
    clause: 'PAIR-06',
    says: "GET /api accepts only the oldest user's token",
    response: (res, req, state) =>
      is(req, 'GET', '/api') && res.status === 200 && state.userOfToken(bearer(req) ?? '') !== [...state.users.keys()][0]
        ? json(401, { error: 'user:unauthorized' }, V)
        : res,
  },
  {
    name: 'window-stays-open',
    clause: 'PAIR-07',
    says: 'the creation window stays open after a user is created',
    response: (res, req, state) => {
      if (created(res, req)) state.press();
      return res;
    },
  },
  // State one handler does not see: the re-issue path forgets to close the window the creation path closes.
  {
    name: 'reuse-leaves-window-open',
    clause: 'PAIR-07',
    says: 're-using a name re-issues its token and leaves the creation window open',
    answer: (req, state) => {
      const name = nameIn(req);
      if (!posting(req) || !state.creationEnabled() || name === undefined || !state.users.has(name)) return undefined;
      const opened = state.windowOpenedAt;
      const token = state.createUser(name);
      state.windowOpenedAt = opened;
      return json(200, { name, token }, V);
    },
  },
  // ERR-01 on answers only the users suite provokes: an error path that writes its code as text.
  {
    name: 'reuse-same-token',
    clause: 'PAIR-11',
    says: 're-using a name answers the same token again',
    answer: (req, state) => {
      const name = nameIn(req);
      const token = name === undefined ? undefined : state.users.get(name);
      if (!posting(req) || !state.creationEnabled() || !token) return undefined;
      state.windowOpenedAt = null;
      return json(200, { name, token }, V);
    },
  },
  {
    name: 'numeric-name-answers-200',
    clause: 'PAIR-12',
    says: 'a number as name answers 200 with a token',
    answer: (req, state) => {
      const b = parseJson(req.bodyText);
      return posting(req) && state.creationEnabled() && isPlainObject(b) && typeof b.name === 'number'
        ? json(200, { name: String(b.name), token: newToken() }, V)
        : undefined;
    },
  },
  {
    name: 'window-never-closes',
    clause: 'PAIR-08',
    slow: true,
    says: 'every POST /api/user keeps an opened window open',
    answer: (req, state) => {
      if (posting(req) && state.windowOpenedAt !== null) state.press();
      return undefined;
    },
  },
  {
    name: 'window-20-seconds',
    clause: 'PAIR-09',
    slow: true,
    says: 'the creation window closes after 20 s',
    answer: (req, state) => {
      if (posting(req) && state.windowOpenedAt !== null && Date.now() - state.windowOpenedAt > 20_000) state.windowOpenedAt = null;
      return undefined;
    },
  },
  {
    name: 'window-2-seconds',
    clause: 'PAIR-09',
    suites: ['users'],
    says: "the creation window closes after 2 s (a kWh meter firmware was seen with 1–2 s): the default run's re-use 3 s after its press sees it",
    answer: (req, state) => {
      if (posting(req) && state.windowOpenedAt !== null && state.now() - state.windowOpenedAt > 2_000) state.windowOpenedAt = null;
      return undefined;
    },
  },
  {
    name: 'no-prefix-accepted',
    clause: 'NAME-01',
    says: 'a name without local/ is created',
    answer: acceptName((n) => !/^(local|cloud)\//i.test(n) && !n.includes('/')),
  },
  {
    name: 'prefix-case-insensitive',
    clause: 'NAME-01',
    says: 'Local/ is taken for local/: the name is created as given',
    answer: acceptName((n) => /^local\//i.test(n) && !n.startsWith('local/')),
  },
  {
    name: 'invalid-prefix-still-created',
    clause: 'NAME-01',
    says: 'a name without local/ answers 400, and local/<name> is created anyway',
    answer: (req, state) => {
      const name = nameIn(req);
      if (!posting(req) || name === undefined || name.startsWith('local/') || name.startsWith('cloud/') || !state.creationEnabled()) return undefined;
      state.users.set(`local/${name}`, newToken());
      return json(400, { error: 'user:invalid-prefix' }, V);
    },
  },
  { name: 'cloud-name-accepted', clause: 'NAME-02', says: 'a cloud/ name is created locally', answer: acceptName((n) => n.startsWith('cloud/')) },
  { name: 'empty-name-accepted', clause: 'NAME-03', says: 'local/ with nothing after it is created', answer: acceptName((n) => n === 'local/') },
  {
    name: 'long-name-accepted',
    clause: 'NAME-04',
    says: '41 characters after local/ are accepted',
    answer: acceptName((n) => n.startsWith('local/') && n.length === 'local/'.length + 41),
  },
  {
    name: 'forty-characters-refused',
    clause: 'NAME-05',
    says: 'names of 40 characters after local/ are refused',
    answer: refuseName((n) => n.startsWith('local/') && n.length === 'local/'.length + 40),
  },
  { name: 'space-refused', clause: 'NAME-06', alone: true, says: 'a space in a name is refused', answer: refuseName((n) => n.includes(' ')) },
  {
    name: 'dot-accepted',
    clause: 'NAME-07',
    says: 'a dot in a name is accepted',
    answer: acceptName((n) => n.startsWith('local/') && n.includes('.') && n.length <= 46),
  },
  {
    name: 'name-last-character-unchecked',
    clause: 'NAME-07',
    says: 'the last character of a name is never checked (a loop off by one)',
    answer: acceptName(skipsOne(-1)),
  },
  {
    name: 'name-first-character-unchecked',
    clause: 'NAME-07',
    says: 'the first character after local/ is never checked (a loop off by one)',
    answer: acceptName(skipsOne(0)),
  },
  {
    name: 'single-character-refused',
    clause: 'NAME-08',
    slow: true,
    alone: true,
    says: 'one character after local/ is refused',
    answer: refuseName((n) => n.length === 'local/'.length + 1),
  },
  { name: 'list-as-object', clause: 'LIST-01', says: 'GET /api/user answers {"users": [...]}', response: onList((list) => ({ users: list })) },
  { name: 'list-without-current', clause: 'LIST-02', says: 'no entry carries current', response: onList((list) => list.map(({ current: _, ...u }) => u)) },
  {
    name: 'list-current-false',
    clause: 'LIST-03',
    suites: ['users'],
    says: 'other entries carry current: false',
    response: onList((list) => list.map((u) => ({ current: false, ...u }))),
  },
  { name: 'list-duplicate-entry', clause: 'LIST-04', says: 'the first entry is listed twice', response: onList((list) => [...list, ...list.slice(0, 1)]) },
  {
    name: 'list-hides-newest',
    clause: 'LIST-05',
    says: 'the newest user is missing from the list',
    response: onList((list, state) => list.filter((u) => u.name !== [...state.users.keys()].at(-1))),
  },
  {
    name: 'delete-answers-200',
    clause: 'DEL-01',
    says: 'DELETE /api/user answers 200 {}',
    response: (res, req) => (is(req, 'DELETE', '/api/user') && res.status === 204 ? json(200, {}, V) : res),
  },
  {
    name: 'delete-204-without-length',
    clause: 'DEL-02',
    says: 'the 204 of DELETE carries no Content-Length',
    response: (res, req) => (is(req, 'DELETE', '/api/user') && res.status === 204 ? dropHeader(res, 'content-length') : res),
  },
  {
    name: 'delete-204-with-body',
    clause: 'DEL-02',
    says: 'the 204 of DELETE is followed by a JSON body {} on the connection',
    response: (res, req) => (is(req, 'DELETE', '/api/user') && res.status === 204 ? { ...res, trailing: '{}' } : res),
  },
  {
    name: 'delete-ignored',
    clause: 'DEL-04',
    says: 'DELETE /api/user answers 204 and deletes nothing',
    answer: (req, state) =>
      is(req, 'DELETE', '/api/user') && state.userOfToken(bearer(req) ?? '') && state.users.has(nameIn(req) ?? '')
        ? { status: 204, headers: { ...V, 'content-length': '0' } }
        : undefined,
  },
  {
    name: 'self-delete-ignored',
    clause: 'DEL-05',
    args: ['--forget'],
    says: 'a user deleting itself gets 204 and keeps its access',
    answer: (req, state) =>
      is(req, 'DELETE', '/api/user') && nameIn(req) !== undefined && state.userOfToken(bearer(req) ?? '') === nameIn(req)
        ? { status: 204, headers: { ...V, 'content-length': '0' } }
        : undefined,
  },
  {
    name: 'deleted-user-still-listed',
    clause: 'DEL-04',
    says: 'a deleted user stays in GET /api/user',
    answer: (req, state) => {
      const name = nameIn(req);
      if (is(req, 'DELETE', '/api/user') && name && state.users.has(name) && state.userOfToken(bearer(req) ?? '')) {
        deletedOf(state).add(name);
      }
      return undefined;
    },
    response: onList((list, state) => [...list, ...[...deletedOf(state)].map((name) => ({ name }))]),
  },
];
