// Faults of what a meter's readings say (V-READ): each keeps every field of its type and in its place, and says
// something a meter cannot, as firmware has: a total that forgets a phase, a decimal point moved on one endpoint,
// a register from a stale telegram, a pair of registers swapped, a unit slip on one API.
import type { DeviceState } from './device-state.js';
import type { EmuRequest, EmuResponse } from './exchange.js';
import { is, withBody } from './fault-helpers.js';
import type { FaultRow } from './catch-plan.js';

type Body = Record<string, unknown>;
/** `change` on the 200 answers to GET `path`. */
const onReading = (path: string, change: (b: Body, state: DeviceState) => Body) => (res: EmuResponse, req: EmuRequest, state: DeviceState) =>
  is(req, 'GET', path) && res.status === 200 ? withBody(res, (b) => change(b, state)) : res;
/** `change` on the 200 answers to both forms of the readings. */
const onReadings = (change: (b: Body) => Body) => (res: EmuResponse, req: EmuRequest, state: DeviceState) =>
  onReading('/api/v1/data', change)(onReading('/api/measurement', change)(res, req, state), req, state);
const times = (b: Body, factor: number, names: readonly string[]) =>
  Object.fromEntries(Object.entries(b).map(([k, v]) => [k, names.includes(k) && typeof v === 'number' ? Math.round(v * factor * 1000) / 1000 : v]));

/** The registers each direction has in either form, swapped name for name. */
const SWAPPED: Record<string, string> = Object.fromEntries(
  ['', '_t1', '_t2', '_t3', '_t4'].flatMap((t) => [
    [`energy_import${t}_kwh`, `energy_export${t}_kwh`],
    [`energy_export${t}_kwh`, `energy_import${t}_kwh`],
    [`total_power_import${t}_kwh`, `total_power_export${t}_kwh`],
    [`total_power_export${t}_kwh`, `total_power_import${t}_kwh`],
  ]),
);
const swapped = (b: Body) => Object.fromEntries(Object.entries(b).map(([k, v]) => [SWAPPED[k] ?? k, v]));

/** A second task serving GET /api/measurement, whose registers are those of the telegram it took up to 10 s before: every other answer is its. */
const staleTask = new WeakMap<DeviceState, { takenAt: number; registers: Body; answers: number }>();
function fromStaleTask(b: Body, state: DeviceState): Body {
  const now = state.now();
  const task = staleTask.get(state);
  const registers = Object.fromEntries(Object.entries(b).filter(([k]) => /^energy_(import|export)_kwh$/.test(k)));
  if (!task || now - task.takenAt >= 10_000) {
    staleTask.set(state, { takenAt: now, registers, answers: 0 });
    return b;
  }
  task.answers += 1;
  return task.answers % 2 ? { ...b, ...task.registers } : b;
}

export const READING_FAULTS: readonly FaultRow[] = [
  {
    name: 'total-power-forgets-l3',
    clause: 'V-READ-01',
    says: "the v2 measurement's power_w is the sum of power_l1_w and power_l2_w: the third phase is left out",
    response: onReading('/api/measurement', (b) => ({ ...b, power_w: Number(b.power_l1_w) + Number(b.power_l2_w) })),
  },
  {
    name: 'import-total-is-t1',
    clause: 'V-READ-02',
    server: 'v1',
    says: "the v1 data's total_power_import_kwh is its t1 register alone, beside a t2 that counts",
    response: onReading('/api/v1/data', (b) => ({ ...b, total_power_import_kwh: b.total_power_import_t1_kwh })),
  },
  {
    name: 'v1-power-ten-times',
    clause: 'V-READ-03',
    server: 'v1',
    says: "the v1 data's active powers are ten times what the meter reads (a decimal point moved: the Domoticz report)",
    response: onReading('/api/v1/data', (b) => times(b, 10, ['active_power_w', 'active_power_l1_w', 'active_power_l2_w', 'active_power_l3_w'])),
  },
  {
    name: 'battery-voltage-in-decivolts',
    clause: 'V-READ-04',
    kind: 'battery',
    says: "the battery's voltage_v is the raw register in tenths of a volt (2310 for 231 V)",
    response: onReading('/api/measurement', (b) => times(b, 10, ['voltage_v'])),
  },
  {
    name: 'registers-from-stale-telegram',
    clause: 'V-READ-05',
    seed: 5,
    says: 'every other GET /api/measurement is answered by a task that kept the energy totals of the telegram it took up to 10 s before: they step back',
    response: onReading('/api/measurement', fromStaleTask),
  },
  {
    name: 'registers-swapped',
    clause: 'V-READ-06',
    server: 'both',
    seed: 5,
    says: 'import and export registers are swapped, totals and tariffs, in v1 and v2 alike',
    response: onReadings(swapped),
  },
  {
    name: 'v1-import-in-wh',
    clause: 'V-READ-07',
    server: 'v1',
    kind: 'energymeter',
    says: "the kWh meter's v1 import registers are in Wh, not kWh (total and t1 alike)",
    response: onReading('/api/v1/data', (b) => times(b, 1000, ['total_power_import_kwh', 'total_power_import_t1_kwh'])),
  },
];
