// The steps an exploration draws on this device, with their weights: the socket's PUTs and the user steps
// that make tokens and names meet again (creation, deletion, use) come most often.
import fc from 'fast-check';
import { type Slot, type Step, SLOTS } from '../judge/device/explore-model.js';
import type { ExploreInput } from './explorer.js';

type Weighted = { arbitrary: fc.Arbitrary<Step>; weight: number };

const SOCKET_PUT = fc
  .record({
    power_on: fc.constantFrom(undefined, true, false),
    switch_lock: fc.constantFrom(undefined, true, false),
    brightness: fc.constantFrom(undefined, 0, 1, 128, 254, 255),
  })
  .map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)))
  .filter((r) => Object.keys(r).length > 0)
  .map((put): Step => ({ kind: 'socket', put }));

/** `latest`: the MAJOR of the version the device serves, null where none was read. */
export function stepArbitrary(
  input: Pick<ExploreInput, 'socket' | 'cloud' | 'cloudToggle' | 'token' | 'users' | 'press' | 'pressByHook' | 'slow' | 'budget'>,
  latest: number | null,
): { step: fc.Arbitrary<Step> | null; drawn: string[]; left: string[] } {
  const steps: Weighted[] = [];
  const drawn: string[] = [];
  const left: string[] = [];
  const add = (what: string, ...w: Weighted[]) => {
    steps.push(...w);
    drawn.push(what);
  };
  const slot = fc.constantFrom<Slot>(...SLOTS);
  if (input.socket) add('socket state PUTs', { arbitrary: SOCKET_PUT, weight: 6 });
  else left.push('socket: this kind has no socket state');
  if (input.cloud === null) left.push('cloud: no /api/v1/system');
  else {
    add('the cloud setting put as it is', { arbitrary: fc.constant<Step>({ kind: 'cloud' }), weight: 1 });
    if (input.cloudToggle) add('the cloud setting switched', { arbitrary: fc.constant<Step>({ kind: 'toggle' }), weight: 1 });
    else left.push('the cloud setting switched: give --allow-cloud-toggle');
  }
  if (input.token === null || latest === null) {
    left.push(input.token === null ? 'v2 steps: no token' : 'v2 steps: no full version served without X-Api-Version');
  } else {
    const asked = fc.constantFrom<string | null>(null, String(latest), String(latest - 1), String(latest + 1), '99');
    add('versions asked', { arbitrary: asked.map((a): Step => ({ kind: 'version', asked: a })), weight: 1 });
    if (!input.users) left.push('users: this kind does not create users');
    else {
      add(
        'refused creations, deletions, lists, tokens used',
        { arbitrary: fc.tuple(slot, fc.integer({ min: 1, max: 6 })).map(([s, times]): Step => ({ kind: 'poll', slot: s, times })), weight: 2 },
        { arbitrary: slot.map((s): Step => ({ kind: 'delete', slot: s })), weight: 3 },
        { arbitrary: fc.constant<Step>({ kind: 'list' }), weight: 1 },
        { arbitrary: slot.map((s): Step => ({ kind: 'use', slot: s })), weight: 3 },
      );
      if (input.press && input.budget.presses > 0)
        add('creations after a press', { arbitrary: slot.map((s): Step => ({ kind: 'create', slot: s })), weight: 3 });
      // The window's 30 s: a wait a step, so only with --slow, and only by a hook (its end is when the press happened at the latest).
      if (input.slow && input.pressByHook && input.budget.presses > 0) {
        add('creations 25 s and 31 s after a press (--slow)', {
          arbitrary: fc.tuple(slot, fc.constantFrom<25 | 31>(25, 31)).map(([s, after]): Step => ({ kind: 'late', slot: s, after })),
          weight: 1,
        });
      } else if (input.slow) left.push('creations long after a press: they need --press-hook');
      else left.push(input.press ? 'creations: --presses 0' : 'creations: no press hook and no terminal (give --press-hook)');
    }
  }
  return { step: steps.length ? fc.oneof(...steps) : null, drawn, left };
}
