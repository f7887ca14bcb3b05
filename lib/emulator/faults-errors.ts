// Faults of error answers and content types (ERR): on every answer, on the user endpoints' refusals; a content type
// wrong on one endpoint is in faults-endpoints.ts.
import { text } from './exchange.js';
import { V, is } from './fault-helpers.js';
import type { FaultRow } from './catch-plan.js';

export const ERRORS_FAULTS: readonly FaultRow[] = [
  {
    name: 'error-plain-text',
    clause: 'ERR-01',
    says: 'v2 401 errors are plain text',
    response: (res) => (res.status === 401 ? text(401, 'Unauthorized', V) : res),
  },
  {
    name: 'json-as-text-plain',
    clause: 'ERR-02',
    says: 'successful JSON answers say Content-Type: text/plain',
    response: (res) => (res.status === 200 ? { ...res, headers: { ...res.headers, 'content-type': 'text/plain' } } : res),
  },
  {
    name: 'refused-name-error-as-text',
    clause: 'ERR-01',
    suites: ['users', 'errors'],
    alone: true,
    says: 'POST /api/user answers a refused name or body with its error code as plain text, not a JSON object',
    response: (res, req) => (is(req, 'POST', '/api/user') && res.status === 400 ? text(400, String((res.body as { error?: unknown }).error), V) : res),
  },
  {
    name: 'delete-of-nobody-error-as-text',
    clause: 'ERR-01',
    suites: ['users', 'errors'],
    alone: true,
    says: 'DELETE /api/user of a name nobody has answers 404 with plain text',
    response: (res, req) => (is(req, 'DELETE', '/api/user') && res.status === 404 ? text(404, 'no such user', V) : res),
  },
];
