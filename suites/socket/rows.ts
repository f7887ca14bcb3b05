// Running one row of the socket tables: put the socket in the row's start state, send the row's
// PUT, read the state back, and judge it against the model. SOCK-02 is judged after every read.
import { describeExchange } from '../../lib/client/exchange-log.js';
import type { DeviceResponse } from '../../lib/client/device-client.js';
import { STATE_PATH, readSocket, sameSocket, steerSocket } from '../../lib/client/socket.js';
import { PreconditionError, describeResponse, expectThat, isJsonObject } from '../../lib/harness/clause-failure.js';
import type { CheckContext } from '../../lib/harness/clause-test.js';
import type { SocketRow } from '../../lib/spec/socket-matrix.js';
import { type SocketState, describeSocket, isConsistent } from '../../lib/spec/socket-model.js';

/** Clauses a row judges besides its own. */
export const ROW_ALSO = ['SOCK-02', 'SOCK-03', 'SOCK-14'] as const;

/** GET /api/v1/state, with SOCK-02 judged on what it read. */
export async function readState(ctx: CheckContext): Promise<{ res: DeviceResponse; state: SocketState | null }> {
  const read = await readSocket(ctx.device);
  await ctx.also('SOCK-02', () => expectThat(read.state === null || isConsistent(read.state),
    'never power_on false together with switch_lock true', describeResponse(read.res), read.res));
  return read;
}

export async function startAt(ctx: CheckContext, from: SocketState): Promise<void> {
  const now = await readState(ctx);
  if (now.state === null) {
    throw new PreconditionError(`GET ${STATE_PATH} did not answer a socket state (see SOCK-01): ${describeResponse(now.res)}`);
  }
  if (sameSocket(now.state, from)) return;
  const { reached, answers } = await steerSocket(ctx.device, now.state, from);
  const last = answers.at(-1)!;
  await ctx.also('SOCK-02', () => expectThat(reached === null || isConsistent(reached),
    'never power_on false together with switch_lock true', describeResponse(last), last));
  if (!sameSocket(reached, from)) {
    throw new PreconditionError(`could not put the socket in the start state ${describeSocket(from)}; the requests were:\n`
      + answers.map((a) => `  ${describeExchange(a.exchange)}`).join('\n'));
  }
}

/** SOCK-03: exactly the submitted fields with their submitted values. */
export function expectEcho(res: DeviceResponse, put: Record<string, unknown>): void {
  const body = res.json;
  const ok = res.status === 200 && isJsonObject(body) && Object.keys(body).length === Object.keys(put).length
    && Object.entries(put).every(([k, v]) => Object.hasOwn(body, k) && body[k] === v);
  expectThat(ok, `200 with exactly ${JSON.stringify(put)}`, describeResponse(res), res);
}

function expectStateRead(read: { res: DeviceResponse; state: SocketState | null }, want: SocketState, what: string): void {
  expectThat(sameSocket(read.state, want), `${what}: ${describeSocket(want)}`,
    read.state ? describeSocket(read.state) : describeResponse(read.res), read.res);
}

/** A row of the transition tables (matrix, field orders, brightness edges, out-of-range). */
export async function transitionRow(row: SocketRow, ctx: CheckContext): Promise<void> {
  await startAt(ctx, row.from);
  const res = await ctx.device.v1.put(STATE_PATH, { body: row.put });
  const after = await readState(ctx);
  const answer = { status: res.status, body: res.exchange.responseBody ?? '' };
  const { outcome } = row;
  if (outcome.kind === 'state') {
    await ctx.also('SOCK-03', () => expectEcho(res, row.put));
    expectStateRead(after, outcome.state, 'the state read back after the PUT');
  } else if (outcome.kind === 'unchanged') {
    await ctx.also('SOCK-14', () => answer);
    expectStateRead(after, row.from, 'the state unchanged');
  } else {
    ctx.observe({ answer, state: after.state ?? describeResponse(after.res) });
  }
}

/** SOCK-15: whatever the device made of a wrong type, the state it reads is valid. */
export async function wrongTypeRow(row: SocketRow, ctx: CheckContext): Promise<void> {
  await startAt(ctx, row.from);
  const res = await ctx.device.v1.put(STATE_PATH, { body: row.put });
  await ctx.also('SOCK-14', () => ({ status: res.status, body: res.exchange.responseBody ?? '' }));
  const after = await readState(ctx);
  const s = after.state;
  expectThat(s !== null && Number.isInteger(s.brightness) && s.brightness >= 0 && s.brightness <= 255,
    'a valid state: booleans power_on and switch_lock, brightness an integer from 0 to 255', describeResponse(after.res), after.res);
}
