// A failure's exchanges as a reader sends them again by hand: each request as a `curl` line, the WebSocket's
// conversation as a `websocat` session fed at the times the run spoke. The exchanges are recorded redacted; every
// redacted token is written `${ENERGY_CONFORM_TOKEN}` (the token the run paired with: a user the run created is gone
// with its token), braced, since a check may send the token with a digit added. Pure.
import { type Exchange, describeExchange } from '../client/exchange-log.js';
import { REDACTED } from '../client/redactor.js';
import type { CheckResult } from './results.js';

export const TOKEN_VARIABLE = '${ENERGY_CONFORM_TOKEN}';

/** The headers curl sends of itself, or that describe the connection rather than the request. */
const OWN_HEADERS = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'accept-encoding', 'user-agent']);

/** A word for bash: single-quoted, or double-quoted where a redacted token becomes the variable. */
export function shellWord(text: string): string {
  if (!text.includes(REDACTED)) return `'${text.replaceAll("'", `'\\''`)}'`;
  return `"${text
    .split(REDACTED)
    .map((part) => part.replace(/[\\"$`]/g, (c) => `\\${c}`))
    .join(TOKEN_VARIABLE)}"`;
}

/** One request as a curl command: the method, the URL, the headers the run set, the body byte for byte. */
export function curlLine(ex: Exchange): string {
  const headers = Object.entries(ex.requestHeaders).filter(([k]) => !OWN_HEADERS.has(k.toLowerCase()));
  const parts = [
    'curl',
    '-sS',
    '-i',
    ...(ex.url.startsWith('https:') ? ['--insecure'] : []),
    ...(ex.method === 'GET' ? [] : ['-X', ex.method]),
    ...headers.flatMap(([k, v]) => ['-H', shellWord(`${k}: ${v}`)]),
    ...(ex.requestBody === undefined ? [] : ['--data-binary', shellWord(ex.requestBody)]),
    shellWord(ex.url),
  ];
  return parts.join(' ');
}

/** `+12ms text` lines, as the WebSocket's transcript keeps what was said. */
const said = (body: string | undefined) =>
  (body ?? '').split('\n').flatMap((l) => {
    const m = /^\+(\d+)ms (.*)$/.exec(l);
    return m ? [{ at: Number(m[1]), text: m[2]! }] : [];
  });

/** The WebSocket conversation: each message the run sent, at its time, into websocat; then as long as the device spoke. */
export function websocatLine(ex: Exchange): string {
  const sent = said(ex.requestBody);
  const heard = said(ex.responseBody);
  const end = Math.max(0, ...sent.map((s) => s.at), ...heard.map((h) => h.at));
  let now = 0;
  const steps: string[] = [];
  for (const s of sent) {
    if (s.at > now) steps.push(`sleep ${((s.at - now) / 1000).toFixed(3)}`);
    steps.push(`echo ${shellWord(s.text)}`);
    now = Math.max(now, s.at);
  }
  steps.push(`sleep ${(Math.max(1000, end - now + 1000) / 1000).toFixed(3)}`);
  return `{ ${steps.join('; ')}; } | websocat --insecure ${shellWord(ex.url)}`;
}

export const reproductionLine = (ex: Exchange): string => (ex.method === 'WS' ? websocatLine(ex) : curlLine(ex));

/**
 * What a failure is about, sent again: its evidence exchanges and those its message quotes (a clause of several
 * cases quotes each that failed); the first, where it names none.
 */
export function reproduction(c: Pick<CheckResult, 'exchanges' | 'evidence' | 'message'>): string[] {
  const about = c.exchanges.filter((ex, i) => i < (c.evidence ?? 0) || c.message.includes(`exchange: ${describeExchange(ex)}`));
  return (about.length ? about : c.exchanges.slice(0, 1)).map(reproductionLine);
}
