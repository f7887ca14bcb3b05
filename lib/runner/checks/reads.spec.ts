// The run's own reads before the suites, judged: a value where the run can use the answer, else the
// outcome of the clause that governs the endpoint, the endpoint the suites give up, and the residue.
import { describe, expect, test } from 'vitest';
import type { DeviceResponse } from '../../client/device-client.js';
import { TransportError } from '../../client/errors.js';
import type { Exchange } from '../../client/exchange-log.js';
import { clauses } from '../../spec/catalogue.js';
import { CLOUD, DEVICE_INFO, type Part, SOCKET, USERS, judgeRead } from './reads.js';

function answer(status: number, body: string): DeviceResponse {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  const exchange: Exchange = {
    side: 'v1',
    method: 'GET',
    url: 'http://127.0.0.1/x',
    requestHeaders: {},
    status,
    responseBody: body,
    startedAt: '2026-11-23T00:00:00.000Z',
    durationMs: 1,
  };
  return { status, headers: {}, text: body, json, contentType: 'application/json', exchange };
}
const hang = new TransportError('EC_TRANSPORT_TIMEOUT', 'GET http://127.0.0.1/api/v1/state: no complete answer within 10000 ms');
const PARTS: Record<'SOCKET' | 'CLOUD' | 'USERS', Part<unknown>> = { SOCKET, CLOUD, USERS };

describe('a read the run can use gives its value, and nothing else', () => {
  test.for([
    {
      part: 'SOCKET',
      got: answer(200, '{"power_on":true,"switch_lock":false,"brightness":255}'),
      value: { power_on: true, switch_lock: false, brightness: 255 },
    },
    // Out of range is SOCK-01's to judge in the suite: the run can still put it back.
    {
      part: 'SOCKET',
      got: answer(200, '{"power_on":false,"switch_lock":false,"brightness":300,"extra":1}'),
      value: { power_on: false, switch_lock: false, brightness: 300 },
    },
    { part: 'CLOUD', got: answer(200, '{"cloud_enabled":false}'), value: false },
    { part: 'USERS', got: answer(200, '[{"name":"local/a","current":true},{"name":"cloud/b"}]'), value: ['local/a', 'cloud/b'] },
  ] as const)('$part: $got.text', ({ part, got, value }) => {
    expect(judgeRead({ deviations: {}, kind: 'energysocket' }, PARTS[part], got, [got.exchange])).toEqual({ value });
  });
});

// The words are the table's judge's (SOCK-01, CLOUD-01, LIST-01), as the suites' checks of the same answers say them.
describe("a read that fails is its clause's outcome, with the exchange; the suites give the endpoint up", () => {
  test.for([
    { part: 'SOCKET', got: hang, deviations: {}, status: 'error', message: `the run's own read before the suites: ${hang.message}` },
    {
      part: 'SOCKET',
      got: answer(500, '{"error":"request:internal-server-error"}'),
      deviations: {},
      status: 'fail',
      message: 'the run\'s own read before the suites, GET /api/v1/state: expected status 200; observed 500 {"error":"request:internal-server-error"}',
    },
    {
      part: 'SOCKET',
      got: answer(200, '{"power_on": true, "cloud_'),
      deviations: {},
      status: 'fail',
      message:
        /expected boolean power_on, boolean switch_lock and a number brightness from 0 to 255; observed 200 \{"power_on": true, "cloud_ \(a body that is not JSON\)$/,
    },
    { part: 'SOCKET', got: answer(200, '{"power_on":"true","switch_lock":false,"brightness":1}'), deviations: {}, status: 'fail', message: /observed 200/ },
    {
      part: 'CLOUD',
      got: answer(200, '{"cloud_enabled":"yes"}'),
      deviations: {},
      status: 'fail',
      message: /GET \/api\/v1\/system: expected a boolean cloud_enabled; observed 200 \{"cloud_enabled":"yes"\}$/,
    },
    {
      part: 'USERS',
      got: answer(200, '{"users":[]}'),
      deviations: {},
      status: 'fail',
      message: /GET \/api\/user: expected a JSON array of \{name: string, current\?: boolean\}; observed 200/,
    },
    // Under an "In development" user/token capability a MUST violation of the v2 API is a deviation; no answer is still an error.
    { part: 'USERS', got: answer(500, '{}'), deviations: { 'LIST-01': 'why' }, status: 'deviation', message: /observed 500/ },
    { part: 'USERS', got: hang, deviations: { 'LIST-01': 'why' }, status: 'error', message: /no complete answer/ },
  ] as const)('$part: $status', ({ part, got, deviations, status, message }) => {
    const p = PARTS[part];
    const exchanges = got instanceof TransportError ? [] : [got.exchange];
    const judged = judgeRead({ deviations: deviations as Record<string, string>, kind: 'energysocket' }, p, got, exchanges);
    expect('failure' in judged).toBe(true);
    if (!('failure' in judged)) return;
    const { check, skips, unreadable, residue } = judged.failure;
    expect(check).toMatchObject({ clause: p.clause, status, exchanges });
    expect(check.message).toMatch(message);
    // The clauses that need what it gives skip; its own clause is judged here.
    const reason = `the run could not read ${p.what} before the suites (see ${p.clause})`;
    expect(skips).toEqual(Object.fromEntries(clauses.filter((c) => p.needs(c) && c.id !== p.clause).map((c) => [c.id, reason])));
    expect(Object.keys(skips).length).toBeGreaterThanOrEqual(part === 'SOCKET' ? 14 : part === 'CLOUD' ? 4 : 5);
    expect(skips[p.clause]).toBeUndefined();
    // Where nothing came back the endpoint is not asked again; an answer that came back can still be judged (VER-08 on a 400).
    expect(unreadable).toEqual(got instanceof TransportError ? { side: p.side, method: 'GET', path: p.path, reason } : undefined);
    expect(residue).toBe(`${p.what} could not be read before the suites (${p.clause}), ${p.consequence}`);
  });
});

test("GET /api with the token: any answer is the suite's to judge; no answer is INFO-01's error, gives the endpoint up, and leaves no residue", () => {
  const got = answer(401, '{"error":"user:unauthorized"}');
  expect(judgeRead({ deviations: {}, kind: 'energysocket' }, DEVICE_INFO, got, [got.exchange])).toEqual({ value: got });
  const lost = new TransportError('EC_TRANSPORT_TIMEOUT', 'GET https://127.0.0.1/api: no complete answer within 10000 ms');
  expect(judgeRead({ deviations: {}, kind: 'energysocket' }, DEVICE_INFO, lost, [])).toEqual({
    failure: {
      check: { clause: 'INFO-01', status: 'error', message: `the run's own read before the suites: ${lost.message}`, exchanges: [] },
      skips: {},
      unreadable: { side: 'v2', method: 'GET', path: '/api', reason: 'the run could not read the device information before the suites (see INFO-01)' },
    },
  });
});
