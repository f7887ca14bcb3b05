// The occasion judges (lib/judge/device/table.ts OCCASION_JUDGES) on answers as a device gives them: each holds
// on the conformant answer and fails on the answers a firmware gets wrong, with the words a report shows. The
// suites and the explorer call these, and no other code judges their clauses.
import { describe, expect, test } from 'vitest';
import type { Judgment, Reply } from './judgment.js';
import { type OccasionArgs, type OccasionClause, judgeCertificate, judgeHeard, judgeOn } from './table.js';
import type { Advertised } from '../../spec/advertisement.js';

const T = 'A'.repeat(32);
const reply = (status: number, json?: unknown, headers: Record<string, string> = {}, text = json === undefined ? '' : JSON.stringify(json)): Reply => ({
  status,
  headers,
  json,
  text,
});
const refused = (status: number, error: string) => reply(status, { error });
const entry = (name: string, current?: boolean) => ({ name, ...(current === undefined ? {} : { current }) });
const STATE = (power_on: boolean, switch_lock: boolean, brightness = 255) => ({ power_on, switch_lock, brightness });
const AD = (a: Partial<Advertised>) => ({
  advertised: { serial: null, product_type: null, product_name: null, id: null, disagreements: [], ...a },
  certificatePem: null,
  identityOf: (serial: string) => `appliance/p1dongle/${serial}`,
});
const ROW = (from: ReturnType<typeof STATE>, put: Record<string, unknown>, status = 200) => ({ from, put, answer: reply(status, put) });

type Row<K extends OccasionClause> = [string, K, Reply, OccasionArgs<K>, string | null];
const row = <K extends OccasionClause>(title: string, id: K, r: Reply, o: OccasionArgs<K>, fails: string | null): Row<OccasionClause> =>
  [title, id, r, o, fails] as unknown as Row<OccasionClause>;

