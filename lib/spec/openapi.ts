// OpenAPI 3.1 descriptions of the local API, made from the project's own schemas (schemas.ts, the vendor's
// measurement fields, the battery group's fields by release) as the JSON schemas under schemas/ are: v1 over HTTP,
// v2 over HTTPS with its bearer token, X-Api-Version and error bodies. `npm run schema` writes them;
// descriptions.spec.ts parses them with a maintained parser and holds every capture of the emulator to them.
import { z } from 'zod';
import { RELEASE_FEATURES } from './releases.js';
import { deviceInfo, errorV2, socketState, systemState, userList } from './schemas.js';
import { BATTERY_MODES, BATTERY_NUMBERS, BATTERY_PERMISSIONS, MEASUREMENT_FIELDS } from './vendor-measurement.js';
import { SYSTEM_FIELDS, SYSTEM_REQUIRED } from './vendor-system.js';

type Json = Record<string, unknown>;
const schemaOf = (s: z.ZodType): Json => {
  const { $schema: _, ...rest } = z.toJSONSchema(s, { io: 'output', unrepresentable: 'any' }) as Json;
  return rest;
};
const json = (schema: Json, description: string) => ({ description, content: { 'application/json': { schema } } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const SEMVER = '^\\d+\\.\\d+\\.\\d+$';
const KNOWN_STRINGS = new Set(['unique_id', 'meter_model', 'timestamp', 'monthly_power_peak_timestamp']);

/** Every measurement field the vendor documents for a kind, typed; a device may add others. */
function measurement(): Json {
  const names = [...new Set(Object.values(MEASUREMENT_FIELDS).flat())].sort();
  const typed = (n: string): Json =>
    n === 'external'
      ? { type: 'array', items: { type: 'object' } }
      : KNOWN_STRINGS.has(n)
        ? n.endsWith('timestamp')
          ? { type: ['string', 'null'] }
          : { type: 'string' }
        : { type: 'number' };
  return { type: 'object', properties: Object.fromEntries(names.map((n) => [n, typed(n)])), additionalProperties: true };
}

/** The battery group, each field with the release that brought it (DOC v2/batteries.mdx, "Availability"). */
function batteries(): Json {
  const since = (v: string) => `from API ${v}`;
  return {
    type: 'object',
    required: ['mode', ...BATTERY_NUMBERS],
    properties: {
      mode: {
        enum: [...BATTERY_MODES],
        description: `${since(RELEASE_FEATURES.batteries)}; predictive ${since(RELEASE_FEATURES['battery-predictive'])}`,
      },
      permissions: {
        type: 'array',
        items: { enum: [...BATTERY_PERMISSIONS] },
        uniqueItems: true,
        description: since(RELEASE_FEATURES['battery-permissions']),
      },
      battery_count: { type: 'integer', minimum: 0, description: since(RELEASE_FEATURES['battery-permissions']) },
      charge_to_full: { type: 'boolean', description: since(RELEASE_FEATURES['battery-predictive']) },
      ...Object.fromEntries(BATTERY_NUMBERS.map((f) => [f, { type: 'number' }])),
    },
    additionalProperties: true,
  };
}

const SYSTEM: Json = {
  type: 'object',
  required: [...SYSTEM_REQUIRED],
  properties: Object.fromEntries(Object.entries(SYSTEM_FIELDS).map(([f, { words: _, ...schema }]) => [f, schema])),
  additionalProperties: true,
};

export const V1_ERROR: Json = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'object', required: ['id', 'description'], properties: { id: { type: 'integer' }, description: { type: 'string' } } } },
};

function document(title: string, url: string, paths: Json, components: Json): Json {
  return {
    openapi: '3.1.0',
    info: {
      title,
      version: '1',
      description: 'Made by energy-conform from its own schemas (npm run schema); spec/clauses.md and spec/vendor-clauses.md hold the clauses.',
    },
    servers: [{ url, variables: { host: { default: '192.168.1.40', description: "the device's address" } } }],
    paths,
    components,
  };
}

/** v1 over HTTP: no token; errors {"error":{"id","description"}}. */
export function openApiV1(): Json {
  const error = { $ref: '#/components/responses/Error' };
  const ok = (name: string, what: string) => ({ 200: json(ref(name), what), default: error });
  return document(
    'Local energy device API, v1 (HTTP)',
    'http://{host}',
    {
      '/api': { get: { operationId: 'v1DeviceInfo', responses: ok('DeviceInfo', 'the device\'s identity; api_version "v1"') } },
      '/api/v1/data': {
        get: { operationId: 'v1Data', responses: { 200: json({ type: 'object', additionalProperties: true }, 'the readings'), default: error } },
      },
      '/api/v1/state': {
        get: { operationId: 'v1State', responses: ok('SocketState', "the energy socket's state") },
        put: {
          operationId: 'v1SetState',
          requestBody: json({ ...ref('SocketState') }, "any of the state's fields"),
          responses: { 200: json({ type: 'object' }, 'the fields written, as they now are'), default: error },
        },
      },
      '/api/v1/system': {
        get: { operationId: 'v1System', responses: ok('SystemState', 'the cloud setting') },
        put: { operationId: 'v1SetSystem', requestBody: json(ref('SystemState'), 'cloud_enabled'), responses: ok('SystemState', 'the setting as it now is') },
      },
      '/api/v1/identify': { put: { operationId: 'v1Identify', responses: { 200: json({ type: 'object' }, 'the device blinks'), default: error } } },
      '/api/v1/telegram': {
        get: {
          operationId: 'v1Telegram',
          responses: { 200: { description: 'the last DSMR telegram', content: { 'text/plain': { schema: { type: 'string' } } } }, default: error },
        },
      },
    },
    {
      schemas: { DeviceInfo: schemaOf(deviceInfo), SocketState: schemaOf(socketState), SystemState: schemaOf(systemState), Error: V1_ERROR },
      responses: { Error: json(ref('Error'), 'a refusal: {"error":{"id","description"}}') },
    },
  );
}

