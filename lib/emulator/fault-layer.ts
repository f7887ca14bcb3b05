// The one layer that applies faults: in front of the routes, around correct handlers.
import type { DeviceState } from './device-state.js';
import type { EmuRequest, EmuResponse } from './exchange.js';
import type { Fault, Rewrite } from './fault-types.js';
import { FAULTS } from './faults.js';
import { SERVED } from './fault-helpers.js';
import type { WsFaults, WsMessage } from './websocket.js';

export type Handler = (req: EmuRequest, state: DeviceState) => EmuResponse;

export function faultsByName(names: readonly string[]): Fault[] {
  return names.map((name) => {
    const f = FAULTS.find((x) => x.name === name);
    if (!f) throw new Error(`unknown fault "${name}"; \`energy-conform emulate --list-faults\` lists them`);
    return f;
  });
}

export function withFaults(handler: Handler, faults: readonly Rewrite[], server: 'v1' | 'v2'): Handler {
  const mine = faults.filter((f) => [server, 'both'].includes(f.server ?? 'v2'));
  if (mine.length === 0) return handler;
  return (req, state) => {
    const seen = mine.reduce((r, f) => (f.request ? f.request(r, state) : r), req);
    const res = mine.reduce<EmuResponse | undefined>((r, f) => r ?? f.answer?.(seen, state), undefined) ?? handler(seen, state);
    return served(
      mine.reduce((r, f) => (f.response ? f.response(r, seen, state) : r), res),
      state,
    );
  };
}

const served = (res: EmuResponse, state: DeviceState): EmuResponse =>
  res.headers['x-api-version'] === SERVED ? { ...res, headers: { ...res.headers, 'x-api-version': state.apiVersion } } : res;

/** DOC v2/websocket.mdx: 40 s to authorize; measurements about once a second. */
export const WS_TIMING = { authorizeWithinMs: 40_000, measurementEveryMs: 1000 };

/** The same layer for the WebSocket: each fault rewrites (or drops) what the device sends and receives. */
export function wsFaults(faults: readonly Rewrite[]): WsFaults {
  type Message = NonNullable<Fault['wsSend']>;
  const through =
    (pick: (f: Rewrite) => Message | undefined): Message =>
    (msg, view, state) =>
      faults.reduce<WsMessage | null>((m, f) => {
        const rewrite = pick(f);
        return m === null || !rewrite ? m : rewrite(m, view, state);
      }, msg);
  return {
    send: through((f) => f.wsSend),
    receive: through((f) => f.wsReceive),
    timing: Object.assign({ ...WS_TIMING }, ...faults.map((f) => f.wsTiming ?? {})),
  };
}
