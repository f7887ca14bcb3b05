// Running one row of the socket tables: put the socket in the row's start state, send the row's
// PUT, read the state back, and judge it against the model. SOCK-02 is judged after every read.
// The rows run as a tour (lib/spec/socket-tour.ts): a row that follows the one that read the state
// starts from that read instead of asking again.
import { describeExchange, exchangesLogged } from '../../lib/client/exchange-log.js';
import type { DeviceResponse } from '../../lib/client/device-client.js';
import { STATE_PATH, readSocket, sameSocket, steerSocket } from '../../lib/client/socket.js';
import { bodyAs } from '../../lib/client/parse-body.js';
import { PreconditionError, describeResponse, expectThat, safeBody } from '../../lib/harness/clause-failure.js';
import { socketStatePartial } from '../../lib/spec/schemas.js';
import type { CheckContext } from '../../lib/harness/clause-test.js';
import { type SocketRow, brightnessEdgeRows, matrixRows, outOfRangeRows, permutationRows, wrongTypeRows } from '../../lib/spec/socket-matrix.js';
import { type SocketPut, type SocketState, describeSocket, isConsistent, socketOutcome } from '../../lib/spec/socket-model.js';
import { chainTours, startFor } from '../../lib/spec/socket-tour.js';
import { afterPut } from '../../lib/judge/device/socket.js';

/**
 * The area's tables in the order they run (lib/spec/run-order.ts), planned as one tour from a socket
 * found on and unlocked, as the emulator and most sockets are; from any other state it costs one steering.
 */
export const [MATRIX_TOUR, ORDERS_TOUR, OUT_OF_RANGE_TOUR, WRONG_TYPE_TOUR] = chainTours(
  [[...matrixRows(), ...brightnessEdgeRows()], permutationRows(), outOfRangeRows(), wrongTypeRows()],
  { power_on: true, switch_lock: false, brightness: 255 },
) as [SocketRow[], SocketRow[], SocketRow[], SocketRow[]];

/** Clauses a row judges besides its own. */
export const ROW_ALSO = ['SOCK-02', 'SOCK-03', 'SOCK-09', 'SOCK-14'] as const;

const inRange = (b: unknown) => typeof b === 'number' && b >= 0 && b <= 255;

async function judgeInvariant(ctx: CheckContext, state: SocketState | null, res: DeviceResponse): Promise<void> {
  if (state === null) return;
  await ctx.also('SOCK-02', () => expectThat(isConsistent(state), 'never power_on false together with switch_lock true', describeResponse(res), res));
}

type Read = { res: DeviceResponse; state: SocketState | null };

/** GET /api/v1/state, with SOCK-02 judged on what it read. */
async function readState(ctx: CheckContext): Promise<Read> {
  const read = await readSocket(ctx.device);
  await judgeInvariant(ctx, read.state, read.res);
  return read;
}

/** The state the last row read back, and `exchangesLogged()` just after: a row asked for nothing since starts from it. */
let lastRead: { at: number; state: SocketState } | undefined;

/** Puts the socket in the row's start state (its power and lock, a brightness that lets the request show) and returns that state. */
async function startAt(ctx: CheckContext, row: SocketRow): Promise<SocketState> {
  let now = lastRead?.at === exchangesLogged() ? lastRead.state : undefined;
  if (now === undefined) {
    const read = await readState(ctx);
    if (read.state === null) {
      throw new PreconditionError(`GET ${STATE_PATH} did not answer a socket state (see SOCK-01): ${describeResponse(read.res)}`);
    }
    now = read.state;
  }
  const from = startFor(row, now);
  if (sameSocket(now, from)) return from;
  const { reached, answers, sent } = await steerSocket(ctx.device, now, from);
  await judgeInvariant(ctx, reached, answers.at(-1)!);
  if (!sameSocket(reached, from)) {
    // PUTs that did not take may say why in their answers: SOCK-03 judges them (a device that answers every PUT 500).
    await ctx.also('SOCK-03', () => sent.forEach((body, i) => expectEcho(answers[i]!, body)));
    throw new PreconditionError(`could not put the socket in the start state ${describeSocket(from)}; the requests were:\n`
      + answers.map((a) => `  ${describeExchange(a.exchange)}`).join('\n'));
  }
  return from;
}

/** The row's PUT and the read after it, which the next row may start from. */
async function putAndRead(ctx: CheckContext, row: SocketRow): Promise<{ res: DeviceResponse; after: Read }> {
  const res = await ctx.device.v1.put(STATE_PATH, { body: row.put });
  const after = await readState(ctx);
  lastRead = after.state ? { at: exchangesLogged(), state: after.state } : undefined;
  return { res, after };
}

