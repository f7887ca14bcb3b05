// A request of one area that changes a state another area owns (SOCK-18, CLOUD-08, LIST-07): each fault the kind of
// firmware bug that passes every check of its own area, the state it hurts read only by another's. The run reads the
// owner's state back after the checks that wrote elsewhere; `explore` after each user step.
import { is, nameIn, perDevice } from './fault-helpers.js';
import type { FaultRow } from './catch-plan.js';

const deletedOf = perDevice(() => ({ last: null as { name: string; token: string } | null }));

export const SIDE_EFFECT_FAULTS: readonly FaultRow[] = [
  // Issue 48: under PAIR-03 this was a deviation on the socket, whose users capability is "In development": a pass.
  {
    name: 'creation-clears-lock',
    clause: 'SOCK-18',
    kind: 'energysocket',
    suites: ['users', 'socket'],
    alsoExplored: true,
    says: "a user created (POST /api/user answering 200) clears the socket's switch lock",
    response: (res, req, state) => {
      if (is(req, 'POST', '/api/user') && res.status === 200 && state.socket?.switch_lock) state.socket.switch_lock = false;
      return res;
    },
  },
  {
    name: 'refused-delete-resets-socket',
    clause: 'SOCK-18',
    kind: 'energysocket',
    suites: ['auth', 'socket'],
    says: 'a DELETE /api/user refused for its credential (401) still runs the settings reset behind it: the socket unlocked at brightness 255',
    response: (res, req, state) => {
      if (is(req, 'DELETE', '/api/user') && res.status === 401 && state.socket) Object.assign(state.socket, { switch_lock: false, brightness: 255 });
      return res;
    },
  },
  {
    name: 'deletion-disables-cloud',
    clause: 'CLOUD-08',
    suites: ['users', 'cloud'],
    says: 'a user deleted (DELETE /api/user answering 204) switches the cloud off, as if the last cloud user had gone',
    response: (res, req, state) => {
      if (is(req, 'DELETE', '/api/user') && res.status === 204 && state.cloudEnabled !== null) state.cloudEnabled = false;
      return res;
    },
  },
  {
    name: 'settings-save-restores-deleted-user',
    clause: 'LIST-07',
    server: 'both',
    suites: ['users', 'cloud'],
    says: 'a PUT /api/v1/system saves the settings from a copy taken before the last deletion: the user deleted last is back, with its token',
    request: (req, state) => {
      const name = nameIn(req);
      const token = name === undefined ? undefined : state.users.get(name);
      if (is(req, 'DELETE', '/api/user') && name && token) deletedOf(state).last = { name, token };
      return req;
    },
    response: (res, req, state) => {
      const last = deletedOf(state).last;
      if (is(req, 'PUT', '/api/v1/system') && res.status === 200 && last && !state.users.has(last.name)) state.users.set(last.name, last.token);
      return res;
    },
  },
];
