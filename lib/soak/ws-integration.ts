// One WebSocket integration of a soak, as the vendor documents the socket (DOC v2/websocket.mdx) and energy
// managers hold it: connect, send the token when asked, subscribe to `measurement`, and keep listening; a socket
// that closes is opened again after a wait that doubles from 1 s to 10 s. Every message it hears, from the request
// for the token on, goes to the stream tracker (streams.ts), and each measurement to the soak's readings; it keeps no messages.
import { type Agent, WebSocket } from 'undici';
import type { Target } from '../client/device-client.js';
import { wsAgent, wsUrl } from '../client/ws-client.js';
import type { SoakClock } from './integration.js';
import type { StreamTracker } from './streams.js';

export interface WsIntegrationInput {
  target: Target;
  token: string;
  /** Which of the WebSocket integrations this is, from 0. */
  index: number;
  clock: SoakClock;
  streams: StreamTracker;
  /** A `measurement` message's data, and when it came: the soak judges it as a reading (V-READ). */
  measurement?(at: number, data: unknown): void;
}

const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 10_000;

/** Listens until the signal aborts; resolves once its socket is closed. */
export async function runWsIntegration(input: WsIntegrationInput, signal: AbortSignal): Promise<void> {
  const { target, clock, streams, index } = input;
  const agent = wsAgent(target);
  const url = wsUrl(target);
  let wait = FIRST_WAIT_MS;
  try {
    while (!signal.aborted) {
      const heardAny = await listen(
        url,
        agent,
        input,
        signal,
        () => streams.open(index, clock.now()),
        (at) => streams.push(index, at),
      );
      // Closed by the soak's end: a silence under way then is counted to the end, still open.
      if (signal.aborted) break;
      streams.closed(index, clock.now());
      wait = heardAny ? FIRST_WAIT_MS : Math.min(wait * 2, LONGEST_WAIT_MS);
      await clock.sleep(wait, signal);
    }
  } finally {
    await agent.destroy().catch(() => undefined);
  }
}

/** One connection, to its close: whether it heard a push after its subscription. */
function listen(url: string, agent: Agent, input: WsIntegrationInput, signal: AbortSignal, opened: () => void, heard: (at: number) => void): Promise<boolean> {
  return new Promise((resolve) => {
    let pushed = false;
    let subscribed = false;
    const ws = new WebSocket(url, { dispatcher: agent });
    // The soak ends: a device whose socket task hung may never answer the close, so the connection is cut a second later.
    const stop = () => {
      ws.close();
      setTimeout(() => void agent.destroy().catch(() => undefined), 1000).unref();
    };
    signal.addEventListener('abort', stop, { once: true });
    ws.addEventListener('open', opened);
    ws.addEventListener('message', (e) => {
      const at = input.clock.now();
      heard(at);
      let type: unknown;
      try {
        const message = JSON.parse(String(e.data)) as { type?: unknown; data?: unknown };
        type = message.type;
        if (type === 'measurement') input.measurement?.(at, message.data);
      } catch {
        /* not JSON: heard all the same */
      }
      if (type === 'authorization_requested') ws.send(JSON.stringify({ type: 'authorization', data: input.token }));
      else if (type === 'authorized') {
        ws.send(JSON.stringify({ type: 'subscribe', data: 'measurement' }));
        subscribed = true;
      } else if (subscribed) pushed = true;
    });
    ws.addEventListener('error', () => undefined);
    ws.addEventListener('close', () => {
      signal.removeEventListener('abort', stop);
      resolve(pushed);
    });
  });
}
