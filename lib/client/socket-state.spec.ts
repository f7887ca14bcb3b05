import { expect, test } from 'vitest';
import { START_STATES } from '../spec/socket-matrix.js';
import { type SocketPut, type SocketState, socketOutcome } from '../spec/socket-model.js';
import { socketStateOf } from './socket-state.js';
import { steps } from '../spec/socket-tour.js';

const states: SocketState[] = [...START_STATES, ...START_STATES.map((s) => ({ ...s, brightness: 0 }))];

test.for(states.flatMap((from) => states.map((to) => [from, to] as const)))(
  "the steps from %j to %j reach it by the specification's plain rows, one field each",
  ([from, to]) => {
    let now = from;
    for (const put of steps(from, to)) {
      expect(Object.keys(put)).toHaveLength(1);
      const o = socketOutcome(now, put as SocketPut);
      expect(o.kind).toBe('state');
      if (o.kind === 'state') now = o.state;
    }
    expect(now).toEqual(to);
  },
);

test('a socket state needs the three fields with their types', () => {
  expect(socketStateOf({ power_on: true, switch_lock: false, brightness: 3 })).toEqual({ power_on: true, switch_lock: false, brightness: 3 });
  expect(socketStateOf({ power_on: 'true', switch_lock: false, brightness: 3 })).toBeNull();
  expect(socketStateOf({ power_on: true, switch_lock: false, brightness: '3' })).toBeNull();
  expect(socketStateOf([])).toBeNull();
});
