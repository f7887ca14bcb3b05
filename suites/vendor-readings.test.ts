// The vendor profile: what a meter's readings can be (V-READ). One check reads the meter in every form the run can
// (v2's measurement with the token, v1's data) once a second, each v1 read between two v2 reads, until the power has
// said enough for the registers to be judged by what flowed, and judges every relation on that one series.
import { setTimeout as sleep } from 'node:timers/promises';
import { clauseTest, type CheckContext } from '../lib/harness/clause-test.js';
import { expectJudged } from '../lib/harness/clause-failure.js';
import { READING_CLAUSES, judgeReadings, readingsIn } from '../lib/judge/device/table.js';
import { STEPS_TO_JUDGE, judgeable, tallies } from '../lib/judge/device/readings-time.js';
import { whyNotJudged } from '../lib/judge/device/judgment.js';
import type { Reading } from '../lib/judge/device/readings.js';
import { KINDS } from '../lib/spec/kinds.js';
import { vendorGateHolds } from '../lib/spec/vendor-kinds.js';

const PACE_MS = 1000;
/** Reads enough for a series over time (V-READ-05, -07) where the flow needs no waiting for. */
const LEAST_READS = 3;
/** The longest the check waits for the power to say enough (V-READ-06); `soak` judges a slower meter over its hours. */
const MOST_MS = 12_000;

const OTHERS = READING_CLAUSES.filter((id) => id !== 'V-READ-01');

/** What the run can read of the meter: v2's measurement (with the token, where the kind documents it) and v1's data. */
function formsOf({ run }: CheckContext): { side: 'v1' | 'v2'; path: string }[] {
  const v2 = vendorGateHolds('v-measurement', run.kind) && run.token !== null && run.usable.v2;
  return [...(v2 ? [{ side: 'v2' as const, path: '/api/measurement' }] : []), ...(KINDS[run.kind].v1 ? [{ side: 'v1' as const, path: '/api/v1/data' }] : [])];
}

/** Whether reading on can still decide V-READ-06 within MOST_MS: the best flow so far, at its pace, reaches its threshold. */
function mayStillJudgeFlow(series: readonly Reading[], elapsedMs: number): boolean {
  const best = Math.max(0, ...tallies(series).map((t) => (t.resolution > 0 ? t.implied / t.resolution : 0)));
  return elapsedMs < 4000 || best * (MOST_MS / elapsedMs) >= STEPS_TO_JUDGE;
}

/** The series: each form once a second (v2 then v1) until V-READ-06 can be judged, or cannot be by MOST_MS; a last v2 read closes it. */
async function readMeter(ctx: CheckContext): Promise<Reading[]> {
  const forms = formsOf(ctx);
  if (!forms.length)
    ctx.skip(ctx.run.token === null ? `no token, and the ${KINDS[ctx.run.kind].name} serves no v1 data` : 'no form of the readings the run can read');
  const read = (f: (typeof forms)[number]) => ctx.device[f.side].get(f.path, f.side === 'v2' ? { token: ctx.token } : {});
  const wantsFlow = !ctx.run.skips['V-READ-06'];
  const started = Date.now();
  for (let reads = 1; ; reads += 1) {
    for (const f of forms) await read(f);
    const series = readingsIn(ctx.device.log.records);
    const elapsed = Date.now() - started;
    const flowDecided = !wantsFlow || whyNotJudged(judgeReadings('V-READ-06', series, { kind: ctx.run.kind })) === undefined;
    if (reads >= LEAST_READS && (flowDecided || elapsed >= MOST_MS || !mayStillJudgeFlow(series, elapsed))) break;
    await sleep(PACE_MS);
  }
  if (forms.length === 2) await read(forms[0]!);
  return readingsIn(ctx.device.log.records);
}

clauseTest(
  'V-READ-01',
  async (ctx) => {
    const series = await readMeter(ctx);
    const read = ctx.device.log.records.slice();
    ctx.observe({
      readings: series.length,
      forms: [...new Set(series.map((r) => r.form))],
      seconds: series.length ? (series.at(-1)!.at - series[0]!.at) / 1000 : 0,
      flowed: tallies(series)
        .filter(judgeable)
        .map((t) => `${t.flow.register} (${t.form})`),
    });
    for (const id of OTHERS) await ctx.also(id, () => expectJudged(judgeReadings(id, series, { kind: ctx.run.kind })), read);
    expectJudged(judgeReadings('V-READ-01', series, { kind: ctx.run.kind }));
  },
  { also: OTHERS, errorsWith: OTHERS, timeoutMs: MOST_MS + 30_000 },
);
