// What a soak keeps: percentiles per interval and endpoint, errors by kind, connections, and the reboots it
// tells apart (an uptime that restarts; every request failing, then answered). And an hour of samples kept
// as sixty intervals of the same few numbers, nothing raw.
import { describe, expect, test } from 'vitest';
import { type Sample, SoakRecord, percentile } from './record.js';

const A = 'GET /api/v1/data (v1)';
const B = 'GET /api/system (v2)';
const ok = (at: number, ms: number, endpoint = A): Sample => ({ at, endpoint, ms, error: null });

test.for([
  [[], 50, null],
  [[7], 99, 7],
  [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 50, 5],
  [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 90, 9],
  [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 99, 10],
  [Array.from({ length: 200 }, (_, i) => i + 1), 99, 198],
] as const)('percentile of %j at %i: %s (nearest rank)', ([values, p, want]) => {
  expect(percentile(values, p)).toBe(want);
});

test('each interval closes with its own percentiles, errors by kind and connections; an endpoint not asked reads zero', () => {
  const r = new SoakRecord(1000, [A, B]);
  r.connection(10);
  for (let i = 0; i < 10; i++) r.add(ok(i * 50, i + 1));
  r.add({ at: 600, endpoint: A, ms: 5000, error: 'timeout' });
  r.add({ at: 1200, endpoint: A, ms: 3, error: 'bad answer' });
  r.finish(1500);
  expect(r.closed).toEqual([
    {
      from: 0,
      to: 1,
      connections: 1,
      staleS: null,
      stallS: null,
      endpoints: {
        [A]: { requests: 11, p50: 5, p90: 9, p99: 10, max: 10, errors: { refused: 0, reset: 0, timeout: 1, 'bad answer': 0, other: 0 } },
        [B]: { requests: 0, p50: null, p90: null, p99: null, max: null, errors: { refused: 0, reset: 0, timeout: 0, 'bad answer': 0, other: 0 } },
      },
    },
    {
      from: 1,
      to: 1.5,
      connections: 0,
      staleS: null,
      stallS: null,
      endpoints: {
        [A]: { requests: 1, p50: null, p90: null, p99: null, max: null, errors: { refused: 0, reset: 0, timeout: 0, 'bad answer': 1, other: 0 } },
        [B]: expect.objectContaining({ requests: 0 }),
      },
    },
  ]);
});

test('time without requests still closes its intervals', () => {
  const r = new SoakRecord(1000, [A]);
  r.roll(3500);
  expect(r.closed.map((i) => [i.from, i.to])).toEqual([
    [0, 1],
    [1, 2],
    [2, 3],
  ]);
});

describe('reboots', () => {
  test('an uptime behind the time that passed is a restart, placed where the device started again', () => {
    const r = new SoakRecord(10_000, [B]);
    r.add({ ...ok(0, 5, B), uptimeS: 100 });
    r.add({ ...ok(5000, 5, B), uptimeS: 105 });
    r.add({ ...ok(9000, 5, B), uptimeS: 108 });
    r.add({ ...ok(14_000, 5, B), uptimeS: 2 });
    expect(r.reboots).toEqual([{ at: 12, how: 'uptime' }]);
  });

  test('an uptime a second or two behind (rounding, latency) is no restart', () => {
    const r = new SoakRecord(10_000, [B]);
    r.add({ ...ok(0, 5, B), uptimeS: 100 });
    r.add({ ...ok(5900, 5, B), uptimeS: 104 });
    expect(r.reboots).toEqual([]);
  });

  test('without an uptime: every request failing for 2 s or more, then one answered, is an absence', () => {
    const r = new SoakRecord(10_000, [A]);
    r.add(ok(0, 5));
    r.add({ at: 500, endpoint: A, ms: 1, error: 'refused' });
    r.add({ at: 1500, endpoint: A, ms: 1, error: 'reset' });
    r.add({ at: 3000, endpoint: A, ms: 1, error: 'refused' });
    r.add(ok(3500, 5));
    expect(r.reboots).toEqual([{ at: 3.5, how: 'absence', awayS: 3.5 }]);
  });

  test('a failure between answers less than 2 s apart, or a bad answer, is no absence', () => {
    const r = new SoakRecord(10_000, [A]);
    r.add(ok(0, 5));
    r.add({ at: 500, endpoint: A, ms: 1, error: 'timeout' });
    r.add(ok(1500, 5));
    r.add({ at: 2000, endpoint: A, ms: 1, error: 'bad answer' });
    r.add(ok(5000, 5));
    expect(r.reboots).toEqual([]);
  });

  test('where the device tells its uptime, an absence is not counted again', () => {
    const r = new SoakRecord(10_000, [A, B]);
    r.add({ ...ok(0, 5, B), uptimeS: 50 });
    r.add({ at: 500, endpoint: A, ms: 1, error: 'refused' });
    r.add({ at: 4000, endpoint: A, ms: 1, error: 'refused' });
    r.add({ ...ok(6000, 5, B), uptimeS: 1 });
    expect(r.reboots.map((x) => x.how)).toEqual(['uptime']);
  });
});

test('an hour of three integrations polling two endpoints every second is kept as 60 intervals of the same size', () => {
  const r = new SoakRecord(60_000, [A, B]);
  const sizes: number[] = [];
  for (let s = 0; s < 3600; s++) {
    for (let c = 0; c < 3; c++) for (const e of [A, B]) r.add(ok(s * 1000 + c * 333, 5 + ((s * 7 + c) % 40), e));
    if (s % 600 === 599) sizes.push(JSON.stringify(r.closed).length / r.closed.length);
  }
  r.finish(3_600_000);
  expect(r.closed).toHaveLength(60);
  expect(r.soFar().requests).toBe(21_600);
  // Flat: an interval kept at the end of the hour is as large as one kept after ten minutes.
  expect(Math.max(...sizes) / Math.min(...sizes)).toBeLessThan(1.05);
});

test('absences: every request failing for 2 s or more, then answered, or still failing at the end; shorter runs are none', () => {
  const r = new SoakRecord(1000, [A]);
  r.add(ok(0, 1));
  r.add({ at: 500, endpoint: A, ms: 1, error: 'refused' });
  r.add(ok(1900, 1));
  r.add({ at: 2000, endpoint: A, ms: 1, error: 'timeout' });
  r.add(ok(5000, 1));
  r.add({ at: 6000, endpoint: A, ms: 1, error: 'reset' });
  r.finish(9000);
  expect(r.absences).toEqual([
    { from: 1.9, awayS: 3.1, ongoing: false },
    { from: 5, awayS: 4, ongoing: true },
  ]);
});
