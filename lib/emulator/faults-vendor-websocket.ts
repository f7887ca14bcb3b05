// Faults of the vendor profile's WebSocket (V-WS): each names the clause it breaks, and acts on the messages the
// device sends or receives (websocket.ts), or on its timing.
import type { FaultRow } from './catch-plan.js';
import type { WsMessage } from './websocket.js';

const errorIs = (m: WsMessage, code: string) => m.type === 'error' && (m.data as { message?: unknown } | undefined)?.message === code;

export const WEBSOCKET_FAULTS: readonly FaultRow[] = [
  {
    name: 'ws-announces-old-version',
    clause: 'V-WS-01',
    says: 'authorization_requested names api_version 2.0.0, not the version the device serves',
    wsSend: (m) => (m.type === 'authorization_requested' ? { ...m, data: { api_version: '2.0.0' } } : m),
  },
  {
    name: 'ws-authorized-misnamed',
    clause: 'V-WS-02',
    says: 'a valid authorization is answered {"type":"authorization_accepted"}',
    wsSend: (m) => (m.type === 'authorized' ? { type: 'authorization_accepted' } : m),
  },
  {
    name: 'ws-any-well-formed-token',
    clause: 'V-WS-03',
    says: 'any 32 uppercase hex digits authorize the socket',
    wsReceive: (m, _view, state) =>
      m.type === 'authorization' && typeof m.data === 'string' && /^[A-F0-9]{32}$/.test(m.data) ? { ...m, data: [...state.users.values()][0] ?? m.data } : m,
  },
  {
    name: 'ws-serves-before-authorization',
    clause: 'V-WS-04',
    says: "topics are served before the client authorizes (as the device's first user)",
    wsReceive: (m, view, state) => {
      if (!view.authorized && m.type === 'subscribe') Object.assign(view, { authorized: true, token: [...state.users.values()][0] ?? '' });
      return m;
    },
  },
  {
    name: 'ws-closes-after-10s',
    clause: 'V-WS-05',
    slow: true,
    says: 'a connection without authorization is closed after 10 s, not 40',
    wsTiming: { authorizeWithinMs: 10_000 },
  },
  {
    name: 'ws-user-list-without-current',
    clause: 'V-WS-06',
    says: 'the "user" topic leaves out the current flag GET /api/user gives the caller',
    wsSend: (m) => (m.type === 'user' && Array.isArray(m.data) ? { ...m, data: m.data.map(({ current: _, ...u }: Record<string, unknown>) => u) } : m),
  },
  { name: 'ws-unsubscribe-ignored', clause: 'V-WS-07', says: 'unsubscribe is taken without effect', wsReceive: (m) => (m.type === 'unsubscribe' ? null : m) },
  {
    name: 'ws-measurement-every-3s',
    clause: 'V-WS-08',
    strict: true,
    says: 'measurements are pushed every 3 s, not every second',
    wsTiming: { measurementEveryMs: 3000 },
  },
  {
    name: 'ws-poll-unanswered',
    clause: 'V-WS-09',
    says: 'a poll ({"type":"system"}) is not answered',
    wsReceive: (m) => (m.type === 'system' && m.data === undefined ? null : m),
  },
  {
    name: 'ws-set-taken-as-poll',
    clause: 'V-WS-10',
    says: 'a set over the socket is answered with the current values and not applied',
    wsReceive: (m) => (m.type === 'system' && m.data !== undefined ? { type: 'system' } : m),
  },
  {
    name: 'ws-invalid-set-silent',
    clause: 'V-WS-11',
    says: 'a set of a wrong value is refused without an error message',
    wsSend: (m) => (m.type === 'error' && String((m.data as { message?: unknown } | undefined)?.message).startsWith('json:parameter-invalid-type:') ? null : m),
  },
  {
    name: 'ws-unknown-type-silent',
    clause: 'V-WS-12',
    says: 'an unknown type gets no error message',
    wsSend: (m) => (errorIs(m, 'request:unknown-type') ? null : m),
  },
  {
    name: 'ws-system-pushed-once',
    clause: 'V-WS-13',
    says: 'a system subscriber gets the current value and never a change',
    wsSend: (m, view) => (m.type === 'system' && view.subscriptions.has('system') && (view.sent.get('system') ?? 0) >= 1 ? null : m),
  },
  {
    name: 'ws-star-without-batteries',
    clause: 'V-WS-14',
    strict: true,
    says: 'a subscribe to * leaves out the batteries topic',
    wsSend: (m, view) => (m.type === 'batteries' && view.subscriptions.has('device') && view.subscriptions.has('system') ? null : m),
  },
];
