// The socket matrix as data: every valid start state × every request built from the three fields,
// each row with the outcome the model gives and a title a reader can check against the
// specification's table.
import { clause } from './catalogue.js';
import type { ClauseId } from './clause-types.js';
import { type SocketOutcome, type SocketPut, type SocketState, describePut, describeSocket, socketOutcome } from './socket-model.js';

/** The start brightness differs from every brightness a request sends, so a change shows. */
const START_BRIGHTNESS = 100;
const MIDDLE_BRIGHTNESS = 128;

export const START_STATES: readonly SocketState[] = [
  { power_on: false, switch_lock: false, brightness: START_BRIGHTNESS },
  { power_on: true, switch_lock: false, brightness: START_BRIGHTNESS },
  { power_on: true, switch_lock: true, brightness: START_BRIGHTNESS },
];

export interface SocketRow {
  clause: ClauseId;
  title: string;
  from: SocketState;
  put: Record<string, unknown>;
  outcome: SocketOutcome;
}

function outcomeText(o: SocketOutcome, from: SocketState, put: SocketPut): string {
  if (o.kind === 'unchanged') return o.brightnessOpen ? 'power and lock unchanged' : 'unchanged';
  if (o.kind === 'not-specified') return 'not specified (recorded)';
  if (o.kind === 'in-range') return 'power and lock unchanged, brightness from 0 to 255';
  return describeSocket(o.state, put.brightness !== undefined || o.state.brightness !== from.brightness);
}

function socketRow(from: SocketState, put: Record<string, unknown>, outcome = socketOutcome(from, put as SocketPut), id = outcome.clause): SocketRow {
  const c = clause(id);
  const title = `${c.id} [${c.level}] ${describeSocket(from, false)} → PUT ${describePut(put)} → ${outcomeText(outcome, from, put as SocketPut)}`;
  return { clause: c.id, title, from, put, outcome };
}

const choices = <T>(values: readonly T[]): (T | undefined)[] => [undefined, ...values];

/** Every request built from power_on ∈ {absent, true, false}, switch_lock likewise, brightness ∈ {absent, 0, 255, 128}. */
export function matrixRequests(): SocketPut[] {
  const out: SocketPut[] = [];
  for (const power_on of choices([true, false])) {
    for (const switch_lock of choices([true, false])) {
      for (const brightness of choices([0, 255, MIDDLE_BRIGHTNESS])) {
        const put: SocketPut = {};
        if (power_on !== undefined) put.power_on = power_on;
        if (switch_lock !== undefined) put.switch_lock = switch_lock;
        if (brightness !== undefined) put.brightness = brightness;
        out.push(put);
      }
    }
  }
  return out;
}

export const matrixRows = (): SocketRow[] => START_STATES.flatMap((from) => matrixRequests().map((put) => socketRow(from, { ...put })));

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((x, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]));
}

/**
 * SOCK-11: every other field order of each combined request (brightness near the middle value) whose
 * outcome the specification gives. The matrix already sent the order power_on, switch_lock, brightness.
 */
export function permutationRows(): SocketRow[] {
  const combined = matrixRequests().filter((p) => Object.keys(p).length >= 2 && (p.brightness === undefined || p.brightness === MIDDLE_BRIGHTNESS));
  // Each row that carries a brightness carries its own, so no row starts from the brightness the row before it stored.
  let next = MIDDLE_BRIGHTNESS;
  return START_STATES.flatMap((from) =>
    combined.flatMap((put) => {
      if (socketOutcome(from, put).kind === 'not-specified') return [];
      return permutations(Object.keys(put))
        .slice(1)
        .map((keys) => {
          const sent: SocketPut = put.brightness === undefined ? put : { ...put, brightness: (next += 1) };
          return socketRow(from, Object.fromEntries(keys.map((k) => [k, sent[k as keyof SocketPut]])), socketOutcome(from, sent), 'SOCK-11');
        });
    }),
  );
}

/** SOCK-09's values at the edges that the matrix does not send. */
export const brightnessEdgeRows = (): SocketRow[] => [1, 254].map((brightness) => socketRow(START_STATES[1]!, { brightness }));

/** SOCK-12: out-of-range brightness never leaves the brightness outside 0 to 255 and changes nothing else (SOCK-17: refused). */
export const outOfRangeRows = (): SocketRow[] =>
  [-1, 256, 1000].map((brightness) => socketRow(START_STATES[1]!, { brightness }, { clause: 'SOCK-12', kind: 'in-range' }));

/** SOCK-15: wrong types. The state read after must still be valid; its values are not specified. */
export const wrongTypeRows = (): SocketRow[] =>
  ([{ power_on: 'true' }, { power_on: 1 }, { switch_lock: 'true' }, { switch_lock: 1 }, { brightness: '128' }] as Record<string, unknown>[]).map((put) => {
    const row = socketRow(START_STATES[1]!, put, { clause: 'SOCK-15', kind: 'not-specified', why: 'a value of the wrong type' });
    return { ...row, title: row.title.replace(/→ [^→]*$/, '→ a valid state') };
  });
