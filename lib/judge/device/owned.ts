// SOCK-18, CLOUD-08, LIST-07: a state changes only through its own requests (the States tables name no other
// trigger). Judged on exchanges in the order they were made: two reads of the state with requests of another area
// between them read the same, and a change is the owner's failure, shown with the read that saw it, the requests
// between (those the device accepted first) and the read before. Reads (GET) are not requests that change anything.
import type { Asking } from '../../client/answers.js';
import { SYSTEM_PATH } from '../../client/cloud.js';
import type { Exchange } from '../../client/exchange-log.js';
import { STATE_PATH, socketStateOf } from '../../client/socket-state.js';
import type { Area } from '../../spec/clause-types.js';
import { describeSocket } from '../../spec/socket-model.js';
import { type Judgment, type Reply, HELD, answerOf, isJsonObject, notJudged, succeeded, violated } from './judgment.js';

export type OwnedClause = 'SOCK-18' | 'CLOUD-08' | 'LIST-07';

interface Owner {
  /** The state, as a message names it. */
  what: string;
  /** The GET that tells it, answered 200 (`ask` in lib/client/answers.ts sends it). */
  asks: Asking;
  /** Its own requests: they may change it, and what was read before them is known no more. */
  own: readonly string[];
  /** What a read tells of it, as compared (null: the answer tells nothing). */
  value(json: unknown): string | null;
  /** The areas whose checks write elsewhere most: a run of this clause alone loads them, and their checks run for it. */
  occasionsIn: readonly Area[];
  /** What changed, where more than the value read after says it. */
  change?(before: string, after: string): string;
  /** A change the States table allows without the owner's request: why it is not judged. */
  allowed?(before: string, after: string, requests: readonly string[]): string | undefined;
}

/** Every request after which nothing read before is known: the device restarted. */
const RESTARTS: readonly string[] = ['PUT /api/system/reboot'];

const socketValue = (json: unknown) => {
  const s = socketStateOf(json);
  return s && describeSocket(s);
};

const NO_LOCAL_USER = 'no local/ user';

const localNames = (json: unknown) => {
  if (!Array.isArray(json) || !json.every((u) => isJsonObject(u) && typeof u.name === 'string')) return null;
  const names = (json as { name: string }[])
    .map((u) => u.name)
    .filter((n) => n.startsWith('local/'))
    .sort();
  return names.length ? names.join(', ') : NO_LOCAL_USER;
};

export const OWNERS: Readonly<Record<OwnedClause, Owner>> = {
  'SOCK-18': {
    what: 'the socket state',
    asks: { side: 'v1', path: STATE_PATH, token: false },
    own: ['PUT /api/v1/state'],
    value: socketValue,
    occasionsIn: ['users', 'cloud'],
  },
  'CLOUD-08': {
    what: 'the cloud setting',
    asks: { side: 'v1', path: SYSTEM_PATH, token: false },
    own: ['PUT /api/v1/system', 'PUT /api/system'],
    occasionsIn: ['users', 'socket'],
    value: (json) => (isJsonObject(json) && typeof json.cloud_enabled === 'boolean' ? `cloud_enabled ${json.cloud_enabled}` : null),
    // States: Cloud row 4. A creation follows every press the run makes, so a POST /api/user between the reads may mean one.
    allowed: (_before, after, requests) =>
      after === 'cloud_enabled true' && requests.some((r) => r.includes('POST /api/user'))
        ? 'cloud_enabled turned true where a button press may have come between the reads: pairing mode sets it true (States: Cloud communication), and whether a press is pairing mode is not shown'
        : undefined,
  },
  'LIST-07': {
    what: 'the local/ users',
    asks: { side: 'v2', path: '/api/user', token: true },
    own: ['POST /api/user', 'DELETE /api/user'],
    value: localNames,
    occasionsIn: ['socket', 'cloud'],
    change: (before, after) => {
      const namesIn = (v: string) => (v === NO_LOCAL_USER ? [] : v.split(', '));
      const [was, now] = [namesIn(before), namesIn(after)];
      const listed = (names: string[]) => names.join(', ') || 'none';
      return `${after} (listed now: ${listed(now.filter((n) => !was.includes(n)))}; gone: ${listed(was.filter((n) => !now.includes(n)))})`;
    },
  },
};

export const OWNED_CLAUSES = Object.keys(OWNERS) as OwnedClause[];

/** The read of `id`'s state as a message names it and a record holds it: `GET /api/v1/state`. */
export const readOf = (id: OwnedClause): string => `GET ${OWNERS[id].asks.path}`;

