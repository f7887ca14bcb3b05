import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { resultsJsonSchema, resultsSchema } from './results-schema.js';

test('schemas/results.schema.json is the one made from the zod type (`npm run schema` writes it)', async () => {
  expect(await readFile(path.join(PACKAGE_ROOT, 'schemas', 'results.schema.json'), 'utf8')).toBe(resultsJsonSchema());
});

test('the zod type refuses what results.json never holds: an unknown status, a missing key, a key of its own', () => {
  const check = { clause: 'INFO-01', level: 'MUST', title: 't', status: 'pass', message: '', durationMs: 1, area: 'info', exchanges: [] };
  const doc = {
    tool: { name: 'energy-conform', version: '0.1.0' },
    target: { host: 'h', kind: 'p1dongle', product_type: null, serial: null, firmware_version: null, api_version: null, certificate_sha256: null },
    started: '',
    finished: '',
    durationMs: 1,
    verdict: 'pass',
    summary: { pass: 1, fail: 0, deviation: 0, warn: 0, skip: 0, observation: 0, error: 0 },
    presses: { count: 0, asked: 0, backend: null },
    requests: 1,
    connections: 1,
    socket: null,
    residue: [],
    notes: [],
    checks: [check],
    strict: false,
    options: {},
  };
  expect(resultsSchema.safeParse(doc).success).toBe(true);
  expect(resultsSchema.safeParse({ ...doc, checks: [{ ...check, status: 'passed' }] }).success).toBe(false);
  expect(resultsSchema.safeParse({ ...doc, verdict: undefined }).success).toBe(false);
  expect(resultsSchema.safeParse({ ...doc, extra: 1 }).success).toBe(false);
});
