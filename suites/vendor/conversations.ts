// The WebSocket checks' conversations, gentle on a small device (issue 34: its Wi-Fi chip struggles with several
// connections): the checks that ask and are answered at once take turns on one shared conversation, each judged on its
// own part of it; the checks that must listen for seconds (the clause's own window) each hold a socket of their own,
// driven from the start of the file so that their windows pass side by side, and are judged in their checks; one that
// waits out a device timer alone (V-WS-05) talks on a socket of its own. Each check's part is logged with its exchanges
// whatever happened, and a judgment that does not hold fails it with that part as evidence.
import { inject } from 'vitest';
import type { Target } from '../../lib/client/device-client.js';
import { ExchangeLog } from '../../lib/client/exchange-log.js';
import { Redactor } from '../../lib/client/redactor.js';
import { DeviceSocket, type WsMark } from '../../lib/client/ws-client.js';
import { ClauseFailure, PreconditionError } from '../../lib/harness/clause-failure.js';
import type { CheckContext } from '../../lib/harness/clause-test.js';
import type { Judgment } from '../../lib/judge/device/judgment.js';
import type { ClauseId } from '../../lib/spec/clause-types.js';
import { ANSWER_MS, type Conversation, authorized, isType } from './websocket-shared.js';

/** Opened, or the check cannot run. */
async function opened(socket: DeviceSocket): Promise<DeviceSocket> {
  if (!(await socket.open())) throw new PreconditionError(`the WebSocket ${socket.url} could not be opened`);
  return socket;
}

/** A socket of the run's own: its transcript redacted as a check's exchanges are. */
function openSocket(run: { target: Target; token: string | null }): DeviceSocket {
  const redactor = new Redactor();
  redactor.add(run.token);
  return new DeviceSocket(run.target, new ExchangeLog(redactor));
}

/** `hold` for a check's part of a conversation: a judgment that does not hold fails the check, that part its evidence. */
function holding(ctx: CheckContext, socket: DeviceSocket, from: WsMark): { hold(j: Judgment): void; logged(): void } {
  let logged = false;
  const log = () => {
    logged = true;
    return ctx.device.log.add(socket.transcript(from));
  };
  return {
    hold(j) {
      if (!j.held) throw new ClauseFailure(j.expected, j.observed, log());
    },
    logged() {
      if (!logged) log();
    },
  };
}

/**
 * The conversation the quick checks share. `stage`: `fresh`, the check hears the device's first message (V-WS-01);
 * `authorizing`, the check sends the token itself (V-WS-02); `authorized`, the check starts after the handshake,
 * which is made for it where no check made it. A socket the device closed is opened again.
 */
export class SharedConversation {
  private socket: DeviceSocket | null = null;
  private authorized = false;

  async talk(ctx: CheckContext, stage: 'fresh' | 'authorizing' | 'authorized', fn: (c: Conversation) => Promise<void>): Promise<void> {
    if (stage === 'fresh' && this.socket)
      throw new PreconditionError("the shared WebSocket had been used by an earlier check: its first message is not this check's to judge");
    if (!this.socket || this.socket.closed) {
      await this.socket?.close();
      [this.socket, this.authorized] = [await opened(openSocket(ctx.run)), false];
    }
    const socket = this.socket;
    if (stage === 'authorized' && !this.authorized) {
      await authorized(socket, ctx.token);
      this.authorized = true;
    }
    if (stage === 'authorizing' && !socket.heard.length) await socket.next(isType('authorization_requested'), ANSWER_MS);
    const part = holding(ctx, socket, socket.mark());
    try {
      await fn({ socket, hold: part.hold });
    } finally {
      part.logged();
      if (stage === 'authorizing') this.authorized = socket.heard.some((h) => h.msg?.type === 'authorized');
    }
  }

  async close(): Promise<void> {
    await this.socket?.close();
    this.socket = null;
  }
}

/**
 * A listening check's conversation: started ahead of its check (vendor/listeners.ts), judged in its check on what it
 * heard; its socket closes once its window has passed.
 */
export interface Early<T> {
  /** Starts it, once: a second start does nothing. */
  start(): void;
  judge(ctx: CheckContext, fn: (heard: T, hold: (j: Judgment) => void) => void): Promise<void>;
  close(): Promise<void>;
}

export function early<T>(id: ClauseId, authorize: boolean, drive: (socket: DeviceSocket) => Promise<T>): Early<T> {
  let going: { socket: DeviceSocket; result: Promise<T> } | null = null;
  return {
    start() {
      const run = inject('energyConform');
      if (going || run.skips[id] || run.token === null || !run.usable.v2) return;
      const socket = openSocket(run);
      const result = (async () => {
        await opened(socket);
        if (authorize) await authorized(socket, run.token!);
        return drive(socket);
      })();
      // Its window has passed: the socket is not held open beside the checks that follow (a small device's Wi-Fi).
      result.then(
        () => socket.close(),
        () => undefined,
      );
      going = { socket, result };
    },
    async judge(ctx, fn) {
      if (!going) this.start();
      if (!going) throw new PreconditionError('the WebSocket conversation could not be started (no token, or v2 not usable)');
      const { socket, result } = going;
      const part = holding(ctx, socket, { heard: 0, said: 0 });
      try {
        fn(await result, part.hold);
      } finally {
        part.logged();
      }
    },
    async close() {
      await going?.socket.close();
    },
  };
}

/** A socket of the check's own for its whole conversation, closed after it; `authorize` first where the check is not about the handshake. */
export async function talking(ctx: CheckContext, authorize: boolean, fn: (c: Conversation) => Promise<void>): Promise<void> {
  const socket = openSocket(ctx.run);
  const part = holding(ctx, socket, socket.mark());
  try {
    await opened(socket);
    if (authorize) await authorized(socket, ctx.token);
    await fn({ socket, hold: part.hold });
  } finally {
    part.logged();
    await socket.close();
  }
}