/** The states a run watches: their clause selected and its gate met (not skipped). */
export const watchedBy = (run: { skips: Readonly<Record<string, string>> }): OwnedClause[] => OWNED_CLAUSES.filter((c) => !run.skips[c]);

/** `METHOD /path` of a recorded request. */
export function requestOf(ex: Pick<Exchange, 'method' | 'url'>): string {
  try {
    return `${ex.method} ${new URL(ex.url).pathname}`;
  } catch {
    return `${ex.method} ${ex.url}`;
  }
}

const writes = (ex: Exchange) => ex.method !== 'GET' && ex.method !== 'HEAD';

/** What was read last and what was asked of other areas since, carried from one check to the next. */
export interface Carried {
  before: Exchange | null;
  between: Exchange[];
}

export const NOTHING_CARRIED: Carried = { before: null, between: [] };

/** A read that had requests of another area since the read before it: what its judge reads. */
export interface Between {
  before: Exchange;
  between: Exchange[];
  after: Exchange;
}

/** The value a read tells, or null where `ex` is no read of it. */
function readValue(id: OwnedClause, ex: Exchange | undefined): string | null {
  if (!ex || requestOf(ex) !== readOf(id)) return null;
  const a = answerOf(ex);
  return a && a.status === 200 ? OWNERS[id].value(a.json) : null;
}

/** The exchanges walked in the order they were made, from what an earlier walk carried: each read to judge, and what is carried on. */
export function walkOwned(id: OwnedClause, exchanges: readonly Exchange[], from: Carried = NOTHING_CARRIED): { reads: Between[]; carried: Carried } {
  const owner = OWNERS[id];
  const reads: Between[] = [];
  let { before, between } = { before: from.before, between: [...from.between] };
  for (const ex of exchanges) {
    if (readValue(id, ex) !== null) {
      if (before && between.length) reads.push({ before, between, after: ex });
      [before, between] = [ex, []];
    } else if (owner.own.includes(requestOf(ex)) || RESTARTS.includes(requestOf(ex))) {
      [before, between] = [null, []];
    } else if (before && writes(ex)) {
      between.push(ex);
    }
  }
  return { reads, carried: { before, between } };
}

/** What the judge of a read is told: the read before and the requests between, as answers (null: one whose record kept no answer). */
export interface ReadOccasion {
  before: Reply;
  between: (Reply | null)[];
  /** The requests between in words, where their answers carry no exchange (an explorer's step). */
  what?: string;
}

/** The answer of a request between the reads; one of status 0 where none came (a request that may still have reached the device). */
export const replyOfRequest = (ex: Exchange): Reply => answerOf(ex) ?? { status: 0, headers: {}, json: undefined, exchange: ex };

const statusOf = (r: Reply | null) => (r === null || r.status === 0 ? 'no answer' : String(r.status));
const requestOfReply = (r: Reply | null) => (r?.exchange ? requestOf(r.exchange) : 'a request');
const accepted = (r: Reply | null) => r !== null && succeeded(r.status);

/** "POST /api/user → 200, POST /api/user → 403 (35 times)": the requests between, those the device accepted first. */
function listed(between: readonly (Reply | null)[]): string {
  const counts = new Map<string, number>();
  for (const r of [...between.filter(accepted), ...between.filter((x) => !accepted(x))]) {
    const key = `${requestOfReply(r)} → ${statusOf(r)}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => (n > 1 ? `${k} (${n} times)` : k)).join(', ');
}

/** The judge of `id` on a read, told the read before it and the requests of other areas between. */
export function judgeRead(id: OwnedClause, after: Reply, { before, between, what }: ReadOccasion): Judgment {
  const owner = OWNERS[id];
  const value = (r: Reply) => (r.status === 200 ? owner.value(r.json) : null);
  const [was, now] = [value(before), value(after)];
  if (was === null || now === null) return notJudged(`${readOf(id)} did not answer 200 with ${owner.what} ${was === null ? 'before' : 'after'} the requests`);
  if (was === now) return HELD;
  const why = owner.allowed?.(was, now, what ? [what] : between.map(requestOfReply));
  if (why) return notJudged(why);
  const about = [after, ...between.filter(accepted), ...between.filter((r) => r !== null && !accepted(r)), before] as Reply[];
  return violated(
    `${readOf(id)} to read ${was} as before ${between.length === 1 ? 'the request' : `the ${between.length} requests`} of another area between the reads, ` +
      `none of them ${owner.own.join(' or ')} (${what ?? listed(between)})`,
    `${owner.change?.(was, now) ?? now}${id === 'SOCK-18' ? ' (if nobody switched the socket by hand, in the app or by a schedule meanwhile)' : ''}`,
    ...about,
  );
}
