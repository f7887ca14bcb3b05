// CL-LOAD and CL-LIFE: what a small device can carry, and living through what devices do.
import type { Phase } from '../../spec/client-clause-types.js';
import type { SeenRequest, Traffic } from '../../spec/traffic.js';
import { type Finding, bearerOf, count, inPhases, intoScenario, named, isPairing, scenarioEnd } from './finding.js';
import { authorizedDuring, authorizedSockets } from './socket-life.js';

export const WINDOW_MS = 10_000;
/** The vendor's 500 ms: 20 requests of one endpoint in a 10 s window; one more is allowed for timing at the window's edges. */
export const PER_WINDOW = WINDOW_MS / 500 + 1;
export const MAX_OPEN = 3;
export const REQUESTS_PER_CONNECTION = 10;
export const AWAY_RETRY_MS = 1_000;
export const REFUSED_RETRY_MS = 10_000;
/** Timers on both sides: a retry this much sooner than the interval still counts as keeping it. */
export const RETRY_SLACK_MS = 50;
export const BACK_WITHIN_MS = 30_000;

const endpoint = (r: SeenRequest) => `${r.method} ${r.path} (${r.side})`;
const isAway = (t: Traffic, at: number) => t.away.some((a) => at >= a.from && at < a.to);

function byEndpoint(requests: readonly SeenRequest[]): Map<string, SeenRequest[]> {
  const m = new Map<string, SeenRequest[]>();
  for (const r of requests) m.set(endpoint(r), [...(m.get(endpoint(r)) ?? []), r]);
  return m;
}

/** No endpoint is asked more often than once per 500 ms, averaged over any 10 s window. */
export function load01(t: Traffic, within: readonly Phase[]): Finding {
  const mine = inPhases(t.requests, within);
  if (!mine.length) {
    // An integration that lives on the WebSocket's pushes asks no endpoint at all: the load it puts on the device is its connection.
    const kept = authorizedDuring(t, within).length;
    return kept
      ? {
          held: true,
          message: `it asked no endpoint during ${within.join(' and ')}: it kept ${count(kept, 'authorized WebSocket')} open, on which the device pushes`,
        }
      : { skip: `the integration sent no request during ${within.join(' and ')}` };
  }
  let busiest = 0;
  for (const [name, list] of byEndpoint(mine)) {
    for (let i = 0, j = 0; i < list.length; i += 1) {
      while (j < list.length && list[j]!.at < list[i]!.at + WINDOW_MS) j += 1;
      busiest = Math.max(busiest, j - i);
      if (j - i > PER_WINDOW) {
        return {
          held: false,
          evidence: [list[i]!.id, list[j - 1]!.id],
          message:
            `${name} was asked ${j - i} times within 10 s from ${(list[i]!.at / 1000).toFixed(1)} s ` +
            `(the vendor asks for once per 500 ms at most: 20 in 10 s, and one more is allowed for timing)`,
        };
      }
    }
  }
  return { held: true, message: `at most ${busiest} requests of one endpoint in any 10 s` };
}

/** Connections are reused: never more than 3 open at once, and in steady polling at most one new connection per 10 requests. */
export function load02(t: Traffic, within: readonly Phase[]): Finding {
  const inside = (at: number) => t.phases.some((p) => within.includes(p.phase) && at >= p.from && at < p.to);
  const stop = scenarioEnd(t);
  const events = t.connections
    .flatMap(
      (c) =>
        [
          [c.openedAt, 1, c.id],
          [c.closedAt ?? stop, -1, c.id],
        ] as const,
    )
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let open = 0;
  for (const [at, delta] of events) {
    open += delta;
    if (delta > 0 && open > MAX_OPEN && inside(at)) {
      const first = t.requests.find((r) => r.at >= at);
      return {
        held: false,
        evidence: first ? [first.id] : [],
        message: `${open} connections were open to the device at once, ${intoScenario(at)} ` + `(small devices have few slots: at most ${MAX_OPEN})`,
      };
    }
  }
  const steady = inPhases(t.requests, ['steady']);
  if (!steady.length) return socketReuse(t) ?? { skip: 'the integration sent no request and kept no WebSocket during steady' };
  // A connection the device closed (its keep-alive time) has to be opened again: that one is the device's doing,
  // unless the client asked for the close (`Connection: close` on its last request).
  const askedToClose = (id: number) => /close/i.test(t.requests.filter((r) => r.connection === id).at(-1)?.headers.connection ?? '');
  // A WebSocket is a long connection of its own (the WS clauses judge it), not one a request could have reused.
  const upgraded = new Set(t.sockets.map((s) => s.connection));
  // Per port: a client of both APIs keeps a connection to each.
  for (const side of ['v1', 'v2'] as const) {
    const requests = steady.filter((r) => r.side === side);
    const opened = t.connections.filter((c) => c.side === side && c.phase === 'steady' && !upgraded.has(c.id));
    const deviceClosed = t.connections.filter(
      (c) => c.side === side && c.closedBy === 'device' && c.closedAt !== null && inside(c.closedAt) && c.phase !== 'reboot' && !askedToClose(c.id),
    ).length;
    const allowed = Math.ceil(requests.length / REQUESTS_PER_CONNECTION) + deviceClosed;
    if (opened.length > allowed) {
      const first = requests.find((r) => r.connection === opened.at(-1)!.id) ?? requests[0] ?? steady[0]!;
      return {
        held: false,
        evidence: [first.id],
        message:
          `${count(opened.length, 'connection')} opened to the ${side} port for ${count(requests.length, 'request')} ` +
          `during steady (at most one per ${REQUESTS_PER_CONNECTION} requests, ${allowed} here${deviceClosed ? `, counting the ${deviceClosed} the device closed` : ''}): ` +
          'it does not keep its connections alive',
      };
    }
  }
  const opened = t.connections.filter((c) => c.phase === 'steady').length;
  return {
    held: true,
    message: `${count(opened, 'connection')} opened for ${count(steady.length, 'request')} during steady, never more than ${MAX_OPEN} open`,
  };
}

