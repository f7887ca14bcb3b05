// A conversation with the device's WebSocket for one check (V-WS): opened, authorized where the check needs it,
// judged on the transcript, and closed, the transcript logged with the check's exchanges whatever happened.
import { ClauseFailure, PreconditionError } from '../../lib/harness/clause-failure.js';
import type { CheckContext } from '../../lib/harness/clause-test.js';
import { DeviceSocket, type WsMessage } from '../../lib/client/ws-client.js';
import { vendorGateHolds } from '../../lib/spec/vendor-kinds.js';
import type { Judgment } from '../../lib/judge/device/judgment.js';

/** How long the checks wait for an answer the device gives at once (a push, an error, `authorized`). */
export const ANSWER_MS = 3000;

export const isType = (type: string) => (m: WsMessage) => m.type === type;
export const isError = (m: WsMessage) => m.type === 'error';

/** The topics the documentation has the kind serve (DOC v2/websocket.mdx: one per endpoint it has). */
export const topicsOf = (ctx: CheckContext): string[] => ['device', 'user', 'measurement',
  ...(vendorGateHolds('v-system', ctx.run.kind) ? ['system'] : []), ...(vendorGateHolds('v-batteries', ctx.run.kind) ? ['batteries'] : [])];

/** The check's socket; `hold` fails the check on a judgment of the table's (judgeHeard) that does not hold, the transcript its evidence. */
export interface Conversation {
  socket: DeviceSocket;
  hold(j: Judgment): void;
}

/** Opens the socket, runs `fn` on it, and logs the transcript; `authorize` first where the check is not about the handshake. */
export async function talking(ctx: CheckContext, authorize: boolean, fn: (c: Conversation) => Promise<void>): Promise<void> {
  const socket = new DeviceSocket(ctx.run.target, ctx.device.log);
  let failure: ClauseFailure | null = null;
  const c: Conversation = {
    socket,
    hold(j) {
      if (!j.held) throw (failure = new ClauseFailure(j.expected, j.observed, socket.transcript()));
    },
  };
  try {
    if (!(await socket.open())) throw new PreconditionError(`the WebSocket ${socket.url} could not be opened`);
    if (authorize) await authorized(socket, ctx.token);
    await fn(c);
  } finally {
    if (!failure) socket.transcript();
    await socket.close();
  }
}

/** The handshake of V-WS-01 and V-WS-02, for the checks that start after it. */
export async function authorized(socket: DeviceSocket, token: string): Promise<void> {
  await socket.next(isType('authorization_requested'), ANSWER_MS);
  socket.send({ type: 'authorization', data: token });
  if (!(await socket.next(isType('authorized'), ANSWER_MS))) {
    throw new PreconditionError(`the device did not authorize the run's token over the WebSocket within ${ANSWER_MS} ms (see V-WS-02)`);
  }
}
