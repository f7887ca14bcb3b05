// CL-WS: the integration on the vendor's WebSocket (vendor-api.md §3.8), judged on the conversations the device
// recorded (Traffic.sockets) and, for CL-WS-03, on what it polled over HTTPS beside them.
import type { Phase } from '../../spec/client-clause-types.js';
import type { SeenSocket, Traffic } from '../../spec/traffic.js';
import { type Finding, count, intoScenario, isObject, parseJson } from './finding.js';

/** DOC v2/websocket.mdx: the token within 40 s of the device's request. */
export const AUTHORIZE_WITHIN_MS = 40_000;
const RETRY_MS = 1000;
const SLACK_MS = 50;
const ENDPOINTS: Record<string, string> = {
  device: '/api',
  user: '/api/user',
  measurement: '/api/measurement',
  system: '/api/system',
  batteries: '/api/batteries',
};

interface Frame {
  at: number;
  from: 'client' | 'device';
  text: string;
  msg: { type?: unknown; data?: unknown } | null;
}
const framesOf = (s: SeenSocket): Frame[] =>
  s.messages.map((m) => {
    const v = parseJson(m.text);
    return { ...m, msg: isObject(v) ? v : null };
  });
const sent = (s: SeenSocket) => framesOf(s).filter((f) => f.from === 'client');
const asked = (s: SeenSocket) => framesOf(s).find((f) => f.from === 'device' && f.msg?.type === 'authorization_requested');
const when = (s: SeenSocket) => `the WebSocket opened ${intoScenario(s.openedAt)} (${s.phase})`;
const spoken = (t: Traffic, within: readonly Phase[]) => t.sockets.filter((s) => !s.cut && within.includes(s.phase) && sent(s).length > 0);

/** Its first message on every connection is the authorization with an issued token, within 40 s of the device's request. */
export function ws01(t: Traffic, within: readonly Phase[]): Finding {
  const mine = spoken(t, within);
  if (!mine.length) return { skip: 'the integration sent nothing over a WebSocket' };
  const issued = new Set(t.tokens.map((k) => k.token));
  for (const s of mine) {
    const [first] = sent(s);
    const request = asked(s);
    const late = request && first!.at - request.at > AUTHORIZE_WITHIN_MS;
    if (first!.msg?.type !== 'authorization' || typeof first!.msg.data !== 'string' || !issued.has(first!.msg.data) || late) {
      return {
        held: false,
        evidence: [s.id],
        message:
          `on ${when(s)} its first message was ${first!.text.slice(0, 120)}${late ? `, ${((first!.at - request!.at) / 1000).toFixed(1)} s after the device asked` : ''}` +
          ' (the authorization with a token the device issued, within 40 s, comes first)',
      };
    }
  }
  return { held: true, message: `it authorized first on ${count(mine.length, 'WebSocket connection')}` };
}

/** Nothing is sent before the device's authorization_requested. */
export function ws02(t: Traffic, within: readonly Phase[]): Finding {
  const mine = spoken(t, within);
  if (!mine.length) return { skip: 'the integration sent nothing over a WebSocket' };
  for (const s of mine) {
    const request = asked(s);
    const early = sent(s).find((f) => !request || f.at < request.at);
    if (early) {
      return {
        held: false,
        evidence: [s.id],
        message: `on ${when(s)} it sent ${early.text.slice(0, 120)} ${request ? `${request.at - early.at} ms before the device asked for authorization` : 'where the device never asked for authorization'}`,
      };
    }
  }
  return { held: true, message: `it waited for authorization_requested on ${count(mine.length, 'WebSocket connection')}` };
}

/** A subscribed topic is not also polled over HTTPS: at most one GET of its endpoint while subscribed. */
export function ws03(t: Traffic, within: readonly Phase[]): Finding {
  const inside = (at: number) => t.phases.some((p) => within.includes(p.phase) && at >= p.from && at < p.to);
  let subscriptions = 0;
  for (const s of t.sockets.filter((x) => !x.cut)) {
    const frames = sent(s);
    for (const [i, f] of frames.entries()) {
      if (f.msg?.type !== 'subscribe' || typeof f.msg.data !== 'string') continue;
      const topics = f.msg.data === '*' ? Object.keys(ENDPOINTS) : [f.msg.data];
      for (const topic of topics.filter((x) => ENDPOINTS[x])) {
        const ended =
          frames.slice(i + 1).find((g) => g.msg?.type === 'unsubscribe' && (g.msg.data === topic || g.msg.data === '*'))?.at ?? s.closedAt ?? Infinity;
        const polls = t.requests.filter(
          (r) => r.side === 'v2' && r.method === 'GET' && r.path === ENDPOINTS[topic] && r.at >= f.at && r.at < ended && inside(r.at),
        );
        subscriptions += 1;
        if (polls.length > 1) {
          return {
            held: false,
            evidence: [s.id, ...polls.slice(0, 10).map((r) => r.id)],
            message:
              `subscribed to "${topic}" on ${when(s)}, it also asked ` +
              `GET ${ENDPOINTS[topic]} ${polls.length} times while subscribed (the device pushes every change)`,
          };
        }
      }
    }
  }
  return subscriptions
    ? { held: true, message: `no subscribed topic polled over HTTPS (${count(subscriptions, 'subscription')})` }
    : { skip: `the integration subscribed to no topic during ${within.join(' and ')}` };
}

/** While the device is away, a WebSocket is tried no more often than once a second. */
export function ws04(t: Traffic): Finding {
  const tries = t.sockets.filter((s) => t.away.some((a) => s.openedAt >= a.from && s.openedAt < a.to)).sort((a, b) => a.openedAt - b.openedAt);
  if (!tries.length) return { skip: 'the integration tried no WebSocket while the device was away' };
  for (let i = 1; i < tries.length; i += 1) {
    const gap = tries[i]!.openedAt - tries[i - 1]!.openedAt;
    if (gap < RETRY_MS - SLACK_MS) {
      return {
        held: false,
        evidence: [tries[i]!.id, tries[i - 1]!.id],
        message:
          `it tried the WebSocket again ${gap} ms after the last try while the device was away ` +
          `(${count(tries.length, 'try', 'tries')} in all; once a second at most)`,
      };
    }
  }
  return { held: true, message: `${count(tries.length, 'try', 'tries')} while the device was away, at least a second apart` };
}

/** Every message it sends is a JSON object with a string type. */
export function ws05(t: Traffic, within: readonly Phase[]): Finding {
  const mine = spoken(t, within);
  if (!mine.length) return { skip: 'the integration sent nothing over a WebSocket' };
  for (const s of mine) {
    const bad = sent(s).find((f) => typeof f.msg?.type !== 'string');
    if (bad)
      return {
        held: false,
        evidence: [s.id],
        message: `on ${when(s)} it sent ${JSON.stringify(bad.text.slice(0, 120))}, not a JSON object with a string type`,
      };
  }
  return {
    held: true,
    message: `${count(
      mine.reduce((n, s) => n + sent(s).length, 0),
      'message',
    )}, each a JSON object with a type`,
  };
}
