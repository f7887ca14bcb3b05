// The listening WebSocket checks' conversations (V-WS-03, 04, 07, 08): each holds a socket of its own for its clause's
// window, which is the device's own time, not the run's. They start with the first file of the vendor profile
// (suites/lanes.ts), or with the WebSocket checks' file where that comes first, so that their windows pass beside the
// other areas' checks (the readings' reads once a second, V-SYS-13's two seconds): on their own sockets, none of them
// asks the device anything those checks read or change. Each socket closes once its window has passed; the checks
// judge what was heard (suites/vendor-websocket.test.ts).
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { runScoped } from '../../lib/client/run-scope.js';
import type { DeviceSocket, WsMessage } from '../../lib/client/ws-client.js';
import { early } from './conversations.js';
import { ANSWER_MS, isType, messages } from './websocket-shared.js';

/** How long a check listens for what must not come. */
const QUIET_MS = 2000;

/** A token of the right form that the device never issued. */
const unknownToken = (token: string) => {
  const t = randomBytes(16).toString('hex').toUpperCase();
  return t === token ? t.replace(/.$/, (d) => (d === '0' ? '1' : '0')) : t;
};

const quiet = (first: (socket: DeviceSocket) => void, listen: (m: WsMessage) => boolean) => async (socket: DeviceSocket) => {
  await socket.next(isType('authorization_requested'), ANSWER_MS);
  const from = socket.heard.length;
  first(socket);
  return messages(await socket.during(QUIET_MS, listen, from));
};
/** The conversations of one run, each started once (a kept worker serves run after run: lib/client/run-scope.ts). */
const listening = runScoped(
  () => {
    const ws03 = early(
      'V-WS-03',
      false,
      quiet(
        (socket) => {
          socket.send({ type: 'authorization', data: unknownToken(inject('energyConform').token ?? '') });
          socket.send({ type: 'subscribe', data: 'device' });
        },
        (m) => m.type === 'authorized' || m.type === 'device',
      ),
    );
    const ws04 = early(
      'V-WS-04',
      false,
      quiet((socket) => socket.send({ type: 'subscribe', data: 'device' }), isType('device')),
    );
    const ws07 = early('V-WS-07', true, async (socket) => {
      socket.send({ type: 'subscribe', data: 'measurement' });
      await socket.next(isType('measurement'), ANSWER_MS);
      socket.send({ type: 'unsubscribe', data: 'measurement' });
      await sleep(500);
      return socket.during(2500, isType('measurement'));
    });
    const ws08 = early('V-WS-08', true, async (socket) => {
      socket.send({ type: 'subscribe', data: 'measurement' });
      const from = socket.heard.length;
      await socket.next(isType('measurement'), ANSWER_MS, from);
      return (await socket.during(5000, isType('measurement'), from)).map((h) => h.at);
    });
    return { ws03, ws04, ws07, ws08 };
  },
  (l) => void Promise.all(Object.values(l).map((c) => c.close())),
);

/** The run's conversation `name` (`ws03`: V-WS-03's), to judge in its check. */
export const listenerOf = <K extends keyof ReturnType<typeof listening>>(name: K): ReturnType<typeof listening>[K] => listening()[name];

/** Starts the listening conversations the run has not started yet (a check whose clause is skipped starts none). */
export const startListening = (): void => {
  for (const l of Object.values(listening())) l.start();
};

export const closeListening = async (): Promise<void> => {
  await Promise.all(Object.values(listening()).map((l) => l.close()));
};
