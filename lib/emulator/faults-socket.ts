// Faults of the socket (SOCK): each names the clause it breaks. They act on the energy socket's v1 state;
// SOCK-16's on a P1 meter.
import type { DeviceState, SocketState } from './device-state.js';
import { type EmuRequest, type EmuResponse, json } from './exchange.js';
import { is, putBody } from './fault-helpers.js';
import type { FaultRow } from './catch-plan.js';

const statePut = (req: EmuRequest) => putBody(req, '/api/v1/state');

/** Answers a state PUT whose body has exactly `keys` and passes `when`, by changing the state as `apply` says. */
const onPut =
  (keys: string[], when: (b: Record<string, unknown>, s: SocketState) => boolean, apply: (s: SocketState, b: Record<string, unknown>) => void) =>
  (req: EmuRequest, state: DeviceState): EmuResponse | undefined => {
    const body = statePut(req);
    const socket = state.socket;
    if (!body || !socket || Object.keys(body).sort().join() !== [...keys].sort().join() || !when(body, socket)) return undefined;
    apply(socket, body);
    return json(200, body);
  };

const v1Refusal = () => json(400, { error: { id: 8, description: 'refused' } });
const socket: Pick<FaultRow, 'kind' | 'server'> = { kind: 'energysocket', server: 'v1' };

