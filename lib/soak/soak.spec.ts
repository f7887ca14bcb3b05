// Soaks of a few seconds against the emulator: the clean device passes every threshold and spot check; each
// field fault is seen where a person looks for it: the leak as resets and connections that climb, the
// reboots as uptime restarts (or absences, where no uptime is told), the creep as a p99 over its bound, each
// in the verdict and on the plots of report.html.
import { describe, expect, test } from 'vitest';
import { ERROR_KINDS, type SoakInterval, summed } from '../report/soak-facts.js';
import { resultsSchema } from '../report/results-schema.js';
import { soakEmulated } from '../testing/soak-device.js';
import { DEFAULT_THRESHOLDS } from './thresholds.js';

const statusOf = (r: { checks: { clause: string; status: string }[] }) => Object.fromEntries(r.checks.map((c) => [c.clause, c.status]));
const errors = (i: SoakInterval) => Object.values(i.endpoints).reduce((n, e) => n + ERROR_KINDS.reduce((m, k) => m + e.errors[k], 0), 0);

describe.concurrent('soak', { timeout: 60_000 }, () => {
  // A meter that draws some kilowatts from the start (seed 5): in 12 s its registers are judged by what flowed.
  const LOADED = { seed: 5 };
  const READINGS = Object.fromEntries(['V-READ-01', 'V-READ-02', 'V-READ-03', 'V-READ-04', 'V-READ-05', 'V-READ-06', 'V-READ-07'].map((id) => [id, 'pass']));

  test('a clean P1 meter: every threshold, spot check and relation between its readings holds, exit 0, the series in results.json', async () => {
    const { results, exitCode, html } = await soakEmulated('p1dongle', {}, {}, {}, LOADED);
    expect(
      statusOf(results),
      JSON.stringify(
        results.checks.filter((c) => c.status !== 'pass'),
        null,
        1,
      ),
    ).toEqual({
      'SOAK-01': 'pass',
      'SOAK-02': 'pass',
      'SOAK-03': 'pass',
      'SOAK-04': 'pass',
      'SOAK-05': 'pass',
      'INFO-01': 'pass',
      'INFO-02': 'pass',
      'VER-02': 'pass',
      'AUTH-01': 'pass',
      'MEAS-01': 'pass',
      'CLOUD-01': 'pass',
      ...READINGS,
    });
    expect(exitCode).toBe(0);
    const soak = results.soak!;
    expect(soak.endpoints).toEqual(['GET /api/v1/data (v1)', 'GET /api/measurement (v2)', 'GET /api/system (v2)', 'GET /api/batteries (v2)']);
    // Freshness by the v2 timestamp and by the v1 voltages; one WebSocket integration, its socket opened once, hearing about a push a second.
    expect(soak.freshness!.signals).toEqual({ 'GET /api/v1/data (v1)': 'values', 'GET /api/measurement (v2)': 'timestamp' });
    expect(soak.streams).toMatchObject({ clients: 1, opened: 1 });
    expect(soak.streams!.messages).toBeGreaterThanOrEqual(6);
    expect(soak.availability).toEqual({ absences: [], longestS: 0, perHour: 0 });
    expect(soak.intervals.length).toBeGreaterThanOrEqual(12);
    // Polled throughout: the measurements asked for in both halves of the soak (how often depends on the machine: a
    // busy CI machine once left two whole intervals without a request).
    const asked = (from: number, to: number) =>
      soak.intervals.slice(from, to).reduce((n, i) => n + (i.endpoints['GET /api/measurement (v2)']?.requests ?? 0), 0);
    const half = Math.floor(soak.intervals.length / 2);
    expect([asked(0, half) > 0, asked(half, soak.intervals.length) > 0]).toEqual([true, true]);
    expect(soak.totals.requests).toBe(summed(soak.intervals.flatMap((i) => Object.values(i.endpoints))).requests);
    // Connections kept alive: one a side per integration, and the spot checks' own.
    expect(soak.totals.connections).toBeLessThanOrEqual(3 * 2);
    expect(soak.spotChecks).toBe(3);
    expect(resultsSchema.safeParse(JSON.parse(JSON.stringify(results))).success).toBe(true);
    expect(html).toContain('<h2>Soak</h2>');
    expect(html).toMatch(/<polyline [^>]*><title>GET \/api\/measurement \(v2\)<\/title>/);
    expect(html).toContain('<h3>Freshness (the longest a reading stood still, per interval)</h3>');
    expect(html).toContain('<h3>Push streams (the longest silence of an open WebSocket, per interval)</h3>');
  });

  test("a P1 meter whose import and export registers are swapped: V-READ-06 fails over the soak's readings, saying what flowed", async () => {
    const { results, exitCode } = await soakEmulated('p1dongle', {}, { wsClients: 0 }, {}, { ...LOADED, faults: ['registers-swapped'] });
    // Once on a busy machine this exited 0: what V-READ-06 said then is in the message.
    expect(
      exitCode,
      JSON.stringify(results.checks.filter((c) => c.clause.startsWith('V-READ') || c.status !== 'pass').map((c) => [c.clause, c.status, c.message])),
    ).toBe(1);
    const failed = results.checks.filter((c) => c.status === 'fail');
    expect(failed.map((c) => c.clause)).toEqual(['V-READ-06']);
    expect(failed[0]!.message).toMatch(
      /^failed in \d+ of \d+ stretches of the soak's \d+ readings, the first from \d+ to \d+ s into the soak: expected energy_import_kwh to grow/,
    );
  });

  test("--kind energysocket given for a P1 meter: the operator's mistake is named before anything is polled", async () => {
    await expect(soakEmulated('p1dongle', {}, {}, { kind: 'energysocket' })).rejects.toThrow(
      /--kind energysocket was given, but the device at 127\.0\.0\.1 says it is a P1 meter \(p1dongle\)/,
    );
  });

  test('slots that leak: resets that climb and connections opened again and again, SOAK-01 fails, the errors on the plot', async () => {
    // A slot every 5th connection: the 8 slots last some 6 s of the 12 (every 2nd lasted 2 s, and the errors climbed no
    // more after); the polls alone, a WebSocket's reconnections would take them sooner.
    const { results, html } = await soakEmulated('p1dongle', { 'slot-leak': 5 }, { wsClients: 0 });
    expect(html).toMatch(/<rect [^>]*><title>(reset|refused|other): \d+ in /);
    const s = results.soak!;
    expect(statusOf(results)['SOAK-01']).toBe('fail');
    expect(s.totals.errors.reset + s.totals.errors.refused + s.totals.errors.other).toBeGreaterThan(0);
    expect(s.totals.connections).toBeGreaterThan(3 * 2);
    const half = Math.floor(s.intervals.length / 2);
    expect(s.intervals.slice(half).reduce((n, i) => n + errors(i), 0)).toBeGreaterThan(s.intervals.slice(0, half).reduce((n, i) => n + errors(i), 0));
  });

  test('a P1 meter that reboots every 6 s: SOAK-02 fails with uptime restarts, marked on the plots', async () => {
    const { results, html } = await soakEmulated('p1dongle', { 'reboot-every': 6 });
    const s = results.soak!;
    expect(statusOf(results)['SOAK-02']).toBe('fail');
    expect(s.reboots.length).toBeGreaterThanOrEqual(1);
    expect(s.reboots.every((r) => r.how === 'uptime')).toBe(true);
    expect(html).toContain('<title>reboot at ');
    expect(results.checks.find((c) => c.clause === 'SOAK-02')!.message).toMatch(/^\d+ reboots?: at 00:00:\d\d \(uptime_s restarted\)/);
  });

  test('an energy socket that reboots every 6 s (no uptime to read): seen as absences, SOAK-02 fails', async () => {
    const { results } = await soakEmulated('energysocket', { 'reboot-every': 6 });
    expect(statusOf(results)['SOAK-02']).toBe('fail');
    expect(results.soak!.reboots[0]).toMatchObject({ how: 'absence', awayS: expect.any(Number) });
  });

  test('latency that creeps 200 ms a second: SOAK-03 fails, the p99 of the last intervals well above the first ones', async () => {
    const { results, html } = await soakEmulated(
      'p1dongle',
      { 'latency-creep': 12_000 },
      { thresholds: { maxErrorPercent: 0.1, maxReboots: 0, maxP99Ms: 1500 } },
    );
    const s = results.soak!;
    expect(statusOf(results)['SOAK-03']).toBe('fail');
    const answered = s.intervals.map((i) => i.endpoints['GET /api/v1/data (v1)']!.p99).filter((v) => v !== null);
    const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
    // The creep adds about 2 s over the 12 s; a clean device's p99 stays within a few ms. Half a second of rise is
    // the creep's on any machine: on two busy cores the series rose 640 and 750 ms, where 800 was asked before.
    expect(median(answered.slice(-3))).toBeGreaterThan(median(answered.slice(0, 3)) + 500);
    expect(html).toMatch(/<line [^>]*stroke="#c62828"><title>--max-p99 1500 ms<\/title>/);
  });

  test('frozen data (the meter stops after 3 s, the answers stay 200): SOAK-04 fails with the standstill, and nothing else does', async () => {
    const { results, html } = await soakEmulated('p1dongle', { 'frozen-data': 3 });
    const st = statusOf(results);
    expect([st['SOAK-04'], st['SOAK-01'], st['SOAK-02']]).toEqual(['fail', 'pass', 'pass']);
    expect(results.checks.find((c) => c.clause === 'SOAK-04')!.message).toMatch(
      /^GET \/api\/(measurement \(v2\)|v1\/data \(v1\)) answered the same reading for \d+(\.\d)? s, from 00:00:0\d to 00:00:1\d/,
    );
    expect(Math.max(...results.soak!.intervals.map((i) => i.staleS ?? 0))).toBeGreaterThan(5);
    expect(html).toMatch(/<line [^>]*stroke="#c62828"><title>--max-stale 5 s<\/title>/);
  });

  test('a WebSocket that stalls after 3 s (pings still answered, the socket open): SOAK-05 fails, the silence still under way at the end', async () => {
    const { results } = await soakEmulated('p1dongle', { 'ws-stall': 3 });
    const st = statusOf(results);
    expect([st['SOAK-05'], st['SOAK-04'], st['SOAK-01']]).toEqual(['fail', 'pass', 'pass']);
    expect(results.checks.find((c) => c.clause === 'SOAK-05')!.message).toMatch(
      /^WebSocket integration 1 heard nothing for \d+(\.\d)? s on an open socket, from 00:00:\d\d to the end of the soak, still open/,
    );
  });

  test('a WebSocket silent from its open (not even the request for the token): SOAK-05 fails all the same', async () => {
    const { results } = await soakEmulated('p1dongle', { 'ws-stall': 0.1 });
    expect(statusOf(results)['SOAK-05']).toBe('fail');
    expect(results.soak!.streams).toMatchObject({ opened: 1, messages: 0 });
  });

  test('a P1 meter that roams every 4 s (away 2–5 s, no reboot): SOAK-01 fails with the errors, SOAK-02 holds, the absences counted', async () => {
    const { results, html } = await soakEmulated('p1dongle', { 'roam-blip': 4 });
    const st = statusOf(results);
    expect([st['SOAK-01'], st['SOAK-02']]).toEqual(['fail', 'pass']);
    const a = results.soak!.availability!;
    expect(a.absences.length).toBeGreaterThanOrEqual(1);
    expect(a.longestS).toBeGreaterThanOrEqual(2);
    expect(html).toMatch(/Away \d+ times? \([\d.]+ an hour\), the longest [\d.]+ s/);
  });

  test('a P1 meter stuck from 4 s on: SOAK-01 fails, the absence still under way at the end, the spot checks that could not reach it counted', async () => {
    const { results } = await soakEmulated('p1dongle', { 'stuck-after': 4 });
    expect(statusOf(results)['SOAK-01']).toBe('fail');
    const a = results.soak!.availability!;
    expect(a.absences.at(-1)).toMatchObject({ ongoing: true });
    expect(a.absences.at(-1)!.awayS).toBeGreaterThan(5);
    expect(results.checks.find((c) => c.clause === 'INFO-01')!.observed).toMatch(/did not reach the device/);
  });

  test('a group of four batteries: the integrations poll GET /api/batteries and every answer is the group of four', async () => {
    const { results } = await soakEmulated('p1dongle', {}, {}, {}, { batteryCount: 4 });
    const batteries = results.soak!.intervals.map((i) => i.endpoints['GET /api/batteries (v2)']!);
    expect(batteries.reduce((n, e) => n + e.requests, 0)).toBeGreaterThan(0);
    expect(statusOf(results)['SOAK-01']).toBe('pass');
  });

  test('a watermeter: SOAK-04 is not judged, and says why; SOAK-05 neither, where no WebSocket is served to the token', async () => {
    const { results } = await soakEmulated('watermeter', {}, { thresholds: { ...DEFAULT_THRESHOLDS, maxP99Ms: 5000 } });
    const four = results.checks.find((c) => c.clause === 'SOAK-04')!;
    expect([four.status, four.message]).toEqual(['skip', 'not judged: the Watermeter: its values stand still while no water flows, and it tells no timestamp']);
    expect(results.checks.find((c) => c.clause === 'SOAK-05')!.status).toBe('skip');
  });
});
