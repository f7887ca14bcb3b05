// Running one row of the socket tables: put the socket in the row's start state, send the row's
// PUT, read the state back, and judge it against the model. SOCK-02 is judged after every read.
// The rows run as a tour (lib/spec/socket-tour.ts): a row that follows the one that read the state
// starts from that read instead of asking again.
import { describeExchange, exchangesLogged } from '../../lib/client/exchange-log.js';
import { runScoped } from '../../lib/client/run-scope.js';
import type { DeviceResponse } from '../../lib/client/device-client.js';
import { STATE_PATH, readSocket, sameSocket, steerSocket } from '../../lib/client/socket-state.js';
import { PreconditionError, describeResponse, expectHeld, safeBody } from '../../lib/harness/clause-failure.js';
import type { CheckContext } from '../../lib/harness/clause-test.js';
import type { ClauseId } from '../../lib/spec/clause-types.js';
import { type SocketRow, brightnessEdgeRows, matrixRows, outOfRangeRows, permutationRows, wrongTypeRows } from '../../lib/spec/socket-matrix.js';
import { type SocketState, brightnessApart, describeSocket } from '../../lib/spec/socket-model.js';
import { chainTours, startFor } from '../../lib/spec/socket-tour.js';
import type { Judgment } from '../../lib/judge/device/judgment.js';
import type { RowOccasion } from '../../lib/judge/device/socket.js';
import { isOccasionClause } from '../../lib/judge/device/table.js';
import { judgeOn } from '../../lib/harness/judged.js';

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

async function judgeInvariant(ctx: CheckContext, state: SocketState | null, res: DeviceResponse): Promise<void> {
  if (state === null) return;
  await ctx.also('SOCK-02', () => expectHeld(judgeOn('SOCK-02', res)));
}

/** The table's judge of `clause` (lib/judge/device/socket.ts socketRow) for a row. */
function expectRow(clause: ClauseId, read: DeviceResponse, o: RowOccasion): void {
  if (!isOccasionClause(clause)) throw new Error(`${clause} is not a clause of the socket tables`);
  expectHeld((judgeOn as (id: ClauseId, r: DeviceResponse, o: RowOccasion) => Judgment)(clause, read, o));
}

type Read = { res: DeviceResponse; state: SocketState | null };

/** GET /api/v1/state, with SOCK-02 judged on what it read. */
async function readState(ctx: CheckContext): Promise<Read> {
  const read = await readSocket(ctx.device);
  await judgeInvariant(ctx, read.state, read.res);
  return read;
}

/** The state the last row read back, and `exchangesLogged()` just after: a row asked for nothing since starts from it. */
const last = runScoped((): { read?: { at: number; state: SocketState } } => ({}));

/** Puts the socket in the row's start state (its power and lock, a brightness that lets the request show) and returns that state. */
async function startAt(ctx: CheckContext, row: SocketRow): Promise<SocketState> {
  const lastRead = last().read;
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
    await ctx.also('SOCK-03', () => {
      for (const [i, put] of sent.entries()) expectHeld(judgeOn('SOCK-03', answers[i]!, { put }));
    });
    throw new PreconditionError(
      `could not put the socket in the start state ${describeSocket(from)}; the requests were:\n` +
        answers.map((a) => `  ${describeExchange(a.exchange)}`).join('\n'),
    );
  }
  return from;
}

/** The row's PUT and the read after it, which the next row may start from. */
async function putAndRead(ctx: CheckContext, row: SocketRow): Promise<{ res: DeviceResponse; after: Read }> {
  const res = await ctx.device.v1.put(STATE_PATH, { body: row.put });
  const after = await readState(ctx);
  last().read = after.state ? { at: exchangesLogged(), state: after.state } : undefined;
  return { res, after };
}

/** A row of the transition tables (matrix, field orders, brightness edges, out-of-range). */
export async function transitionRow(row: SocketRow, ctx: CheckContext): Promise<void> {
  const from = await startAt(ctx, row);
  const { res, after } = await putAndRead(ctx, row);
  const answer = { status: res.status, body: safeBody(res) };
  const { outcome } = row;
  const o = { from, put: row.put, answer: res };
  if (outcome.kind === 'state') {
    await ctx.also('SOCK-03', () => expectHeld(judgeOn('SOCK-03', res, { put: row.put })));
    // A combined request's brightness is SOCK-09's to judge; its power and lock are the row's (as the explorer judges it).
    if (brightnessApart(row.put, row) && after.state !== null) await ctx.also('SOCK-09', () => expectRow('SOCK-09', after.res, o));
  } else if (outcome.kind === 'in-range') {
    await ctx.also('SOCK-14', () => answer);
    await ctx.also('SOCK-17', () => expectRow('SOCK-17', after.res, o));
  } else if (outcome.kind === 'unchanged') {
    await ctx.also('SOCK-14', () => (outcome.brightnessOpen ? { ...answer, brightnessAfter: after.state?.brightness } : answer));
  } else {
    ctx.observe({ answer, state: after.state ?? describeResponse(after.res) });
    return;
  }
  expectRow(row.clause, after.res, o);
}

/** SOCK-15: whatever the device made of a wrong type, the state it reads is valid. */
export async function wrongTypeRow(row: SocketRow, ctx: CheckContext): Promise<void> {
  const from = await startAt(ctx, row);
  const { res, after } = await putAndRead(ctx, row);
  await ctx.also('SOCK-14', () => ({ status: res.status, body: safeBody(res) }));
  expectRow(row.clause, after.res, { from, put: row.put, answer: res });
}