const ROWS: Row<OccasionClause>[] = [
  row('a POST before any press, refused', 'PAIR-01', refused(403, 'user:creation-not-enabled'), [], null),
  row('a POST before any press, created', 'PAIR-01', reply(200, { name: 'local/x', token: T }), [], '403 {"error":"user:creation-not-enabled"}'),
  row('a poll refused with another code', 'PAIR-02', refused(403, 'user:unauthorized'), [{ why: '(2 refused before it)' }], '(2 refused before it)'),
  row('right after a creation, refused', 'PAIR-07', refused(403, 'user:creation-not-enabled'), [], null),
  row('past the window, refused with 401', 'PAIR-08', refused(401, 'user:creation-not-enabled'), [], '403'),
  row('a creation', 'PAIR-03', reply(200, { name: 'local/x', token: T }), [], null),
  row('a creation without a name', 'PAIR-03', reply(200, { token: T }), [], '200 with a string name and a string token'),
  row('a creation with a number as token', 'PAIR-03', reply(200, { name: 'local/x', token: 7 }), [], 'token'),
  row(
    'a press ignored',
    'PAIR-03',
    refused(403, 'user:creation-not-enabled'),
    [{ ignored: { posts: 20, span: 'over 10 s after it', windowsBefore: 1, shown: [] } }],
    '20 POSTs over 10 s after it were each refused',
  ),
  row('25 s after the press, created', 'PAIR-09', reply(200, { name: 'local/x', token: T }), [], null),
  row('25 s after the press, refused', 'PAIR-09', refused(403, 'user:creation-not-enabled'), [], '200: the window is still open 25 s after the press'),
  row(
    '3 s after each of two presses refused, at once after a third created',
    'PAIR-09',
    refused(403, 'user:creation-not-enabled'),
    [
      {
        afterS: 3,
        refusals: [refused(403, 'user:creation-not-enabled'), refused(403, 'user:creation-not-enabled')],
        then: reply(200, { name: 'local/x', token: T }),
      },
    ],
    '2 POSTs each made 3 s after a press, with no request before it, answered 403 {"error":"user:creation-not-enabled"}; one made right after the next press answered 200',
  ),
  row(
    '3 s after one press refused: one press a relay missed shows nothing',
    'PAIR-09',
    refused(403, 'user:creation-not-enabled'),
    [{ afterS: 3, refusals: [refused(403, 'user:creation-not-enabled')], then: reply(200, { name: 'local/x', token: T }) }],
    null,
  ),
  row(
    'refused 3 s after, and right after a third press too: no window at all, not a short one',
    'PAIR-09',
    refused(403, 'user:creation-not-enabled'),
    [{ afterS: 3, refusals: [refused(403, 'user:creation-not-enabled'), refused(403, 'user:creation-not-enabled')], then: refused(400, 'user:name-invalid') }],
    null,
  ),
  row('a token of uppercase hex', 'PAIR-04', reply(200, { name: 'local/x', token: T }), [], null),
  row('a token of lowercase hex', 'PAIR-04', reply(200, { name: 'local/x', token: 'a'.repeat(32) }), [], 'with lowercase digits'),
  row('a token one digit short', 'PAIR-04', reply(200, { name: 'local/x', token: T.slice(1) }), [], 'a token of 31 characters'),
  row('the name asked for', 'PAIR-05', reply(200, { name: 'local/x', token: T }), [{ asked: 'local/x' }], null),
  row('the name without its prefix', 'PAIR-05', reply(200, { name: 'x', token: T }), [{ asked: 'local/x' }], 'name "local/x"'),
  row('the new token accepted', 'PAIR-06', reply(200, {}), [], null),
  row('the new token refused', 'PAIR-06', refused(401, 'user:unauthorized'), [{ why: 'with its token' }], 'status 200 with its token'),
  row('a re-use re-issued', 'PAIR-10', reply(200, { name: 'local/x', token: T }), [{ answer: 'reuse' }], null),
  row('a re-use refused', 'PAIR-10', refused(403, 'user:creation-not-enabled'), [{ answer: 'reuse' }], 'a new token for the re-used name'),
  row('the previous token still accepted', 'PAIR-10', reply(200, {}), [{ answer: 'previous token' }], '401 {"error":"user:unauthorized"}'),
  row('the new token refused', 'PAIR-10', refused(401, 'user:unauthorized'), [{ answer: 'new token' }], 'accepted (no 401)'),
  row('a re-issue with another token', 'PAIR-11', reply(200, { name: 'local/x', token: T }), [{ earlier: ['B'.repeat(32)] }], null),
  row('a re-issue with the same token', 'PAIR-11', reply(200, { name: 'local/x', token: T }), [{ earlier: [T] }], 'the same token again'),
  row('a list', 'LIST-01', reply(200, [entry('local/a', true), entry('cloud/b')]), [], null),
  row('a list as an object', 'LIST-01', reply(200, { users: [] }), [], 'a JSON array'),
  row('a list whose current is a string', 'LIST-01', reply(200, [entry('local/a'), { name: 'local/b', current: 'yes' }]), [], '1.current'),
  row('one current, the owner', 'LIST-02', reply(200, [entry('local/a', true), entry('local/b')]), [{ owner: 'local/a' }], null),
  row('current on another user', 'LIST-02', reply(200, [entry('local/a'), entry('local/b', true)]), [{ owner: 'local/a' }], 'current on ["local/b"]'),
  row('current: false on another', 'LIST-03', reply(200, [entry('local/a', true), entry('local/b', false)]), [{ owner: null }], 'no `current` key'),
  row('a name without a prefix', 'LIST-04', reply(200, [entry('local/a', true), entry('b')]), [], 'names with local/ or cloud/'),
  row('a name twice', 'LIST-04', reply(200, [entry('local/a', true), entry('local/a')]), [], 'twice'),
  row('the new user listed', 'LIST-05', reply(200, [entry('local/a', true)]), [{ created: ['local/a'], seenBy: 'its own token' }], null),
  row('the new user missing', 'LIST-05', reply(200, [entry('local/b', true)]), [{ created: ['local/a'], seenBy: 'its own token' }], 'local/a not among'),
  row('a deletion', 'DEL-01', reply(204), [], null),
  row('a deletion answered 200', 'DEL-01', reply(200, {}), [], 'status 204'),
  row('an empty 204', 'DEL-02', reply(204, undefined, { 'content-length': '0' }), [], null),
  row('a 204 without Content-Length', 'DEL-02', reply(204), [], 'Content-Length absent'),
  row('a 204 with a body', 'DEL-02', reply(204, {}, { 'content-length': '0' }), [], '"{}" after the headers'),
  row('a deleted token refused', 'DEL-03', refused(401, 'user:unauthorized'), [], null),
  row('a deleted token accepted', 'DEL-03', reply(200, {}), [{ why: "with the deleted user's token" }], "with the deleted user's token"),
  row('a user deleting itself', 'DEL-05', reply(204), [{ answer: 'deletion' }], null),
  row('a user deleting itself, answered 200', 'DEL-05', reply(200, {}), [{ answer: 'deletion' }], 'status 204'),
  row(
    'its token still accepted after',
    'DEL-05',
    reply(200, {}),
    [{ answer: 'its token after' }],
    '401 to GET /api with the token of the user that deleted itself',
  ),
  row('no prefix refused', 'NAME-01', refused(400, 'request:invalid-value'), [{ made: [] }], null),
  row('no prefix refused, but the user made', 'NAME-01', refused(400, 'request:invalid-value'), [{ made: ['local/x'] }], 'and local/x exists'),
  row('invalid JSON created', 'PAIR-12', reply(200, { name: 'local/x', token: T }), [{ made: [] }], 'refused: no 200 and no user created'),
  row('40 characters accepted', 'NAME-05', reply(200, { name: 'local/x', token: T }), [{ what: 'a name of 40' }], null),
  row('one character refused', 'NAME-08', refused(400, 'request:invalid-value'), [{ what: '"local/u" (one character)' }], '"local/u" (one character) accepted'),
  row('KIND-01: refused before a press', 'KIND-01', refused(403, 'user:creation-not-enabled'), [], null),
  row('KIND-01: no user endpoint', 'KIND-01', reply(404), [], 'POST /api/user served'),
  row(
    'KIND-02: as advertised',
    'KIND-02',
    reply(200, { serial: '5C2FAFAABBCC', product_type: 'HWE-P1' }),
    [AD({ serial: '5c2fafaabbcc', product_type: 'HWE-P1' })],
    null,
  ),
  row(
    'KIND-02: another serial advertised',
    'KIND-02',
    reply(200, { serial: '5c2fafaabbcc', product_type: 'HWE-P1' }),
    [AD({ serial: '5c2fafaabbcd', product_type: 'HWE-P1' })],
    'serial 5c2fafaabbcd advertised, 5c2fafaabbcc in GET /api',
  ),
  row(
    'KIND-02: the two services disagree',
    'KIND-02',
    { status: 0, headers: {}, json: undefined, text: '' },
    [AD({ disagreements: ['serial x in one, y in the other'] })],
    'serial x in one, y in the other',
  ),
  row(
    'V-BAT-02: the whole object with the group made',
    'V-BAT-02',
    reply(200, { mode: 'standby', permissions: [], power_w: 0 }),
    [{ answer: 'put', want: { mode: 'standby', permissions: [] }, keys: ['mode', 'permissions', 'power_w'] }],
    null,
  ),
  row(
    'V-BAT-02: power_w left out of the answer',
    'V-BAT-02',
    reply(200, { mode: 'standby', permissions: [] }),
    [{ answer: 'put', want: { mode: 'standby', permissions: [] }, keys: ['mode', 'permissions', 'power_w'] }],
    '(without power_w)',
  ),
  row(
    'V-BAT-05: permissions read back in another order (a set)',
    'V-BAT-05',
    reply(200, { mode: 'zero', permissions: ['discharge_allowed', 'charge_allowed'] }),
    [{ answer: 'read', want: { mode: 'zero', permissions: ['charge_allowed', 'discharge_allowed'] } }],
    null,
  ),
  row(
    'V-BAT-08: a refused write that changed the mode',
    'V-BAT-08',
    reply(200, { mode: 'to_full', permissions: ['charge_allowed'] }),
    [{ answer: 'read', before: { mode: 'zero', permissions: ['charge_allowed', 'discharge_allowed'] } }],
    'nothing changed',
  ),
  row('V-BAT-09: refused 422, not 400', 'V-BAT-09', refused(422, 'x'), [{ answer: 'put', status: 400 }], 'status 400'),
  row(
    'V-SYS-02: the LED read back',
    'V-SYS-02',
    reply(200, { status_led_brightness_pct: 37 }),
    [{ answer: 'read', field: 'status_led_brightness_pct', value: 37 }],
    null,
  ),
  row(
    'V-SYS-02: the LED answered as a string',
    'V-SYS-02',
    reply(200, { status_led_brightness_pct: '37' }),
    [{ answer: 'put', field: 'status_led_brightness_pct', value: 37 }],
    '200 with status_led_brightness_pct 37',
  ),
  row('V-SYS-03: v1 served while switched off', 'V-SYS-03', reply(200, {}), [{ answer: 'v1 off' }], '403 with error id 202'),
  row('V-SYS-03: v1 refused with the id', 'V-SYS-03', reply(403, { error: { id: 202, description: 'API not enabled' } }), [{ answer: 'v1 off' }], null),
  row(
    'V-SYS-06: refused, but the LED changed',
    'V-SYS-06',
    reply(200, { wifi_ssid: 'x', status_led_brightness_pct: 100, uptime_s: 9 }),
    [{ answer: 'read', before: { wifi_ssid: 'x', status_led_brightness_pct: 50, uptime_s: 3 } }],
    'changed: status_led_brightness_pct',
  ),
  row(
    'V-SYS-06: only uptime moved',
    'V-SYS-06',
    reply(200, { wifi_ssid: 'x', status_led_brightness_pct: 50, uptime_s: 9 }),
    [{ answer: 'read', before: { wifi_ssid: 'x', status_led_brightness_pct: 50, uptime_s: 3 } }],
    null,
  ),
  row(
    'V-SYS-11: uptime that did not restart',
    'V-SYS-11',
    reply(200, { uptime_s: 500 }),
    [{ answer: 'uptime', since: 20, unbroken: 519 }],
    'uptime_s restarted',
  ),
  row(
    'V-SYS-11: not back',
    'V-SYS-11',
    { status: 0, headers: {}, json: undefined, text: '' },
    [{ answer: 'back', withinS: 180, away: true }],
    'no 200 within 180 s (it went away)',
  ),
  row('V-SYS-13: uptime that counts tenths', 'V-SYS-13', reply(200, { uptime_s: 120 }), [{ before: 100, seconds: 2 }], 'then about 2.0 s more'),
  row('V-SYS-13: uptime that counts seconds', 'V-SYS-13', reply(200, { uptime_s: 102 }), [{ before: 100, seconds: 2.1 }], null),
  row('the deleted user gone', 'DEL-04', reply(200, [entry('local/a', true)]), [{ deleted: ['local/b'] }], null),
  row('the deleted user listed', 'DEL-04', reply(200, [entry('local/a', true), entry('local/b')]), [{ deleted: ['local/b'] }], 'local/b listed'),
  row('no list to find the current entry in', 'LIST-02', reply(200, { users: [] }), [{ owner: null }], 'in a GET /api/user that answers 200'),
  row('no list after a deletion', 'DEL-04', reply(500, {}), [{ deleted: ['local/b'] }], 'local/b gone in a GET /api/user that answers 200'),

  row('an unknown token refused', 'AUTH-02', refused(401, 'user:unauthorized'), [{ credential: 'a well-formed unknown token' }], null),
  row('an unknown token accepted', 'AUTH-02', reply(200, {}), [{ credential: 'a well-formed unknown token' }], 'to a well-formed unknown token'),
  row('a token one digit short refused 403', 'AUTH-03', refused(403, 'user:unauthorized'), [{ credential: 'the valid token with one digit cut off' }], '401'),
  row('no token: 401', 'AUTH-04', refused(401, 'user:unauthorized'), [{ credential: 'no Authorization' }], null),
  row('a creation without a token refused 401', 'AUTH-05', refused(401, 'user:unauthorized'), [], 'no 401: POST /api/user needs no token'),
  row('a creation without a token before a press', 'AUTH-05', refused(403, 'user:creation-not-enabled'), [], null),
  row(
    'the token in the device information',
    'AUTH-08',
    reply(200, { product_type: 'HWE-P1', note: T.toLowerCase() }),
    [{ token: T, request: 'GET /api' }],
    'a token in the answer to GET /api',
  ),
  row(
    'a token field in the user list',
    'AUTH-08',
    reply(200, [{ name: 'local/a', token: 'x' }]),
    [{ token: T, request: 'GET /api/user' }],
    'a token in the answer',
  ),
  row('no token in the device information', 'AUTH-08', reply(200, { product_type: 'HWE-P1' }), [{ token: T, request: 'GET /api' }], null),
  row('a creation over HTTP', 'AUTH-09', reply(200, { name: 'local/a', token: T }), [{ method: 'POST' }], 'no user endpoint over HTTP'),
  row('the user list over HTTP: 404', 'AUTH-09', reply(404), [{ method: 'GET' }], null),
  row('the user list over HTTP: 401 as v2 answers', 'AUTH-09', refused(401, 'user:unauthorized'), [{ method: 'GET' }], 'no 401'),

  row('a version below the latest refused', 'VER-04', refused(400, 'request:api-version-not-supported'), [{ asked: '1' }], null),
  row('a version below the latest served', 'VER-04', reply(200, {}), [{ asked: '1' }], '400 {"error":"request:api-version-not-supported"} to X-Api-Version: 1'),
  row('a version above refused as unauthorized', 'VER-06', refused(400, 'user:unauthorized'), [{ asked: '3' }], 'to X-Api-Version: 3'),
  row('the refusal names the served version', 'VER-05', reply(400, {}, { 'x-api-version': '2.2.0' }), [{ served: '2.2.0' }], null),
  row('the refusal names the version asked for', 'VER-05', reply(400, {}, { 'x-api-version': '1.0.0' }), [{ served: '2.2.0' }], 'X-Api-Version: 1.0.0'),
  row("the header's name in capitals ignored", 'VER-10', reply(200, {}), [{ asked: '1 (as X-API-VERSION)' }], 'as X-API-VERSION'),
  row('v1 over HTTP', 'VER-08', reply(200, {}), [], null),
  row('v1 over HTTP refused without the header', 'VER-08', refused(400, 'request:api-version-not-supported'), [], 'status 200'),

  row('the value it has, answered', 'CLOUD-02', reply(200, { cloud_enabled: true }), [{ answer: 'put', value: true }], null),
  row(
    'the value it has, answered as a string',
    'CLOUD-02',
    reply(200, { cloud_enabled: 'true' }),
    [{ answer: 'put', value: true }],
    '200 {"cloud_enabled":true}',
  ),
  row(
    'the socket moved by the cloud setting',
    'CLOUD-02',
    reply(200, { power_on: false, switch_lock: false, brightness: 255 }),
    [{ answer: 'socket', before: { power_on: true, switch_lock: false, brightness: 255 } }],
    'unchanged by the cloud setting',
  ),
  row(
    'the socket kept',
    'CLOUD-02',
    reply(200, { power_on: true, switch_lock: false, brightness: 255 }),
    [{ answer: 'socket', before: { power_on: true, switch_lock: false, brightness: 255 } }],
    null,
  ),
  row('switched off, read back on', 'CLOUD-03', reply(200, { cloud_enabled: true }), [{ answer: 'read', value: false }], 'then reads cloud_enabled false'),
  row(
    'a string kept as false',
    'CLOUD-06',
    reply(200, { cloud_enabled: false }),
    [{ answer: 'read', value: false, after: 'PUT {"cloud_enabled":"true"}' }],
    null,
  ),
  row(
    'a string taken as true',
    'CLOUD-06',
    reply(200, { cloud_enabled: true }),
    [{ answer: 'read', value: false, after: 'PUT {"cloud_enabled":"true"}' }],
    'after PUT {"cloud_enabled":"true"}',
  ),

  row('CLOUD-07: on again after pairing mode', 'CLOUD-07', reply(200, { cloud_enabled: true }), [], null),
  row('CLOUD-07: still off after pairing mode', 'CLOUD-07', reply(200, { cloud_enabled: false }), [], 'cloud_enabled true after the reset or pairing mode'),
  row('off and unlocked', 'SOCK-02', reply(200, STATE(false, false)), [], null),
  row('off and locked', 'SOCK-02', reply(200, STATE(false, true)), [], 'never power_on false together with switch_lock true'),
  row("no state: SOCK-01's", 'SOCK-02', reply(500, {}), [], null),
  row('the PUT echoed', 'SOCK-03', reply(200, { power_on: false }), [{ put: { power_on: false } }], null),
  row('the PUT echoed with the whole state', 'SOCK-03', reply(200, STATE(false, false)), [{ put: { power_on: false } }], '200 with exactly {"power_on":false}'),
  row('on, PUT off: off', 'SOCK-05', reply(200, STATE(false, false)), [ROW(STATE(true, false), { power_on: false })], null),
  row('on, PUT off: still on', 'SOCK-05', reply(200, STATE(true, false)), [ROW(STATE(true, false), { power_on: false })], 'off, unlocked, brightness 255'),
  row(
    'locked, off and unlock together, the brightness ignored',
    'SOCK-09',
    reply(200, STATE(false, false)),
    [ROW(STATE(true, true), { power_on: false, switch_lock: false, brightness: 3 })],
    'brightness 3 stored',
  ),
  row(
    "the same PUT: its power and lock are SOCK-08's, and right",
    'SOCK-08',
    reply(200, STATE(false, false)),
    [ROW(STATE(true, true), { power_on: false, switch_lock: false, brightness: 3 })],
    null,
  ),
  row(
    'off and lock refused, the state kept',
    'SOCK-10',
    reply(200, STATE(true, false)),
    [ROW(STATE(true, false), { power_on: false, switch_lock: true })],
    null,
  ),
  row(
    'off and lock refused, but switched off',
    'SOCK-10',
    reply(200, STATE(false, false)),
    [ROW(STATE(true, false), { power_on: false, switch_lock: true })],
    'the state unchanged',
  ),
  row('256 clamped to 255', 'SOCK-12', reply(200, STATE(true, false)), [ROW(STATE(true, false, 128), { brightness: 256 })], null),
  row('256 stored', 'SOCK-12', reply(200, STATE(true, false, 256)), [ROW(STATE(true, false, 128), { brightness: 256 })], 'brightness from 0 to 255'),
  row('256 accepted 200', 'SOCK-17', reply(200, STATE(true, false, 128)), [ROW(STATE(true, false, 128), { brightness: 256 }, 200)], 'refused with a 4xx'),
  row('256 refused 400, the state kept', 'SOCK-17', reply(200, STATE(true, false, 128)), [ROW(STATE(true, false, 128), { brightness: 256 }, 400)], null),
  row('"true" as power_on, a valid state', 'SOCK-15', reply(200, STATE(true, false)), [ROW(STATE(true, false), { power_on: 'true' })], null),
  row(
    '"true" as power_on, stored as a string',
    'SOCK-15',
    reply(200, { power_on: 'true', switch_lock: false, brightness: 255 }),
    [ROW(STATE(true, false), { power_on: 'true' })],
    'a valid state',
  ),
];

