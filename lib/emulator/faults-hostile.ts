// Hostile devices: they never answer, trickle, reset, send garbage or far too much. Each must end
// the run in bounded time with `error` or `fail`, never a crash. They act on GET /api/measurement,
// so the device still answers what the run needs to reach it, and the rest can be put back.
import { type EmuRequest, type EmuResponse, json, text } from './exchange.js';
import { V, is } from './fault-helpers.js';
import type { Fault } from './fault-types.js';

const measurement = (req: EmuRequest) => is(req, 'GET', '/api/measurement');
const onMeasurement = (res: () => EmuResponse) => (req: EmuRequest) => (measurement(req) ? res() : undefined);
const TEN_MB = 10 * 1024 * 1024;

export const HOSTILE_FAULTS: readonly Fault[] = [
  { name: 'measurement-never-answers', clause: 'MEAS-01', outcome: 'error', hostile: true, says: 'GET /api/measurement never answers',
    answer: onMeasurement(() => ({ status: 200, headers: {}, delivery: 'hang' })) },
  { name: 'measurement-one-byte-a-second', clause: 'MEAS-01', outcome: 'error', hostile: true, says: 'GET /api/measurement sends its body one byte a second',
    answer: onMeasurement(() => ({ ...json(200, { power_w: 1, energy_import_kwh: 2, note: 'x'.repeat(200) }, V), delivery: 'trickle' })) },
  { name: 'measurement-connection-reset', clause: 'MEAS-01', outcome: 'error', hostile: true, says: 'GET /api/measurement resets the connection',
    answer: onMeasurement(() => ({ status: 200, headers: {}, delivery: 'reset' })) },
  { name: 'measurement-invalid-json', clause: 'MEAS-01', hostile: true, says: 'GET /api/measurement answers 200 with a cut-off JSON body',
    answer: onMeasurement(() => ({ status: 200, headers: { 'content-type': 'application/json', ...V }, body: '{"power_w": 12.5, "energy_' })) },
  { name: 'measurement-ten-megabytes', clause: 'MEAS-01', outcome: 'error', hostile: true, says: 'GET /api/measurement answers a 10 MB body',
    answer: onMeasurement(() => text(200, `{"power_w":1,"pad":"${'x'.repeat(TEN_MB)}"}`, { 'content-type': 'application/json', ...V })) },
  { name: 'content-type-html', clause: 'ERR-02', server: 'both', hostile: true, says: 'every answer says Content-Type: text/html',
    response: (res) => ({ ...res, headers: { ...res.headers, 'content-type': 'text/html' } }) },
  { name: 'server-error-everywhere', clause: 'PAIR-03', server: 'both', hostile: true, says: 'every request answers 500',
    answer: () => json(500, { error: 'request:internal-server-error' }, V) },
];
