// CL-AUTH: the token is a secret, and goes only where the specification puts it.
import type { SeenRequest, Traffic } from '../../spec/traffic.js';
import { type Finding, bearerOf, count, holdsToken, inPhases, issuedTokens, named, each, isPairing, tally } from './finding.js';
import type { Phase } from '../../spec/client-clause-types.js';

const urlOf = (r: SeenRequest) => `${r.path}?${r.query}`;

/** No request to the HTTP (v1) port carries the token. */
export function auth01(t: Traffic, within: readonly Phase[]): Finding {
  const v1 = inPhases(t.requests, within).filter((r) => r.side === 'v1');
  if (!v1.length) return { held: true, message: 'no request went to the HTTP (v1) port' };
  const tokens = issuedTokens(t);
  const carrying = v1.filter((r) => r.headers.authorization !== undefined || holdsToken(`${urlOf(r)}\n${r.body}`, tokens));
  if (!carrying.length)
    return { held: true, message: `${each(v1.length, 'request to the HTTP (v1) port', 'requests to the HTTP (v1) port')} went without the token` };
  const first = carrying[0]!;
  const where =
    first.headers.authorization !== undefined ? 'an Authorization header' : holdsToken(urlOf(first), tokens) ? 'the token in its URL' : 'the token in its body';
  return {
    held: false,
    evidence: carrying.map((r) => r.id),
    message: `${named(first)} carried ${where}: a v1 request travels unencrypted, so the token did too (${count(carrying.length, 'such request')})`,
  };
}

/** Credentials go only in `Authorization: Bearer <token>`, with a token the device issued, unchanged. */
export function auth02(t: Traffic, within: readonly Phase[]): Finding {
  const tokens = issuedTokens(t);
  const mine = inPhases(t.requests, within);
  const problems: [SeenRequest, string][] = [];
  let credentialed = 0;
  for (const r of mine) {
    const auth = r.headers.authorization;
    const elsewhere = Object.entries(r.headers).find(([k, v]) => k !== 'authorization' && holdsToken(v, tokens));
    if (auth !== undefined) credentialed += 1;
    if (elsewhere) problems.push([r, `the token in its ${elsewhere[0]} header`]);
    else if (r.side === 'v2' && holdsToken(r.body, tokens)) problems.push([r, 'the token in its body']);
    else if (r.side === 'v2' && auth !== undefined) {
      const token = bearerOf(r);
      if (token === null) problems.push([r, `an Authorization header of another form than "Bearer <token>": "${auth.replace(/\s\S{8,}$/, ' …')}"`]);
      else if (!tokens.includes(token)) {
        const near = tokens.find((k) => k.toLowerCase() === token.toLowerCase());
        problems.push([r, near ? 'the token with its letters in another case' : 'a token the device never issued']);
      }
    }
  }
  if (!credentialed && !problems.length) return { skip: 'no request carried a credential' };
  if (!problems.length)
    return {
      held: true,
      message: `${each(credentialed, 'request with a credential', 'requests with a credential')} sent it as "Authorization: Bearer <token>", a token the device issued`,
    };
  const [first, what] = problems[0]!;
  return { held: false, evidence: problems.map(([r]) => r.id), message: `${named(first)} sent ${what} (${count(problems.length, 'such request')})` };
}

/** POST /api/user carries no Authorization header. */
export function auth03(t: Traffic, within: readonly Phase[]): Finding {
  const posts = inPhases(t.requests, within).filter(isPairing);
  if (!posts.length) return { skip: 'the integration never asked for a token (no POST /api/user)' };
  const bad = posts.filter((r) => r.headers.authorization !== undefined);
  if (!bad.length) return { held: true, message: `${each(posts.length, 'POST /api/user', 'POST /api/user requests')} went without an Authorization header` };
  return { held: false, evidence: bad.map((r) => r.id), message: `${named(bad[0]!)} carried an Authorization header (${count(bad.length, 'such request')})` };
}

/** The token never appears in a URL (path or query) of any request. */
export function auth04(t: Traffic, within: readonly Phase[]): Finding {
  const tokens = issuedTokens(t);
  if (!tokens.length) return { skip: 'the device issued no token' };
  const bad = inPhases(t.requests, within).filter((r) => holdsToken(urlOf(r), tokens));
  if (!bad.length) return { held: true, message: 'no URL held a token' };
  return {
    held: false,
    evidence: bad.map((r) => r.id),
    message: `${named(bad[0]!)} has the token in its URL, where logs and proxies keep it (${count(bad.length, 'such request')})`,
  };
}

/** OBSERVE: v2 requests without a token, other than POST /api/user. */
export function auth05(t: Traffic, within: readonly Phase[]): Finding {
  const bare = inPhases(t.requests, within).filter((r) => r.side === 'v2' && !isPairing(r) && r.headers.authorization === undefined);
  const observed = [...tally(bare.map((r) => `${r.method} ${r.path} (${r.phase})`))].map(([request, n]) => ({
    request,
    count: n,
    purpose: /^GET \/api \(/.test(request) ? 'a probe: GET /api answers 401 without a token on v2, which tells v2 apart' : 'not told',
  }));
  return {
    observed,
    evidence: bare.slice(0, 3).map((r) => r.id),
    message: bare.length
      ? `${count(bare.length, 'v2 request')} without a token: ${observed.map((o) => `${o.request} ×${o.count}`).join(', ')}`
      : 'every v2 request but POST /api/user carried a token',
  };
}
