// Exchanges in report.html: the request and the response as they went over the wire (tokens already
// redacted). A long body shows its head; the rest waits under a disclosure, so one measurement body
// does not push the next failure off the screen.
import type { Exchange } from '../client/exchange-log.js';

/** Text as HTML text or attribute value. */
export const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Characters of a body shown before the rest is collapsed. */
export const BODY_HEAD = 480;
/** Characters of a body kept at all: the HAR holds every body whole. */
const BODY_KEPT = 20_000;

/** Where a long body is cut: at the last line end within the head, else at the head's length. */
export function splitBody(body: string): [head: string, rest: string] {
  if (body.length <= BODY_HEAD * 1.5) return [body, ''];
  const lineEnd = body.lastIndexOf('\n', BODY_HEAD);
  const at = lineEnd > BODY_HEAD / 2 ? lineEnd + 1 : BODY_HEAD;
  return [body.slice(0, at), body.slice(at)];
}

function message(startLine: string, headers: Record<string, string> | undefined, body: string | undefined): string {
  const head = `${startLine}\n${Object.entries(headers ?? {})
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n')}`;
  if (!body) return `<pre>${esc(head)}</pre>`;
  const [shown, rest] = splitBody(body);
  const kept = rest.slice(0, BODY_KEPT - shown.length);
  const dropped = body.length - shown.length - kept.length;
  return `<pre>${esc(`${head}\n\n${shown}`)}${rest ? '…' : ''}</pre>${
    rest
      ? `<details class="body"><summary>the rest of this body (${rest.length.toLocaleString('en')} more characters)</summary><pre>${esc(kept)}${
          dropped ? esc(`… (${dropped.toLocaleString('en')} characters more: see exchanges.har)`) : ''
        }</pre></details>`
      : ''
  }`;
}

export function exchange(ex: Exchange): string {
  return (
    message(`${ex.method} ${ex.url}`, ex.requestHeaders, ex.requestBody) +
    (ex.error ? `<pre>${esc(`no response: ${ex.error}`)}</pre>` : message(String(ex.status), ex.responseHeaders, ex.responseBody))
  );
}

/** The first `shown` exchanges open, the rest under one disclosure. */
export function exchanges(list: readonly Exchange[], shown: number, more = 'more exchanges of this check'): string {
  const first = list.slice(0, shown).map(exchange).join('');
  const rest = list.slice(shown);
  return first + (rest.length ? `<details><summary>${rest.length} ${more}</summary>${rest.map(exchange).join('')}</details>` : '');
}
