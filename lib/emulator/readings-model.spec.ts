// The emulator's meter keeps every relation V-READ holds a device to: for any seed, start and pace of reading, the
// v2 measurement and the v1 data it serves, read side by side as `run` and `soak` read them, pass every judge of the
// readings (a property test: fast-check draws the meters). Issue 48.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { READING_CLAUSES, judgeReadings } from '../judge/device/table.js';
import { whyNotJudged } from '../judge/device/judgment.js';
import type { Reading } from '../judge/device/readings.js';
import { v2Fields } from '../spec/readings.js';
import { KIND_IDS, type KindId } from '../spec/kinds.js';
import { measurementOf } from './measurements.js';
import { Meter } from './meter.js';
import { v1DataOf } from './v1-data.js';

const START = Date.UTC(2026, 10, 28, 6, 59, 0);

/** `count` reads `paceMs` apart from `startS` into the meter's life: v2, v1, v2 within one answer's time each. */
function readMeter(kind: KindId, seed: number, startS: number, paceMs: number, count: number, loadOn: boolean): Reading[] {
  let clock = START + startS * 1000;
  const meter = new Meter(
    kind,
    seed,
    START,
    () => clock,
    () => loadOn,
  );
  const out: Reading[] = [];
  for (let i = 0; i < count; i += 1) {
    for (const [form, body] of [
      ['v2', measurementOf],
      ['v1', v1DataOf],
      ['v2', measurementOf],
    ] as const) {
      clock += 40;
      const fields = v2Fields(body(kind, meter.read()));
      if (Object.keys(fields).length) out.push({ at: clock, form, fields });
    }
    clock += paceMs - 120;
  }
  return out;
}

describe.for(KIND_IDS.filter((k) => k !== 'display'))('the emulated %s', (kind) => {
  test('keeps every relation between its readings, whatever the seed, the start and the pace of reading', () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 0, max: 900 }), fc.integer({ min: 200, max: 12_000 }), fc.boolean(), (seed, startS, paceMs, loadOn) => {
        const series = readMeter(kind, seed, startS, paceMs, 25, loadOn);
        const broken = READING_CLAUSES.map((id) => [id, judgeReadings(id, series, { kind })] as const).filter(([, j]) => !j.held);
        expect(broken).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
});

test("the P1 meter's registers are judged by what flowed: at its load, V-READ-06 judges 25 s of readings", () => {
  const judged = [1, 2, 3, 4, 5].filter(
    (seed) => whyNotJudged(judgeReadings('V-READ-06', readMeter('p1dongle', seed, 0, 1000, 25, true), { kind: 'p1dongle' })) === undefined,
  );
  expect(judged.length).toBeGreaterThan(2);
});