/**
 * Steady without a request: an integration on the WebSocket reuses its connection by keeping it. More WebSockets
 * opened during steady than one, and one for each the device closed, is a connection it did not keep.
 */
function socketReuse(t: Traffic): Finding | null {
  if (!authorizedDuring(t, ['steady']).length) return null;
  const steady = t.phases.find((p) => p.phase === 'steady')!;
  const during = (at: number | null) => at !== null && at >= steady.from && at < steady.to;
  const opened = t.sockets.filter((s) => !s.cut && during(s.openedAt));
  const deviceClosed = t.sockets.filter((s) => s.closedBy === 'device' && during(s.closedAt)).length;
  if (opened.length > 1 + deviceClosed) {
    return {
      held: false,
      evidence: opened.slice(0, 10).map((s) => s.id),
      message:
        `${count(opened.length, 'WebSocket')} opened during steady` +
        `${deviceClosed ? ` (the device closed ${deviceClosed})` : ''}, and no request: it does not keep its connection to the device`,
    };
  }
  return {
    held: true,
    message: `no request during steady: it kept its WebSocket open (${count(opened.length, 'WebSocket')} opened then), never more than ${MAX_OPEN} connections open`,
  };
}

/** While the device is away or refuses the token, requests are not repeated faster than once per second; a refused token not more than once per 10 s. */
export function load03(t: Traffic, within: readonly Phase[]): Finding {
  const mine = inPhases(t.requests, within);
  const away = mine.filter((r) => isAway(t, r.at));
  let judged = 0;
  for (const [name, list] of byEndpoint(away)) {
    for (let i = 1; i < list.length; i += 1) {
      // A repeat of a try the device cut off: one it still answered (its going away is a moment, not an instant) gave no cause to wait.
      if (list[i - 1]!.status !== 0) continue;
      judged += 1;
      const gap = list[i]!.at - list[i - 1]!.at;
      if (gap < AWAY_RETRY_MS - RETRY_SLACK_MS) {
        return {
          held: false,
          evidence: [list[i]!.id, list[i - 1]!.id],
          message:
            `${named(list[i]!)} came ${gap} ms after the same request, while the device was away ` + `(${name} was repeated faster than once per second)`,
        };
      }
    }
  }
  for (const issued of t.tokens) {
    const refusal = mine.find((r) => r.status === 401 && bearerOf(r) === issued.token);
    if (!refusal) continue;
    const again = mine.filter((r) => r.at >= refusal.at && bearerOf(r) === issued.token);
    for (let i = 1; i < again.length; i += 1) {
      judged += 1;
      const gap = again[i]!.at - again[i - 1]!.at;
      if (gap < REFUSED_RETRY_MS - RETRY_SLACK_MS) {
        return {
          held: false,
          evidence: [again[i]!.id, again[i - 1]!.id],
          message: `${named(again[i]!)} sent the refused token again ${(gap / 1000).toFixed(1)} s after the last refusal (no more than once per 10 s)`,
        };
      }
    }
  }
  if (!judged) return { skip: 'the integration repeated nothing while the device was away or refused its token' };
  return { held: true, message: `${count(judged, 'repeat')} while the device was away or refused the token, none too soon` };
}

