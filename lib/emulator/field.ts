// Field faults (issues 28 and 34): what a device does only over hours, for `soak` to see. Unlike the fault table
// (faults.ts), which rewrites answers, these act on the device's transport, power, meter and push task, each with a
// value: `--field slot-leak=20`. Each is a property of time or of connections, never of one request.
import type { DeviceState } from './device-state.js';
import type { Slots } from './link.js';
import { rng } from './meter.js';
import type { Power } from './power.js';
import type { WsFaults } from './websocket.js';

export interface FieldFaultSpec {
  name: 'slot-leak' | 'reboot-every' | 'latency-creep' | 'frozen-data' | 'ws-stall' | 'roam-blip' | 'stuck-after';
  /** The value when none is given, and its unit. */
  default: number;
  unit: string;
  says: string;
}

/** How long a `reboot-every` reboot keeps the device away. */
export const FIELD_REBOOT_AWAY_S = 3;
/** How long a `roam-blip` keeps the device away: from the first to the second, drawn each time. */
export const ROAM_AWAY_S = [2, 5] as const;

/** The away time of one roam, from a draw in [0, 1). */
export const roamAwayS = (draw: number): number => ROAM_AWAY_S[0] + Math.round(draw * (ROAM_AWAY_S[1] - ROAM_AWAY_S[0]) * 10) / 10;

export const FIELD_FAULTS: readonly FieldFaultSpec[] = [
  {
    name: 'slot-leak',
    default: 50,
    unit: 'connections',
    says: "one connection slot fewer after every N connections (from the link's slots, or 8 where it has no limit); at none, every connection is cut",
  },
  { name: 'reboot-every', default: 600, unit: 's', says: `reboots every N seconds: away ${FIELD_REBOOT_AWAY_S} s, the uptime restarting` },
  { name: 'latency-creep', default: 20, unit: 'ms a minute', says: 'every request waits N ms longer for each minute since the device started' },
  {
    name: 'frozen-data',
    default: 60,
    unit: 's',
    says: 'the meter stops after N seconds: every reading (timestamp and values) stays as it was, the answers stay 200',
  },
  {
    name: 'ws-stall',
    default: 60,
    unit: 's',
    says: 'the WebSocket sends nothing more after N seconds, on every connection, old or new; pings are still answered, nothing is closed',
  },
  {
    name: 'roam-blip',
    default: 60,
    unit: 's',
    says: `away ${ROAM_AWAY_S.join('–')} s every N seconds, as a device roaming between access points: same address, no reboot, the uptime running on`,
  },
  { name: 'stuck-after', default: 120, unit: 's', says: "away from N seconds on, until the control port's POST /power-cycle" },
];

export type FieldFaultName = FieldFaultSpec['name'];
export type FieldFaults = Partial<Record<FieldFaultName, number>>;

/** The slots a leak starts from where the link sets no limit. */
export const LEAK_FROM_SLOTS = 8;

/** `slot-leak=20` or `slot-leak` (its default): the fault and its value, or a sentence saying what is wrong. */
export function parseFieldFault(text: string): { name: FieldFaultName; value: number } | string {
  const [name, raw] = text.split('=', 2) as [string, string | undefined];
  const spec = FIELD_FAULTS.find((f) => f.name === name);
  if (!spec) return `unknown field fault "${name}": ${FIELD_FAULTS.map((f) => f.name).join(', ')}`;
  const value = raw === undefined ? spec.default : Number(raw);
  if (!(Number.isFinite(value) && value > 0)) return `${name} needs a number above 0 (${spec.unit}), got "${raw}"`;
  return { name: spec.name, value };
}

/** The extra wait of every request `minutes` after the start, under `latency-creep`. */
export const creepMs = (field: FieldFaults, minutes: number): number => (field['latency-creep'] ?? 0) * minutes;

/** Connection counting for `slot-leak`: every N-th connection takes one slot away for good. */
export function leakSlots(slots: Slots, every: number | undefined, base: number | null): void {
  if (every === undefined) return;
  let seen = 0;
  slots.capacity = base ?? LEAK_FROM_SLOTS;
  slots.onConnection = () => {
    seen += 1;
    if (seen % every === 0 && slots.capacity !== null && slots.capacity > 0) slots.capacity -= 1;
  };
}

/** What the timed field faults act on. */
export interface FieldSubject {
  state: DeviceState;
  power: Power;
}

/**
 * The field faults that act over time (reboots, roams, the stuck device, the frozen meter, the stalled push task): the
 * WebSocket's faults with the stall in front, what arms the timers (once the device listens: a device stuck half a
 * second after its start must not be stuck before its servers are up, and then serve all the same; armed again, their clock
 * starts again), and what stops them.
 */
export function startField(field: FieldFaults, on: FieldSubject, ws: WsFaults): { ws: WsFaults; arm(): void; stop(): void } {
  const timers: NodeJS.Timeout[] = [];
  let started = on.state.now();
  const stall = field['ws-stall'];
  const stalled = () => stall !== undefined && on.state.now() - started >= stall * 1000;
  const arm = () => {
    for (const t of timers.splice(0)) clearTimeout(t);
    started = on.state.now();
    const reboots = field['reboot-every'];
    if (reboots !== undefined) timers.push(setInterval(() => void on.power.goDown(FIELD_REBOOT_AWAY_S), reboots * 1000));
    const roams = field['roam-blip'];
    if (roams !== undefined) {
      const draw = rng(on.state.seed ^ 0x726f616d);
      timers.push(setInterval(() => void on.power.goDown(roamAwayS(draw()), 0, false), roams * 1000));
    }
    const stuck = field['stuck-after'];
    if (stuck !== undefined) timers.push(setTimeout(() => void on.power.goDown(null, 0, false), stuck * 1000));
  };
  if (field['frozen-data'] !== undefined) on.state.meter.frozenAfterS = field['frozen-data'];
  return {
    ws: stall === undefined ? ws : { ...ws, send: (msg, view, state) => (stalled() ? null : ws.send(msg, view, state)) },
    arm,
    stop: () => {
      for (const t of timers) clearTimeout(t);
    },
  };
}