/** SOCK-03: exactly the submitted fields with their submitted values. */
function expectEcho(res: DeviceResponse, put: Record<string, unknown>): void {
  const echo = bodyAs(res, socketStatePartial);
  const ok = res.status === 200 && echo !== undefined && Object.keys(echo).length === Object.keys(put).length
    && Object.entries(put).every(([k, v]) => Object.hasOwn(echo, k) && echo[k] === v);
  expectThat(ok, `200 with exactly ${JSON.stringify(put)}`, describeResponse(res), res);
}

/** Power and lock as `want`, the brightness too unless `brightness` is false; the evidence is the row's PUT and this read. */
function expectStateRead(put: DeviceResponse, read: Read, want: SocketState, what: string, brightness = true): void {
  const s = read.state;
  const ok = s !== null && s.power_on === want.power_on && s.switch_lock === want.switch_lock && (!brightness || s.brightness === want.brightness);
  expectThat(ok, `${what}: ${describeSocket(want, brightness)}`, s ? describeSocket(s) : describeResponse(read.res), [put, read.res]);
}

/** A row of the transition tables (matrix, field orders, brightness edges, out-of-range). */
export async function transitionRow(row: SocketRow, ctx: CheckContext): Promise<void> {
  const from = await startAt(ctx, row);
  const { res, after } = await putAndRead(ctx, row);
  const answer = { status: res.status, body: safeBody(res) };
  const { outcome } = row;
  if (outcome.kind === 'state') {
    // The model again from the start brightness the row had; the row's own clause stays (SOCK-11's orders).
    const { state } = socketOutcome(from, row.put as SocketPut) as { state: SocketState };
    await ctx.also('SOCK-03', () => expectEcho(res, row.put));
    // A combined request's brightness is SOCK-09's to judge; its power and lock are the row's (afterPut, as the explorer judges it).
    const combined = typeof row.put.brightness === 'number' && row.clause !== 'SOCK-09';
    const what = `the state read back after the PUT from ${describeSocket(from)}`;
    if (after.state === null) return expectStateRead(res, after, state, what, !combined);
    const wrong = afterPut(from, row.put as SocketPut, after.state);
    const stored = wrong.find((w) => w.clause === 'SOCK-09');
    if (combined) await ctx.also('SOCK-09', () => expectThat(!stored, stored?.expected ?? '', stored?.observed ?? '', [res, after.res]));
    const own = wrong.find((w) => !combined || w.clause !== 'SOCK-09');
    expectThat(!own, `${what}: ${own?.expected}`, own?.observed ?? '', [res, after.res]);
  } else if (outcome.kind === 'in-range') {
    await ctx.also('SOCK-14', () => answer);
    await ctx.also('SOCK-17', () => expectThat(res.status >= 400 && res.status <= 499 && sameSocket(after.state, from),
      `refused with a 4xx and the state unchanged (${describeSocket(from)})`,
      `${describeResponse(res)}; then ${after.state ? describeSocket(after.state) : describeResponse(after.res)}`, [res, after.res]));
    const s = after.state;
    expectThat(s !== null && s.power_on === from.power_on && s.switch_lock === from.switch_lock && inRange(s.brightness),
      `power and lock unchanged (${describeSocket(from, false)}), brightness from 0 to 255`, s ? describeSocket(s) : describeResponse(after.res), [res, after.res]);
  } else if (outcome.kind === 'unchanged') {
    await ctx.also('SOCK-14', () => (outcome.brightnessOpen ? { ...answer, brightnessAfter: after.state?.brightness } : answer));
    expectStateRead(res, after, from, outcome.brightnessOpen ? 'power and lock unchanged' : 'the state unchanged', !outcome.brightnessOpen);
  } else {
    ctx.observe({ answer, state: after.state ?? describeResponse(after.res) });
  }
}

/** SOCK-15: whatever the device made of a wrong type, the state it reads is valid. */
export async function wrongTypeRow(row: SocketRow, ctx: CheckContext): Promise<void> {
  await startAt(ctx, row);
  const { res, after } = await putAndRead(ctx, row);
  await ctx.also('SOCK-14', () => ({ status: res.status, body: safeBody(res) }));
  const s = after.state;
  expectThat(s !== null && inRange(s.brightness),
    'a valid state: booleans power_on and switch_lock, brightness a number from 0 to 255', describeResponse(after.res), [res, after.res]);
}
