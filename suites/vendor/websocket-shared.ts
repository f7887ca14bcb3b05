// What the WebSocket checks (V-WS) share: the waits, the message tests, the kind's topics, the handshake
// (the conversations themselves are in conversations.ts).
import { PreconditionError } from '../../lib/harness/clause-failure.js';
import type { CheckContext } from '../../lib/harness/clause-test.js';
import type { DeviceSocket, WsMessage } from '../../lib/client/ws-client.js';
import { vendorGateHolds } from '../../lib/spec/vendor-kinds.js';
import { servedHas } from '../../lib/spec/releases.js';
import type { Judgment } from '../../lib/judge/device/judgment.js';

/** How long the checks wait for an answer the device gives at once (a push, an error, `authorized`). */
export const ANSWER_MS = 3000;

export const isType = (type: string) => (m: WsMessage) => m.type === type;
export const isError = (m: WsMessage) => m.type === 'error';

/** The messages of what was heard (a heard frame that was no message aside). */
export const messages = (heard: readonly { msg: WsMessage | null }[]): WsMessage[] => heard.flatMap((h) => (h.msg ? [h.msg] : []));

/** The topics the documentation has the kind serve (DOC v2/websocket.mdx: one per endpoint it has, in the release it serves). */
export const topicsOf = (ctx: CheckContext): string[] => [
  'device',
  'user',
  'measurement',
  ...(vendorGateHolds('v-system', ctx.run.kind) ? ['system'] : []),
  ...(vendorGateHolds('v-batteries', ctx.run.kind) && servedHas(ctx.run.servedVersion, 'batteries') ? ['batteries'] : []),
];

/** The check's socket; `hold` fails the check on a judgment of the table's (judgeHeard) that does not hold, the transcript its evidence. */
export interface Conversation {
  socket: DeviceSocket;
  hold(j: Judgment): void;
}

/** The handshake of V-WS-01 and V-WS-02, for the checks that start after it. */
export async function authorized(socket: DeviceSocket, token: string): Promise<void> {
  await socket.next(isType('authorization_requested'), ANSWER_MS);
  socket.send({ type: 'authorization', data: token });
  if (!(await socket.next(isType('authorized'), ANSWER_MS))) {
    throw new PreconditionError(`the device did not authorize the run's token over the WebSocket within ${ANSWER_MS} ms (see V-WS-02)`);
  }
}