/** Within 30 s of the device's return the integration polls again, with the token it had and without pairing again. */
export function life01(t: Traffic): Finding {
  const down = t.away[0];
  if (!down) return { skip: 'the device did not go away' };
  const before = t.requests.filter((r) => r.at < down.from && bearerOf(r) !== null).at(-1);
  if (!before) return backOnTheSocket(t, down) ?? { skip: 'the integration had sent no request with a token, and authorized no WebSocket, before the reboot' };
  const token = bearerOf(before);
  const after = t.requests.filter((r) => r.at >= down.to);
  const paired = after.find((r) => isPairing(r) && r.at < down.to + BACK_WITHIN_MS);
  // Polling again: a GET with its token that the device answered (whatever it answered); a goodbye is no poll.
  const back = after.find((r) => r.method === 'GET' && bearerOf(r) === token && r.status > 0);
  if (back && back.at - down.to <= BACK_WITHIN_MS && (!paired || paired.at > back.at)) {
    return { held: true, message: `it was polling again with its token ${((back.at - down.to) / 1000).toFixed(1)} s after the device came back` };
  }
  if (paired && (!back || paired.at < back.at))
    return { held: false, evidence: [paired.id], message: `${named(paired)}: it paired again after the reboot, where its token was still good` };
  if (!back && scenarioEnd(t) - down.to < BACK_WITHIN_MS) {
    return {
      skip: `the scenario ended ${((scenarioEnd(t) - down.to) / 1000).toFixed(1)} s after the device came back, before the 30 s the clause allows, and the integration had not polled again`,
    };
  }
  return {
    held: false,
    evidence: [(back ?? before).id],
    message: back
      ? `it polled again only ${((back.at - down.to) / 1000).toFixed(1)} s after the device came back (30 s at most)`
      : `it did not poll again with its token after the device came back; its last request with it before the reboot: ${named(before)}`,
  };
}

/**
 * LIFE-01 for an integration that lives on the WebSocket (no request with a token before the reboot): within 30 s
 * of the device's return it has authorized a connection again with the token it had, without pairing again. Null
 * where it authorized no WebSocket before the reboot.
 */
function backOnTheSocket(t: Traffic, down: { from: number; to: number }): Finding | null {
  const sockets = authorizedSockets(t);
  const had = sockets.filter((a) => a.at < down.from).at(-1);
  if (!had) return null;
  const back = sockets.find((a) => a.socket.openedAt >= down.to && a.token === had.token);
  const paired = t.requests.find((r) => r.at >= down.to && isPairing(r) && r.at < down.to + BACK_WITHIN_MS);
  const after = (a: { at: number }) => `${((a.at - down.to) / 1000).toFixed(1)} s after the device came back`;
  if (back && back.at - down.to <= BACK_WITHIN_MS && (!paired || paired.at > back.at)) {
    return { held: true, message: `it authorized its WebSocket again with its token ${after(back)}` };
  }
  if (paired && (!back || paired.at < back.at))
    return { held: false, evidence: [paired.id], message: `${named(paired)}: it paired again after the reboot, where its token was still good` };
  if (!back && scenarioEnd(t) - down.to < BACK_WITHIN_MS) {
    return {
      skip: `the scenario ended ${((scenarioEnd(t) - down.to) / 1000).toFixed(1)} s after the device came back, before the 30 s the clause allows, and the integration had not opened its WebSocket again`,
    };
  }
  return {
    held: false,
    evidence: [(back ?? had).socket.id],
    message: back
      ? `it authorized its WebSocket again only ${after(back)} (30 s at most)`
      : 'it did not authorize a WebSocket again with its token after the device came back (it lives on the WebSocket: it sent no request with a token before the reboot)',
  };
}

/** OBSERVE: what the integration does once its token is refused. */
export function life02(t: Traffic, within: readonly Phase[]): Finding {
  const mine = inPhases(t.requests, within);
  const refusal = mine.find((r) => r.status === 401 && bearerOf(r) !== null);
  if (!refusal) return { observed: { refused: false }, message: 'its token was never refused (it sent none during revoked)' };
  const token = bearerOf(refusal);
  const later = mine.filter((r) => r.at > refusal.at);
  const pairedAt = later.find(isPairing)?.at ?? null;
  const retries = later.filter((r) => bearerOf(r) === token).length;
  const what =
    pairedAt !== null
      ? `paired again ${((pairedAt - refusal.at) / 1000).toFixed(1)} s after the first refusal`
      : retries
        ? 'kept sending the refused token'
        : 'stopped';
  return {
    observed: { refusedAt: refusal.at, pairedAt, retriesWithRefusedToken: retries, lastRequestAt: later.at(-1)?.at ?? refusal.at },
    evidence: [refusal.id],
    message: `${what}; the refused token was sent ${count(retries, 'more time')}`,
  };
}
