// CL-VER: versions. The device serves major version 2 over HTTPS; the `newer` phase reports 2.9.0 with
// fields it never sent before.
import type { Phase } from '../../spec/client-clause-types.js';
import type { SeenRequest, Traffic } from '../../spec/traffic.js';
import { type Finding, bearerOf, count, inPhases, named, each, isPairing, tally } from './finding.js';
import { authorizedDuring, authorizedSockets, heldOpenMs } from './socket-life.js';

/** The majors the device serves over HTTPS. */
export const SERVED_MAJORS = [2];
/** VER-02: the rate in `newer` may drop to this share of the rate in `steady` before it counts as not "its usual rate". */
export const USUAL_RATE_SHARE = 0.5;

/** An X-Api-Version the integration sends names a major version the device serves over HTTPS (not 1). */
export function ver01(t: Traffic, within: readonly Phase[]): Finding {
  const sent = inPhases(t.requests, within).filter((r) => r.headers['x-api-version'] !== undefined);
  if (!sent.length) return { skip: 'the integration sent no X-Api-Version (VER-03 records it)' };
  const bad = sent.filter((r) => !SERVED_MAJORS.includes(Number(/^\s*(\d+)(?:\.\d+){0,2}\s*$/.exec(r.headers['x-api-version']!)?.[1])));
  if (!bad.length) return { held: true, message: `${each(sent.length, 'X-Api-Version header')} named major version ${SERVED_MAJORS.join(' or ')}` };
  return {
    held: false,
    evidence: bad.map((r) => r.id),
    message:
      `${named(bad[0]!)} sent X-Api-Version ${JSON.stringify(bad[0]!.headers['x-api-version'])}, ` +
      `which names no major version the device serves over HTTPS (${SERVED_MAJORS.join(', ')})`,
  };
}

const duration = (t: Traffic, phase: Phase) => t.phases.filter((p) => p.phase === phase).reduce((s, p) => s + p.to - p.from, 0);

/** With a newer MINOR version and unknown fields, the integration keeps working: same rate, same token, no new pairing. */
export function ver02(t: Traffic): Finding {
  const steady = inPhases(t.requests, ['steady']).filter((r) => bearerOf(r) !== null);
  if (!steady.length) {
    return (
      onTheSocket(t) ?? {
        skip: 'the integration sent no request with a token and authorized no WebSocket during steady, so there is no usual rate to hold it to',
      }
    );
  }
  const newer = inPhases(t.requests, ['newer']);
  const paired = newer.find(isPairing);
  if (paired) return pairedAgain(paired);
  const tokens = new Set(steady.map(bearerOf));
  const polled = newer.filter((r) => tokens.has(bearerOf(r)));
  const before = steady.length / duration(t, 'steady');
  const after = polled.length / duration(t, 'newer');
  if (!polled.length) {
    const first = newer[0];
    return {
      held: false,
      evidence: [(first ?? steady.at(-1)!).id],
      message:
        `it sent no request with its token once the device reported 2.9.0 and new fields ` +
        `(${count(steady.length, 'request')} during steady${first ? `; first in newer: ${named(first)}` : `; the last: ${named(steady.at(-1)!)}`})`,
    };
  }
  const per10s = (rate: number) => (rate * 10_000).toFixed(1);
  if (after < before * USUAL_RATE_SHARE) {
    return {
      held: false,
      evidence: polled.slice(0, 1).map((r) => r.id),
      message: `it slowed down once the device reported a newer version: ${per10s(after)} requests with its token per 10 s, from ${per10s(before)} during steady`,
    };
  }
  return { held: true, message: `it went on at ${per10s(after)} requests per 10 s (${per10s(before)} during steady), with the same token` };
}

const pairedAgain = (r: SeenRequest): Finding => ({
  held: false,
  evidence: [r.id],
  message: `${named(r)}: it asked for a new token once the device reported a newer version`,
});
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * VER-02 for an integration that lives on the WebSocket's pushes (no request with a token during steady): through
 * newer it keeps a connection authorized with the token it had during steady, at least half of the time as the
 * polling rate may halve, and does not pair again. Null where it authorized no WebSocket during steady.
 */
function onTheSocket(t: Traffic): Finding | null {
  const newer = t.phases.find((p) => p.phase === 'newer')!;
  const sockets = authorizedSockets(t);
  const tokens = new Set(authorizedDuring(t, ['steady'], sockets).map((a) => a.token));
  if (!tokens.size) return null;
  const paired = inPhases(t.requests, ['newer']).find(isPairing);
  if (paired) return pairedAgain(paired);
  const [open, length] = [heldOpenMs(sockets, tokens, newer.from, newer.to), newer.to - newer.from];
  if (open >= length * USUAL_RATE_SHARE) {
    return {
      held: true,
      message: `it sent no request with a token during steady and lives on the WebSocket: a connection authorized with its token was open ${seconds(open)} of newer's ${seconds(length)}`,
    };
  }
  const closed = sockets.find((a) => tokens.has(a.token) && a.socket.closedBy === 'client' && a.until >= newer.from && a.until < newer.to);
  const last = sockets.filter((a) => tokens.has(a.token)).at(-1)!;
  return {
    held: false,
    evidence: [(closed ?? last).socket.id],
    message:
      `it lives on the WebSocket, and a connection authorized with its token was open only ${seconds(open)} of newer's ` +
      `${seconds(length)}${closed ? `: it closed it ${seconds(closed.until - newer.from)} after the device reported 2.9.0 and new fields` : ''}`,
  };
}

/** OBSERVE: whether the integration sends X-Api-Version, and which value. */
export function ver03(t: Traffic, within: readonly Phase[]): Finding {
  const mine = inPhases(t.requests, within).filter((r) => r.side === 'v2');
  const values = tally(mine.map((r) => r.headers['x-api-version'] ?? '(none)'));
  const observed = Object.fromEntries(values);
  return { observed, message: mine.length ? [...values].map(([v, n]) => `${v} on ${count(n, 'request')}`).join(', ') : 'no v2 request' };
}
