// CL-PAIR: getting a token, and keeping the one received.
import type { Phase } from '../../spec/client-clause-types.js';
import { USER_NAME } from '../../spec/schemas.js';
import type { SeenRequest, Traffic } from '../../spec/traffic.js';
import { type Finding, bearerOf, count, inPhases, intoScenario, named, each, isObject, isPairing, parseJson, scenarioEnd } from './finding.js';

const refusedForNoPress = (r: SeenRequest) => r.status === 403 && r.responseBody.includes('user:creation-not-enabled');
/** The network between integration and device may bring two requests closer than they were sent. */
export const PAIR_POLL_MS = 500;
export const PAIR_POLL_SLACK_MS = 20;
/** A token issued this close to the scenario's end may not have been used yet: PAIR-04 does not judge it. */
export const LATE_TOKEN_MS = 10_000;

/** When the device first refused a token: a request carrying it answered 401 (Infinity where never). */
function refusedAt(t: Traffic, token: string, after: number): number {
  return t.requests.find((r) => r.at > after && r.status === 401 && bearerOf(r) === token)?.at ?? Infinity;
}

/** POST /api/user has a JSON object body whose `name` is a local/ name of the specification's rules. */
export function pair01(t: Traffic, within: readonly Phase[]): Finding {
  const posts = inPhases(t.requests, within).filter(isPairing);
  if (!posts.length) return { skip: 'the integration never asked for a token (no POST /api/user)' };
  const bad = posts
    .map((r) => {
      const body = parseJson(r.body);
      if (body === undefined) return [r, `a body that is not JSON: ${JSON.stringify(r.body.slice(0, 80))}`] as const;
      if (!isObject(body)) return [r, `a body that is not a JSON object: ${r.body.slice(0, 80)}`] as const;
      const name = body.name;
      if (typeof name !== 'string') return [r, 'no string `name` in its body'] as const;
      if (!USER_NAME.test(name))
        return [r, `the name ${JSON.stringify(name)}, which is not local/ followed by 1 to 40 of letters, digits and -_/\\# and space`] as const;
      return null;
    })
    .filter((x) => x !== null);
  if (!bad.length)
    return { held: true, message: `${each(posts.length, 'POST /api/user', 'POST /api/user requests')} sent a JSON object with a valid local/ name` };
  return { held: false, evidence: bad.map(([r]) => r.id), message: `${named(bad[0]![0])} sent ${bad[0]![1]}` };
}

/** While the device answers 403 user:creation-not-enabled, POST /api/user is repeated no faster than every 500 ms. */
export function pair02(t: Traffic, within: readonly Phase[]): Finding {
  const posts = inPhases(t.requests, within).filter(isPairing);
  const gaps = posts
    .slice(1)
    .map((r, i) => [posts[i]!, r] as const)
    .filter(([prev]) => refusedForNoPress(prev));
  if (!gaps.length) return { skip: 'the integration never asked again after a 403 user:creation-not-enabled' };
  const fast = gaps.filter(([a, b]) => b.at - a.at < PAIR_POLL_MS - PAIR_POLL_SLACK_MS);
  const shortest = Math.min(...gaps.map(([a, b]) => b.at - a.at));
  if (!fast.length) return { held: true, message: `${count(gaps.length, 'repeat')} after a refusal, the closest ${shortest} ms apart` };
  const [a, b] = fast[0]!;
  return {
    held: false,
    evidence: [b.id, a.id],
    message:
      `${named(b)} came ${b.at - a.at} ms after the refused one before it (the vendor asks for 500 ms or more; ` +
      `${PAIR_POLL_SLACK_MS} ms allowed for the network); ${count(fast.length, 'repeat')} of ${gaps.length} came sooner than that`,
  };
}

/** After a 200 with a token, no further POST /api/user until the device refuses that token. */
export function pair03(t: Traffic, within: readonly Phase[]): Finding {
  if (!t.tokens.length) return { skip: 'the device issued no token' };
  const posts = inPhases(t.requests, within).filter(isPairing);
  for (const issued of t.tokens) {
    const until = refusedAt(t, issued.token, issued.at);
    const again = posts.find((r) => r.at > issued.at && r.at < until);
    if (again) {
      return {
        held: false,
        evidence: [again.id, issued.request],
        message:
          `${named(again)} asked for a token again ${((again.at - issued.at) / 1000).toFixed(1)} s ` +
          `after receiving one the device had not refused: the same name revokes the token just received; another name makes a second user`,
      };
    }
  }
  return { held: true, message: `${count(t.tokens.length, 'token')} received, and none asked for again while it was accepted` };
}

/** The token received is the one used: the next v2 request carries it. */
export function pair04(t: Traffic, within: readonly Phase[]): Finding {
  // A token's phase is its creation request's, as the recorder wrote it down: a phase that begins in the millisecond the
  // answer went out has the same time as the token.
  const tokens = t.tokens.filter((k) => within.includes(t.requests.find((r) => r.id === k.request)?.phase as Phase));
  if (!tokens.length) return { skip: 'the device issued no token in the phases judged' };
  let judged = 0;
  for (const issued of tokens) {
    const next = t.requests.find((r) => r.side === 'v2' && r.at > issued.at);
    if (!next) {
      if (scenarioEnd(t) - issued.at < LATE_TOKEN_MS) continue;
      return { held: false, evidence: [issued.request], message: `no v2 request followed the token received ${intoScenario(issued.at)}` };
    }
    judged += 1;
    if (bearerOf(next) !== issued.token) {
      return {
        held: false,
        evidence: [next.id, issued.request],
        message:
          `${named(next)}, the first v2 request after a token was received, ` +
          `${next.headers.authorization === undefined ? 'carried no token' : 'carried another credential than the token just received'}`,
      };
    }
  }
  if (!judged) return { skip: `the only token came within ${LATE_TOKEN_MS / 1000} s of the scenario's end, before any request could use it` };
  return { held: true, message: `after each of ${count(judged, 'token')} received, the next v2 request carried it` };
}

/** OBSERVE: how long the integration keeps asking without a press, and what it does when it stops. */
export function pair05(t: Traffic, within: readonly Phase[]): Finding {
  const press = t.presses[0] ?? Infinity;
  const refused = inPhases(t.requests, within).filter((r) => isPairing(r) && refusedForNoPress(r) && r.at < press);
  if (!refused.length) return { observed: { asked: 0 }, message: 'no POST /api/user was refused before the press' };
  const first = refused[0]!;
  const last = refused.at(-1)!;
  const observed = { asked: refused.length, firstAt: first.at, lastAt: last.at, askingAtPress: press !== Infinity && press - last.at < 5_000 };
  return {
    observed,
    evidence: [first.id, last.id],
    message:
      `${count(refused.length, 'POST /api/user', 'POST /api/user requests')} refused before the press, over ${((last.at - first.at) / 1000).toFixed(1)} s; ` +
      (observed.askingAtPress ? 'still asking when the button was pressed' : 'it had stopped asking before the press'),
  };
}
