// The one layer that applies faults: in front of the routes, around correct handlers.
import type { DeviceState } from './device-state.js';
import type { EmuRequest, EmuResponse } from './exchange.js';
import type { Fault } from './fault-types.js';
import { FAULTS } from './faults.js';

export type Handler = (req: EmuRequest, state: DeviceState) => EmuResponse;

export function faultsByName(names: readonly string[]): Fault[] {
  return names.map((name) => {
    const f = FAULTS.find((x) => x.name === name);
    if (!f) throw new Error(`unknown fault "${name}"; \`energy-conform emulate --list-faults\` lists them`);
    return f;
  });
}

export function withFaults(handler: Handler, faults: readonly Fault[], server: 'v1' | 'v2'): Handler {
  const mine = faults.filter((f) => [server, 'both'].includes(f.server ?? 'v2'));
  if (mine.length === 0) return handler;
  return (req, state) => {
    const seen = mine.reduce((r, f) => (f.request ? f.request(r, state) : r), req);
    const res = mine.reduce<EmuResponse | undefined>((r, f) => r ?? f.answer?.(seen, state), undefined) ?? handler(seen, state);
    return mine.reduce((r, f) => (f.response ? f.response(r, seen, state) : r), res);
  };
}
