// An integration that lives on WebSocket pushes (vendor-api.md §3.8) keeps working by keeping its authorized
// connection, not by polling: the clauses that ask whether it keeps working (CL-VER-02, CL-LIFE-01) read this
// where it sent no request with a token.
import type { Phase } from '../../spec/client-clause-types.js';
import type { SeenSocket, Traffic } from '../../spec/traffic.js';
import { isObject, parseJson, scenarioEnd } from './finding.js';

/** A conversation the integration authorized with a token the device issued: the token, and when it sent it. */
export interface Authorized {
  socket: SeenSocket;
  token: string;
  at: number;
  until: number;
}

/** Every conversation the integration authorized with an issued token, in the order they opened; `until`: its close, or the scenario's end. */
export function authorizedSockets(t: Traffic): Authorized[] {
  const issued = new Set(t.tokens.map((k) => k.token));
  const end = scenarioEnd(t);
  return t.sockets
    .filter((s) => !s.cut)
    .flatMap((s) => {
      const first = s.messages.find((m) => m.from === 'client');
      const msg = first && parseJson(first.text);
      const token = isObject(msg) && msg.type === 'authorization' && typeof msg.data === 'string' && issued.has(msg.data) ? msg.data : null;
      return token ? [{ socket: s, token, at: first!.at, until: s.closedAt ?? end }] : [];
    })
    .sort((a, b) => a.socket.openedAt - b.socket.openedAt);
}

/** Of the authorized conversations (`sockets`, by default all of them), those open during any of `phases`. */
export function authorizedDuring(t: Traffic, phases: readonly Phase[], sockets: readonly Authorized[] = authorizedSockets(t)): Authorized[] {
  const spans = t.phases.filter((p) => phases.includes(p.phase));
  return sockets.filter((a) => spans.some((p) => a.at < p.to && a.until > p.from));
}

/** How long, of [from, to), a conversation authorized with one of `tokens` was open. */
export function heldOpenMs(sockets: readonly Authorized[], tokens: ReadonlySet<string>, from: number, to: number): number {
  const spans = sockets
    .filter((a) => tokens.has(a.token))
    .map((a) => [Math.max(a.at, from), Math.min(a.until, to)] as const)
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  let covered = 0;
  let reached = from;
  for (const [a, b] of spans) {
    covered += Math.max(0, b - Math.max(a, reached));
    reached = Math.max(reached, b);
  }
  return covered;
}