/** v2 over HTTPS: a bearer token, X-Api-Version asked (a major) and answered (the full release), errors {"error":"<code>"}. */
export function openApiV2(): Json {
  const version = { $ref: '#/components/parameters/XApiVersion' };
  const headers = { 'X-Api-Version': { $ref: '#/components/headers/XApiVersion' } };
  const answered = (r: Json) => ({ ...r, headers });
  const error = { $ref: '#/components/responses/Error' };
  // A path the device does not serve (its kind's, or its release's: /api/batteries before 2.1.0) answers as an unknown URI does.
  const op = (operationId: string, responses: Json, extra: Json = {}) => ({
    operationId,
    parameters: [version],
    security: [{ bearer: [] }],
    responses: { ...responses, 404: { $ref: '#/components/responses/NotServed' }, default: error },
    ...extra,
  });
  const ok = (schema: Json, what: string) => ({ 200: answered(json(schema, what)) });
  const none = (what: string) => ({ 204: { description: what, headers } });
  return document(
    'Local energy device API, v2 (HTTPS)',
    'https://{host}',
    {
      '/api': { get: op('deviceInfo', ok(ref('DeviceInfo'), "the device's identity")) },
      '/api/user': {
        get: op('listUsers', ok(ref('UserList'), 'the users')),
        post: {
          ...op('createUser', ok(ref('CreatedUser'), 'the new user and its token: served only within the window a button press opens'), {
            requestBody: json(ref('UserName'), "the new user's name"),
          }),
          security: [{}, { bearer: [] }],
        },
        delete: op('deleteUser', none('deleted'), { requestBody: json(ref('UserName'), 'the user to delete') }),
      },
      '/api/measurement': { get: op('measurement', ok(ref('Measurement'), 'the readings')) },
      '/api/system': {
        get: op('system', ok(ref('System'), 'the system settings')),
        put: op('setSystem', ok(ref('System'), 'the whole system object'), { requestBody: json({ type: 'object' }, 'the fields to write') }),
      },
      '/api/system/identify': { put: op('identify', none('the device blinks')) },
      '/api/system/reboot': { put: op('reboot', none('the device reboots')) },
      '/api/telegram': {
        get: op('telegram', {
          200: answered({ description: 'the last DSMR telegram', content: { 'text/plain': { schema: { type: 'string' } } } }),
          503: answered({ description: 'no telegram yet: telegram:no-telegram-received', content: { 'text/plain': { schema: { type: 'string' } } } }),
        }),
      },
      '/api/batteries': {
        get: op('batteries', ok(ref('Batteries'), "the plug-in batteries' group (P1 meter, kWh meter; from API 2.1.0)")),
        put: op('setBatteries', ok(ref('Batteries'), 'the whole group'), { requestBody: json({ type: 'object' }, 'mode, permissions, or charge_to_full') }),
      },
    },
    {
      schemas: {
        DeviceInfo: { ...schemaOf(deviceInfo), properties: { ...(schemaOf(deviceInfo).properties as Json), api_version: { type: 'string', pattern: SEMVER } } },
        UserList: schemaOf(userList),
        UserName: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
        CreatedUser: { type: 'object', required: ['name', 'token'], properties: { name: { type: 'string' }, token: { type: 'string' } } },
        Measurement: measurement(),
        System: SYSTEM,
        Batteries: batteries(),
        Error: schemaOf(errorV2),
      },
      parameters: {
        XApiVersion: {
          name: 'X-Api-Version',
          in: 'header',
          required: false,
          schema: { type: 'string', pattern: '^\\d+$' },
          description: 'the major version asked; absent: the latest. 1 over HTTPS is refused (request:api-version-not-supported).',
        },
      },
      headers: { XApiVersion: { description: 'the full release that served the answer', schema: { type: 'string', pattern: SEMVER } } },
      responses: {
        Error: { description: 'a refusal: {"error":"<code>"}', headers, content: { 'application/json': { schema: ref('Error') } } },
        NotServed: {
          description: 'not served here: as an unknown URI, the plain text a real device sends ("Nothing matches the given URI"), or a refusal',
          content: { 'text/plain': { schema: { type: 'string' } }, 'application/json': { schema: ref('Error') } },
        },
      },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'the token POST /api/user gave' } },
    },
  );
}
