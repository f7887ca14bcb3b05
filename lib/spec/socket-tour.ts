// The order in which the socket rows run: each row begins where the one before it ended wherever
// possible, so the socket is steered (and its relay switched) as little as the coverage allows.
// A row fixes the power and the lock it starts from; its start brightness is free but for the
// values that would hide what its request does to the brightness.
import { type SocketPut, type SocketState, socketOutcome } from './socket-model.js';

export interface TourRow {
  from: SocketState;
  put: Record<string, unknown>;
}

export interface SteerCost {
  switches: number;
  requests: number;
}

/**
 * The requests that take the socket from `now` to `target`, one field each, using only the
 * specification's plainest rows: unlock (row 4), switch (rows 1, 2), lock (row 3), brightness (row 6).
 */
export function steps(now: SocketState, target: SocketState): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  if (now.switch_lock && !target.switch_lock) out.push({ switch_lock: false });
  const powerAfter = now.switch_lock && !target.switch_lock ? true : now.power_on;
  if (!target.switch_lock && powerAfter !== target.power_on) out.push({ power_on: target.power_on });
  if (target.switch_lock && !now.switch_lock) out.push({ switch_lock: true });
  if (now.brightness !== target.brightness) out.push({ brightness: target.brightness });
  return out;
}

const clampToRange = (b: number) => Math.min(255, Math.max(0, Math.round(b)));

/**
 * Brightnesses a row must not start from: the one it sends (a change would not show), where that is
 * out of range the one a clamping device would store (a refused request that still stored it would not
 * show), and the number a wrong-typed brightness names.
 */
export function brightnessesToAvoid(put: Record<string, unknown>): number[] {
  const b = put.brightness;
  if (typeof b === 'number') return [...new Set([b, clampToRange(b)])];
  if (typeof b === 'string' && b.trim() !== '' && Number.isFinite(Number(b))) return [clampToRange(Number(b))];
  return [];
}

/** The state a row starts from when the socket is at `now`: the row's power and lock, `now`'s brightness unless avoided. */
export function startFor(row: TourRow, now: SocketState): SocketState {
  const avoid = brightnessesToAvoid(row.put);
  const keep = !avoid.includes(now.brightness);
  const brightness = keep ? now.brightness : avoid.includes(row.from.brightness) ? firstFree(avoid) : row.from.brightness;
  return { power_on: row.from.power_on, switch_lock: row.from.switch_lock, brightness };
}

function firstFree(avoid: readonly number[]): number {
  let b = 100;
  while (avoid.includes(b)) b += 1;
  return b;
}

/** What steering from `now` to `start` costs (`steps`): relay switches, then requests with the read after them. */
export function steerCost(now: SocketState, start: SocketState): SteerCost {
  const sent = steps(now, start).length;
  return { switches: now.power_on === start.power_on ? 0 : 1, requests: sent === 0 ? 0 : sent + 1 };
}

/** The state a row is expected to leave the socket in; where the specification leaves it open, the start. */
export function expectedEnd(row: TourRow, start: SocketState): SocketState {
  const typed = ['power_on', 'switch_lock', 'brightness'].every(
    (k) => row.put[k] === undefined || typeof row.put[k] === (k === 'brightness' ? 'number' : 'boolean'),
  );
  const b = row.put.brightness;
  if (!typed || (typeof b === 'number' && (b < 0 || b > 255))) return start;
  const o = socketOutcome(start, row.put as SocketPut);
  return o.kind === 'state' ? o.state : start;
}

const cheaper = (a: SteerCost, b: SteerCost) => a.switches - b.switches || a.requests - b.requests;

/** Where a tour starts when not told: the first row's start. */
const firstStart = (rows: readonly TourRow[]): SocketState => rows[0]?.from ?? { power_on: true, switch_lock: false, brightness: 100 };

/**
 * The rows in the order they run from `now` (the first row's start when not given): at each step the
 * row cheapest to steer to, the earliest of equals. Among rows that need no steering, one whose end
 * still has rows starting there is preferred, so the tour does not strand itself in a state it has used up.
 */
export function tour<R extends TourRow>(rows: readonly R[], now: SocketState = firstStart(rows)): R[] {
  const left = [...rows];
  const out: R[] = [];
  let at = now;
  while (left.length) {
    let best = 0;
    let bestCost: SteerCost | undefined;
    let bestStrands = true;
    for (const [i, row] of left.entries()) {
      const start = startFor(row, at);
      const cost = steerCost(at, start);
      const end = expectedEnd(row, start);
      const strands = !left.some((r, j) => j !== i && r.from.power_on === end.power_on && r.from.switch_lock === end.switch_lock);
      const order = bestCost === undefined ? -1 : cheaper(cost, bestCost) || (strands === bestStrands ? 0 : strands ? 1 : -1);
      if (order < 0) [best, bestCost, bestStrands] = [i, cost, strands];
    }
    const [row] = left.splice(best, 1) as [R];
    at = expectedEnd(row, startFor(row, at));
    out.push(row);
  }
  return out;
}

/** Tours of several tables that run one after the other, each planned from where the one before is expected to end. */
export function chainTours<R extends TourRow>(tables: readonly (readonly R[])[], now: SocketState): R[][] {
  let at = now;
  return tables.map((rows) => {
    const planned = tour(rows, at);
    for (const row of planned) at = expectedEnd(row, startFor(row, at));
    return planned;
  });
}

/** The steering a tour needs from `now`, summed: what the self-test holds to the budget. */
export function tourCost(rows: readonly TourRow[], now: SocketState = firstStart(rows)): SteerCost & { steered: number; rowSwitches: number } {
  const sum = { switches: 0, requests: 0, steered: 0, rowSwitches: 0 };
  let at = now;
  for (const row of rows) {
    const start = startFor(row, at);
    const cost = steerCost(at, start);
    sum.switches += cost.switches;
    sum.requests += cost.requests;
    if (cost.requests) sum.steered += 1;
    at = expectedEnd(row, start);
    if (at.power_on !== start.power_on) sum.rowSwitches += 1;
  }
  return sum;
}
