// Soaks of a few seconds against the emulator: the clean device passes every threshold and spot check; each
// field fault is seen where a person looks for it: the leak as resets and connections that climb, the
// reboots as uptime restarts (or absences, where no uptime is told), the creep as a p99 over its bound, each
// in the verdict and on the plots of report.html.
import { describe, expect, test } from 'vitest';
import { ERROR_KINDS, type SoakInterval } from '../report/soak-facts.js';
import { resultsSchema } from '../report/results-schema.js';
import { soakEmulated } from '../testing/soak-device.js';

const statusOf = (r: { checks: { clause: string; status: string }[] }) => Object.fromEntries(r.checks.map((c) => [c.clause, c.status]));
const errors = (i: SoakInterval) => Object.values(i.endpoints).reduce((n, e) => n + ERROR_KINDS.reduce((m, k) => m + e.errors[k], 0), 0);

describe.concurrent('soak', { timeout: 60_000 }, () => {
  test('a clean P1 meter: every threshold and spot check holds, exit 0, the series in results.json', async () => {
    const { results, exitCode, html } = await soakEmulated('p1dongle', {});
    expect(statusOf(results), JSON.stringify(results.checks.filter((c) => c.status !== 'pass'), null, 1)).toEqual({
      'SOAK-01': 'pass', 'SOAK-02': 'pass', 'SOAK-03': 'pass',
      'INFO-01': 'pass', 'INFO-02': 'pass', 'VER-02': 'pass', 'AUTH-01': 'pass', 'MEAS-01': 'pass', 'CLOUD-01': 'pass' });
    expect(exitCode).toBe(0);
    const soak = results.soak!;
    expect(soak.endpoints).toEqual(['GET /api/v1/data (v1)', 'GET /api/measurement (v2)', 'GET /api/system (v2)']);
    expect(soak.intervals.length).toBeGreaterThanOrEqual(12);
    expect(soak.totals.requests).toBeGreaterThan(100);
    // Connections kept alive: one a side per integration, and the spot checks' own.
    expect(soak.totals.connections).toBeLessThanOrEqual(3 * 2);
    expect(soak.spotChecks).toBe(3);
    expect(resultsSchema.safeParse(JSON.parse(JSON.stringify(results))).success).toBe(true);
    expect(html).toContain('<h2>Soak</h2>');
    expect(html).toMatch(/<polyline [^>]*><title>GET \/api\/measurement \(v2\)<\/title>/);
  });

  test('slots that leak: resets that climb and connections opened again and again, SOAK-01 fails', async () => {
    const { results } = await soakEmulated('p1dongle', { 'slot-leak': 2 });
    const s = results.soak!;
    expect(statusOf(results)['SOAK-01']).toBe('fail');
    expect(s.totals.errors.reset + s.totals.errors.refused + s.totals.errors.other).toBeGreaterThan(0);
    expect(s.totals.connections).toBeGreaterThan(3 * 2);
    const half = Math.floor(s.intervals.length / 2);
    expect(s.intervals.slice(half).reduce((n, i) => n + errors(i), 0)).toBeGreaterThan(s.intervals.slice(0, half).reduce((n, i) => n + errors(i), 0));
  });

  test('a P1 meter that reboots every 5 s: SOAK-02 fails with uptime restarts, marked on the plots', async () => {
    const { results, html } = await soakEmulated('p1dongle', { 'reboot-every': 5 });
    const s = results.soak!;
    expect(statusOf(results)['SOAK-02']).toBe('fail');
    expect(s.reboots.length).toBeGreaterThanOrEqual(1);
    expect(s.reboots.every((r) => r.how === 'uptime')).toBe(true);
    expect(html).toContain('<title>reboot at ');
    expect(results.checks.find((c) => c.clause === 'SOAK-02')!.message).toMatch(/^\d+ reboots?: at 00:00:\d\d \(uptime_s restarted\)/);
  });

  test('an energy socket that reboots (no uptime to read): seen as absences, SOAK-02 fails', async () => {
    const { results } = await soakEmulated('energysocket', { 'reboot-every': 5 });
    expect(statusOf(results)['SOAK-02']).toBe('fail');
    expect(results.soak!.reboots[0]).toMatchObject({ how: 'absence', awayS: expect.any(Number) });
  });

  test('latency that creeps: SOAK-03 fails on a later interval, the p99 climbing', async () => {
    const { results } = await soakEmulated('p1dongle', { 'latency-creep': 3000 }, { thresholds: { maxErrorPercent: 0.1, maxReboots: 0, maxP99Ms: 300 } });
    const s = results.soak!;
    expect(statusOf(results)['SOAK-03']).toBe('fail');
    const p99 = s.intervals.map((i) => i.endpoints['GET /api/v1/data (v1)']!.p99 ?? 0);
    expect(p99.at(-2)!).toBeGreaterThan(p99[0]! + 200);
    expect(results.checks.find((c) => c.clause === 'SOAK-03')!.message).not.toMatch(/at 00:00:00–/);
  });
});