const judge = (id: OccasionClause, r: Reply, o: unknown[]): Judgment => (judgeOn as (id: string, r: Reply, ...o: unknown[]) => Judgment)(id, r, ...o);

describe('the occasion judges', () => {
  test.for(ROWS)('%s (%s)', ([, id, r, o, fails]) => {
    const j = judge(id, r, o as unknown[]);
    if (fails === null) expect(j).toEqual({ held: true });
    else {
      expect(j.held).toBe(false);
      expect(j.held ? '' : `expected ${j.expected}; observed ${j.observed}`).toContain(fails);
    }
  });

  // An answer is shown as it came (the run's redactor hides the tokens it knows); what a judge says of a token never shows it.
  test('the judges that speak of a token never show it', () => {
    for (const [, id, r, o] of ROWS.filter(([, id]) => ['PAIR-04', 'PAIR-11'].includes(id))) {
      const j = judge(id, r, o as unknown[]);
      if (!j.held) expect(`${j.expected} ${j.observed}`).not.toContain(T);
    }
  });

  test('TLS-01 holds on a chain to the given CA, and names the issuer of one that is not', () => {
    expect(judgeCertificate('TLS-01', { pem: '', chainError: null, issuer: 'CN=x' })).toEqual({ held: true });
    expect(judgeCertificate('TLS-01', { pem: '', chainError: 'self-signed certificate', issuer: 'O=Acme\nCN=Acme CA' })).toMatchObject({
      held: false,
      expected: 'a certificate chain to the given CA',
      observed: 'self-signed certificate (issuer O=Acme, CN=Acme CA)',
    });
  });

  // The WebSocket's judges (CONVERSATION_JUDGES), on what a conversation heard.
  test.for([
    [
      'V-WS-01: the greeting with the api_version',
      judgeHeard('V-WS-01', { type: 'authorization_requested', data: { api_version: '2.0.0' } }, { apiVersion: '2.0.0' }),
      null,
    ],
    [
      'V-WS-01: another greeting first',
      judgeHeard('V-WS-01', { type: 'device', data: {} }, { apiVersion: '2.0.0' }),
      'first {"type":"authorization_requested"',
    ],
    ['V-WS-03: authorized for an unknown token', judgeHeard('V-WS-03', [{ type: 'authorized' }]), 'no "authorized" for an unknown token'],
    ['V-WS-05: closed after 38.5 s (its clock)', judgeHeard('V-WS-05', 38_500, { withinS: 40, lateAuthorized: false }), null],
    ['V-WS-05: closed after 10 s', judgeHeard('V-WS-05', 10_000, { withinS: 40, lateAuthorized: false }), 'closed after 10.0 s'],
    [
      'V-WS-05: never closed',
      judgeHeard('V-WS-05', null, { withinS: 40, lateAuthorized: true }),
      'still open after 45 s, and an authorization sent then was answered "authorized"',
    ],
    ['V-WS-08: four pushes, a second apart', judgeHeard('V-WS-08', [100, 1100, 2100, 3100]), null],
    ['V-WS-08: two pushes 100 ms apart after the first', judgeHeard('V-WS-08', [100, 1100, 1200, 2200]), 'gaps 100, 1000 ms'],
    [
      'V-WS-11: a wrong value taken',
      judgeHeard('V-WS-11', { type: 'system', data: {} }, { answer: 'socket', field: 'status_led_brightness_pct' }),
      '{"type":"error","data":{"message":"json:parameter-invalid-type:status_led_brightness_pct"}}',
    ],
    [
      'V-WS-12: an unknown topic answered with the unknown-type error',
      judgeHeard('V-WS-12', { type: 'error', data: { message: 'request:unknown-type' } }, { asked: 'topic' }),
      'request:unknown-subscription',
    ],
    [
      'V-WS-06: the batteries pushed with the permissions in another order (a set)',
      judgeHeard(
        'V-WS-06',
        { type: 'batteries', data: { mode: 'zero', permissions: ['discharge_allowed', 'charge_allowed'] } },
        { topic: 'batteries', got: { mode: 'zero', permissions: ['charge_allowed', 'discharge_allowed'] }, read: '200' },
      ),
      null,
    ],
    [
      'V-WS-06: the system pushed with another LED value',
      judgeHeard(
        'V-WS-06',
        { type: 'system', data: { wifi_ssid: 'x', status_led_brightness_pct: 10, uptime_s: 5 } },
        { topic: 'system', got: { wifi_ssid: 'x', status_led_brightness_pct: 50, uptime_s: 9 }, read: '200' },
      ),
      'whose data equals GET /api/system in every documented field',
    ],
    [
      'V-WS-09: undocumented fields on one side only',
      judgeHeard('V-WS-09', { type: 'system', data: { wifi_ssid: 'x', uptime_s: 5 } }, { got: { wifi_ssid: 'x', uptime_s: 9, ec_extra: 1 }, read: '200' }),
      null,
    ],
    [
      'V-WS-14: no batteries message',
      judgeHeard('V-WS-14', [{ type: 'device' }, { type: 'measurement' }], { topics: ['device', 'measurement', 'batteries'] }),
      'none of batteries',
    ],
  ] as const)('%s', ([, j, fails]) => {
    if (fails === null) expect(j).toEqual({ held: true });
    else expect(j.held ? '' : `expected ${j.expected}; observed ${j.observed}`).toContain(fails);
  });
});