export const SOCKET_FAULTS: readonly FaultRow[] = [
  {
    name: 'state-needs-token',
    clause: 'SOCK-01',
    ...socket,
    says: 'GET /api/v1/state without Authorization answers 401',
    answer: (req) => (is(req, 'GET', '/api/v1/state') && !req.headers.authorization ? json(401, { error: 'user:unauthorized' }) : undefined),
  },
  {
    name: 'off-while-locked',
    clause: 'SOCK-02',
    ...socket,
    says: 'locked, PUT {power_on:false} turns it off and keeps the lock',
    answer: onPut(
      ['power_on'],
      (b, s) => b.power_on === false && s.switch_lock,
      (s) => {
        s.power_on = false;
      },
    ),
  },
  {
    name: 'echo-whole-state',
    clause: 'SOCK-03',
    ...socket,
    says: 'a state PUT answers the whole state, not the submitted fields',
    response: (res, req, state) => (statePut(req) && res.status === 200 ? json(200, { ...state.socket }) : res),
  },
  {
    name: 'power-on-ignored',
    clause: 'SOCK-04',
    ...socket,
    says: 'off, PUT {power_on:true} answers 200 and stays off',
    answer: onPut(
      ['power_on'],
      (b, s) => b.power_on === true && !s.power_on,
      () => undefined,
    ),
  },
  {
    name: 'power-off-ignored',
    clause: 'SOCK-05',
    ...socket,
    says: 'on and unlocked, PUT {power_on:false} answers 200 and stays on',
    answer: onPut(
      ['power_on'],
      (b, s) => b.power_on === false && s.power_on && !s.switch_lock,
      () => undefined,
    ),
  },
  {
    name: 'lock-without-power',
    clause: 'SOCK-06',
    ...socket,
    says: 'locking an off socket does not turn it on',
    answer: onPut(
      ['switch_lock'],
      (b, s) => b.switch_lock === true && !s.power_on,
      (s) => {
        s.switch_lock = true;
      },
    ),
  },
  {
    name: 'unlock-turns-off',
    clause: 'SOCK-07',
    ...socket,
    says: 'locked, PUT {switch_lock:false} also turns the socket off',
    answer: onPut(
      ['switch_lock'],
      (b, s) => b.switch_lock === false && s.switch_lock,
      (s) => {
        s.switch_lock = false;
        s.power_on = false;
      },
    ),
  },
  {
    name: 'off-and-unlock-refused',
    clause: 'SOCK-08',
    ...socket,
    says: 'locked, PUT {power_on:false, switch_lock:false} is refused',
    answer: (req, state) => {
      const b = statePut(req);
      return b && b.power_on === false && b.switch_lock === false && state.socket?.switch_lock ? v1Refusal() : undefined;
    },
  },
  {
    name: 'brightness-zero-stored-as-one',
    clause: 'SOCK-09',
    ...socket,
    says: 'brightness 0 is stored as 1',
    response: (res, req, state) => {
      if (statePut(req)?.brightness === 0 && res.status === 200 && state.socket) state.socket.brightness = 1;
      return res;
    },
  },
  {
    name: 'brightness-full-stored-as-254',
    clause: 'SOCK-09',
    ...socket,
    says: 'brightness 255 is stored as 254, so full brightness cannot be set back',
    response: (res, req, state) => {
      if (statePut(req)?.brightness === 255 && res.status === 200 && state.socket) state.socket.brightness = 254;
      return res;
    },
  },
  {
    name: 'off-and-lock-locks',
    clause: 'SOCK-10',
    ...socket,
    says: 'PUT {power_on:false, switch_lock:true} locks the socket on',
    answer: onPut(
      ['power_on', 'switch_lock'],
      (b) => b.power_on === false && b.switch_lock === true,
      (s) => {
        s.switch_lock = true;
        s.power_on = true;
      },
    ),
  },
  {
    name: 'fields-in-order',
    clause: 'SOCK-11',
    ...socket,
    says: 'the fields of a PUT are applied one at a time in the order sent',
    answer: (req, state) => {
      const b = statePut(req);
      const s = state.socket;
      if (!b || !s || Object.keys(b).length < 2 || (b.power_on === false && b.switch_lock === true)) return undefined;
      for (const [k, v] of Object.entries(b)) {
        if (k === 'switch_lock' && typeof v === 'boolean') [s.switch_lock, s.power_on] = [v, v || s.power_on];
        if (k === 'power_on' && typeof v === 'boolean' && !(v === false && s.switch_lock)) s.power_on = v;
        if (k === 'brightness' && typeof v === 'number') s.brightness = v;
      }
      return json(200, b);
    },
  },
  {
    name: 'brightness-256-stored',
    clause: 'SOCK-12',
    ...socket,
    says: 'brightness 256 is stored (the range check is off by one)',
    answer: onPut(
      ['brightness'],
      (b) => b.brightness === 256,
      (s) => {
        s.brightness = 256;
      },
    ),
  },
  {
    name: 'refused-brightness-switches-off',
    clause: 'SOCK-12',
    ...socket,
    says: 'out-of-range brightness is refused, and the socket turns off anyway',
    answer: (req, state) => {
      const b = statePut(req)?.brightness;
      if (typeof b !== 'number' || (b >= 0 && b <= 255) || !state.socket || state.socket.switch_lock) return undefined;
      state.socket.power_on = false;
      return v1Refusal();
    },
  },
  {
    name: 'brightness-clamped',
    clause: 'SOCK-17',
    ...socket,
    strict: true,
    says: 'out-of-range brightness is clamped to 0-255 and stored',
    answer: onPut(
      ['brightness'],
      (b) => typeof b.brightness === 'number' && (b.brightness < 0 || b.brightness > 255),
      (s, b) => {
        s.brightness = Math.min(255, Math.max(0, b.brightness as number));
      },
    ),
  },
  {
    name: 'out-of-range-answers-200',
    clause: 'SOCK-17',
    ...socket,
    strict: true,
    says: 'out-of-range brightness answers 200 and changes nothing',
    answer: onPut(
      ['brightness'],
      (b) => typeof b.brightness === 'number' && (b.brightness < 0 || b.brightness > 255),
      () => undefined,
    ),
  },
  {
    name: 'power-on-string-stored',
    clause: 'SOCK-15',
    ...socket,
    says: 'power_on "true" is stored as the string',
    answer: onPut(
      ['power_on'],
      (b) => typeof b.power_on === 'string',
      (s, b) => {
        (s as { power_on: unknown }).power_on = b.power_on;
      },
    ),
  },
  {
    name: 'brightness-string-stored',
    clause: 'SOCK-15',
    ...socket,
    says: 'brightness "128" is stored as the string',
    answer: onPut(
      ['brightness'],
      (b) => typeof b.brightness === 'string',
      (s, b) => {
        (s as { brightness: unknown }).brightness = b.brightness;
      },
    ),
  },
  {
    name: 'state-on-a-p1-meter',
    clause: 'SOCK-16',
    kind: 'p1dongle',
    server: 'v1',
    says: 'a P1 meter answers GET /api/v1/state with 200',
    answer: (req) => (is(req, 'GET', '/api/v1/state') ? json(200, { power_on: true, switch_lock: false, brightness: 255 }) : undefined),
  },
];
