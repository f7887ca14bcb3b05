// Every request the run makes and what came back, stored already redacted.
import type { Redactor } from './redactor.js';

export interface Exchange {
  side: 'v1' | 'v2';
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  /** At most BODY_KEEP characters of the response body. */
  responseBody?: string;
  /** What the device sent after the end of its answer (raw exchanges only): a body after a 204, say. */
  trailing?: string;
  error?: string;
  startedAt: string;
  durationMs: number;
}

const BODY_KEEP = 4096;

let logged = 0;
/** Every exchange any log of this process has recorded: a number that moves whenever the device was asked anything. */
export const exchangesLogged = (): number => logged;

export class ExchangeLog {
  readonly records: Exchange[] = [];
  /** The most recent records kept (a soak's hours of polling keep few); `since` counts only while nothing was dropped. */
  keep = Infinity;
  constructor(private readonly redactor: Redactor) {}

  add(ex: Exchange): Exchange {
    const kept =
      ex.responseBody && ex.responseBody.length > BODY_KEEP
        ? { ...ex, responseBody: `${ex.responseBody.slice(0, BODY_KEEP)}… (${ex.responseBody.length} characters)` }
        : ex;
    const safe = this.redactor.redactDeep(kept);
    this.records.push(safe);
    if (this.records.length > this.keep) this.records.splice(0, this.records.length - this.keep);
    logged += 1;
    return safe;
  }

  /** Records from index `from` on, e.g. those of one check. */
  since(from: number): Exchange[] {
    return this.records.slice(from);
  }
}

/** One exchange as a reader wants it in a failure message. */
/** Request headers a reader needs to judge an exchange (content negotiation is implied by the body). */
function sentHeaders(ex: Exchange): string {
  const shown = Object.entries(ex.requestHeaders).filter(([k]) => k !== 'content-type' && k !== 'content-length');
  return shown.length ? ` [${shown.map(([k, v]) => `${k}: ${v}`).join(', ')}]` : '';
}

export function describeExchange(ex: Exchange): string {
  const req = `${ex.method} ${ex.url}${sentHeaders(ex)}${ex.requestBody ? ` ${ex.requestBody}` : ''}`;
  if (ex.error) return `${req} → ${ex.error}`;
  const ct = ex.responseHeaders?.['content-type'];
  const trailing = ex.trailing ? `, then ${JSON.stringify(ex.trailing.slice(0, 200))} after the answer's end` : '';
  return `${req} → ${ex.status}${ct ? ` (${ct})` : ''}${ex.responseBody ? ` ${ex.responseBody}` : ''}${trailing}`;
}
