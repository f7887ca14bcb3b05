// Field faults (issue 28): what a device does only over hours, for `soak` to see. Unlike the fault table
// (faults.ts), which rewrites answers, these act on the device's transport and power, each with a value:
// `--field slot-leak=20`. Each is a property of time or of connections, never of one request.
import type { Slots } from './link.js';

export interface FieldFaultSpec {
  name: 'slot-leak' | 'reboot-every' | 'latency-creep';
  /** The value when none is given, and its unit. */
  default: number;
  unit: string;
  says: string;
}

/** How long a `reboot-every` reboot keeps the device away. */
export const FIELD_REBOOT_AWAY_S = 3;

export const FIELD_FAULTS: readonly FieldFaultSpec[] = [
  { name: 'slot-leak', default: 50, unit: 'connections',
    says: 'one connection slot fewer after every N connections (from the link\'s slots, or 8 where it has no limit); at none, every connection is cut' },
  { name: 'reboot-every', default: 600, unit: 's', says: `reboots every N seconds: away ${FIELD_REBOOT_AWAY_S} s, the uptime restarting` },
  { name: 'latency-creep', default: 20, unit: 'ms a minute', says: 'every request waits N ms longer for each minute since the device started' },
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
