// A claims file read and checked before anything is sent: its form (the schema), its consistency (every endpoint one
// the catalogues know, of an API it claims), and the claims no clause judges, named.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { type ClaimsFile, checkClaims, claimsJsonSchema, parseClaims } from './claims.js';

const V1_ONLY = path.join(PACKAGE_ROOT, 'examples', 'claims', 'p1-dongle-v1.yaml');
const base: ClaimsFile = { claims: 1, device: 'a dongle', kind: 'p1dongle', api: ['v1'], endpoints: [{ api: 'v1', endpoint: 'GET /api', level: 'MUST' }] };
const withEndpoints = (...endpoints: ClaimsFile['endpoints']): ClaimsFile => ({ ...base, endpoints: [...base.endpoints, ...endpoints] });

test('the worked example of docs/claims.md reads: a v1 P1 dongle, its fields that no clause judges named', async () => {
  const claims = parseClaims(await readFile(V1_ONLY, 'utf8'), 'p1-dongle-v1.yaml');
  expect(claims.file).toMatchObject({ kind: 'p1dongle', api: ['v1'] });
  expect(claims.endpoints.map((e) => `${e.level} ${e.api} ${e.endpoint}`)).toEqual([
    'MUST v1 GET /api',
    'MUST v1 GET /api/v1/data',
    'IF-IMPLEMENTED v1 GET /api/v1/system',
    'SHOULD v1 PUT /api/v1/system',
  ]);
  expect(claims.notJudged).toEqual(
    ['total_power_import_kwh', 'active_power_w', 'wifi_ssid', 'total_gas_m3'].map(
      (f) => `v1 GET /api/v1/data field ${f}: no clause is gated on it; recorded against the answers, never failed`,
    ),
  );
});

test.for([
  ['not YAML', 'claims: [1', 'x.yaml', /^x\.yaml is not YAML: /],
  ['not JSON', '{', 'x.json', /^x\.json is not JSON: /],
  ['no kind', JSON.stringify({ ...base, kind: undefined }), 'x.json', /^x\.json is not a claims file \(schemas\/claims\.schema\.json\): kind: /],
  [
    'a level the format has not',
    JSON.stringify(withEndpoints({ api: 'v1', endpoint: 'GET /api/v1/data', level: 'MAY' as never })),
    'x.json',
    /endpoints\.1\.level: /,
  ],
  [
    'an endpoint without its method',
    JSON.stringify(withEndpoints({ api: 'v1', endpoint: '/api/v1/data', level: 'MUST' })),
    'x.json',
    /endpoints\.1\.endpoint: a method and a path/,
  ],
  ['a field it does not know', JSON.stringify({ ...base, firmware: '1.0' }), 'x.json', /the file: Unrecognized key: "firmware"/],
] as const)('refused with the reason: %s', ([, text, name, reason]) => {
  expect(() => parseClaims(text, name)).toThrow(reason);
});

test.for([
  [
    'an endpoint no catalogue has',
    withEndpoints({ api: 'v1', endpoint: 'GET /api/v1/telegram', level: 'MUST' }),
    "endpoints.1: v1 GET /api/v1/telegram is no endpoint of the specification or the vendor's documentation",
  ],
  [
    'a v2 endpoint where only v1 is claimed',
    withEndpoints({ api: 'v2', endpoint: 'GET /api/measurement', level: 'MUST' }),
    'endpoints.1: v2 GET /api/measurement is of the v2 API, which "api" does not claim',
  ],
  ['an endpoint claimed twice', withEndpoints({ api: 'v1', endpoint: 'GET /api', level: 'SHOULD' }), 'endpoints.1: v1 GET /api is claimed twice'],
  [
    'IF-IMPLEMENTED where no GET tells',
    {
      ...base,
      api: ['v1', 'v2'],
      endpoints: [
        ...base.endpoints,
        { api: 'v2', endpoint: 'GET /api', level: 'MUST' },
        { api: 'v2', endpoint: 'PUT /api/system/identify', level: 'IF-IMPLEMENTED' },
      ],
    },
    'endpoints.2: IF-IMPLEMENTED needs a GET to tell whether PUT /api/system/identify is served',
  ],
  ['an API claimed without its GET /api', { ...base, api: ['v1', 'v2'] }, 'api claims v2, but no endpoint claims v2 GET /api'],
] as const)('refused as inconsistent: %s', ([, file, reason]) => {
  expect(() => checkClaims(file as ClaimsFile, 'c.yaml')).toThrow(`c.yaml is not consistent: ${reason}`);
});

test('a system field that gates clauses is judged, and not named', () => {
  const claims = checkClaims(
    {
      ...base,
      api: ['v1', 'v2'],
      endpoints: [
        ...base.endpoints,
        { api: 'v2', endpoint: 'GET /api', level: 'MUST' },
        { api: 'v2', endpoint: 'GET /api/system', level: 'MUST', fields: { status_led_brightness_pct: 'MUST', uptime_s: 'SHOULD' } },
      ],
    },
    'c.yaml',
  );
  expect(claims.notJudged).toEqual(['v2 GET /api/system field uptime_s: no clause is gated on it; recorded against the answers, never failed']);
});

test('schemas/claims.schema.json is the one made from the zod type (`npm run schema` writes it)', async () => {
  expect(await readFile(path.join(PACKAGE_ROOT, 'schemas', 'claims.schema.json'), 'utf8')).toBe(claimsJsonSchema());
});
