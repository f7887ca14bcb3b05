// Users and tokens (Resources: User; States: User creation; Endpoints: /api/user): each clause judged on the
// answer of the occasion a check of the users suite, or a step of the explorer, arranged for it.
import { parseBody } from '../../client/parse-body.js';
import { TOKEN, createdUser, userList } from '../../spec/schemas.js';
import {
  type Judgment,
  NOT_ENABLED,
  type Reply,
  UNAUTHORIZED,
  allOf,
  errorAnswer,
  isJsonObject,
  shownReply,
  statusIs,
  unless,
  violated,
  withWords,
} from './judgment.js';

/** Words on the occasion, after what the clause expects: "(no press since the last creation; 3 refused before it)". */
export interface Why {
  why?: string;
}
const withWhy = (j: Judgment, o: Why): Judgment => withWords(j, o.why);

/** PAIR-01, PAIR-02, PAIR-07, PAIR-08: a POST /api/user that no open window admits is refused, 403 user:creation-not-enabled. */
export const creationRefused = (r: Reply, o: Why = {}): Judgment => withWhy(errorAnswer(r, 403, NOT_ENABLED), o);

/** A press the hook reported done that opened no window, on a device that had honoured this run's presses before. */
export interface IgnoredPress {
  /** What the press was for, where the run said. */
  press?: string;
  posts: number;
  /** When the POSTs went: "over 10 s after it", "from <time> to <time>". */
  span: string;
  windowsBefore: number;
  /** The refusals shown (the first and last few). */
  shown: readonly Reply[];
}

/**
 * PAIR-03: after a press, POST /api/user with a valid name answers 200 with `name` and `token`; `r` the answer
 * (the last refusal, where the device ignored the press).
 */
export const pair03 = (r: Reply, o: { ignored?: IgnoredPress } = {}): Judgment => {
  if (o.ignored) {
    const { press, posts, span, windowsBefore, shown } = o.ignored;
    return violated(
      '200 with name and token after a press',
      `the press hook reported the press${press ? ` (${press})` : ''} done, and ${posts} POST${posts === 1 ? '' : 's'} ` +
        `${span} were each refused (the last: ${shownReply(r)}); ${windowsBefore} earlier press${windowsBefore === 1 ? '' : 'es'} of this run opened a window`,
      ...shown,
    );
  }
  const body = parseBody({ json: r.json, text: r.text ?? '' }, createdUser);
  return unless(r.status === 200 && body.ok, '200 with a string name and a string token', `${shownReply(r)}${body.ok ? '' : ` (${body.problem})`}`, r);
};

/** The token of a creation's answer, where it has a string one. */
export const tokenIn = (r: Reply): string | null => (isJsonObject(r.json) && typeof r.json.token === 'string' ? r.json.token : null);

/** PAIR-04, on a creation's answer: the token is 32 uppercase hex digits. The token itself is never shown. */
export const pair04 = (r: Reply): Judgment => {
  const t = tokenIn(r);
  return unless(
    t !== null && TOKEN.test(t),
    'a token of 32 uppercase hex digits',
    t === null ? 'no token' : `a token of ${t.length} characters${/[a-f]/.test(t) ? ' with lowercase digits' : ''}`,
    r,
  );
};

/** PAIR-05, on a creation's answer: the name it returns is the name asked for. */
export const pair05 = (r: Reply, o: { asked: string }): Judgment => {
  const name = isJsonObject(r.json) ? r.json.name : undefined;
  return unless(name === o.asked, `name ${JSON.stringify(o.asked)}, the name asked for`, `name ${JSON.stringify(name)}`, r);
};

/** PAIR-06, on GET /api with the token a creation issued and nothing since revoked: accepted. */
export const pair06 = (r: Reply, o: Why = {}): Judgment => withWhy(statusIs(r, 200), o);

/** PAIR-10 (a re-used name's previous token), DEL-03 and DEL-05 (a deleted user's): 401 user:unauthorized. */
export const tokenRevoked = (r: Reply, o: Why = {}): Judgment => withWhy(errorAnswer(r, 401, UNAUTHORIZED), o);

/** PAIR-10, on the answer to a re-used name: 200 with a new token. */
export const reissued = (r: Reply): Judgment => unless(r.status === 200 && tokenIn(r) !== null, '200 with a new token for the re-used name', shownReply(r), r);

/** PAIR-11, on a re-issue's answer: its token is none the name had before (`earlier`: never shown). */
export const pair11 = (r: Reply, o: { earlier: readonly string[] }): Judgment => {
  const t = tokenIn(r);
  return unless(
    t !== null && !o.earlier.includes(t),
    'a re-issued token that differs from the previous one',
    t === null ? 'no re-issued token' : 'the same token again',
    r,
  );
};

const listOf = (r: Reply): Record<string, unknown>[] | null => (r.status === 200 && Array.isArray(r.json) && r.json.every(isJsonObject) ? r.json : null);
const namesOf = (r: Reply): unknown[] => (listOf(r) ?? []).map((u) => u.name);
/** LIST-02 to LIST-05 and DEL-04 read a list: an answer that is none is not one they can hold (LIST-01 says what is wrong with it). */
const aList = (r: Reply, what: string) =>
  unless(listOf(r) !== null, `${what} in a GET /api/user that answers 200 with a JSON array of objects`, shownReply(r), r);

/** LIST-01, on GET /api/user: 200 with an array of objects, each a string name and an optional boolean current. */
export const list01 = (r: Reply): Judgment =>
  allOf(
    () => statusIs(r, 200),
    () => {
      const list = parseBody({ json: r.json, text: r.text ?? '' }, userList);
      return unless(list.ok, 'a JSON array of {name: string, current?: boolean}', `${shownReply(r)}${list.ok ? '' : ` (${list.problem})`}`, r);
    },
  );

/** LIST-02: exactly one entry has current: true, the caller's (`owner`, where the run knows whose token it is). */
export const list02 = (r: Reply, o: { owner: string | null }): Judgment => {
  const current = (listOf(r) ?? []).filter((u) => u.current === true).map((u) => u.name);
  return allOf(
    () => aList(r, 'one entry with current: true'),
    () =>
      unless(
        current.length === 1 && (o.owner === null || current[0] === o.owner),
        `exactly one entry with current: true${o.owner ? `, ${o.owner}` : ''}`,
        `current on ${JSON.stringify(current)}`,
        r,
      ),
  );
};

/** The entries of a list that are not the caller's (`owner`, else the one marked current): what LIST-03 reads; null: no list. */
export const othersListed = (r: Reply, owner: string | null): Record<string, unknown>[] | null => {
  const list = listOf(r);
  const self = owner ?? list?.find((u) => u.current === true)?.name;
  return list?.filter((u) => u.name !== self) ?? null;
};

/** LIST-03: every entry but the caller's omits `current`. */
export const list03 = (r: Reply, o: { owner: string | null }): Judgment => {
  const others = (othersListed(r, o.owner) ?? []).filter((u) => 'current' in u);
  return allOf(
    () => aList(r, 'entries'),
    () => unless(others.length === 0, 'no `current` key on the entries of other users', JSON.stringify(others), r),
  );
};

/** LIST-04: every name starts with local/ or cloud/, and none appears twice. */
export const list04 = (r: Reply): Judgment => {
  const names = namesOf(r).map(String);
  const unprefixed = names.filter((n) => !n.startsWith('local/') && !n.startsWith('cloud/'));
  const twice = names.filter((n, i) => names.indexOf(n) !== i);
  return allOf(
    () => aList(r, 'names'),
    () =>
      unless(
        unprefixed.length === 0 && twice.length === 0,
        'names with local/ or cloud/, none twice',
        `${JSON.stringify(names)}${twice.length ? ` (${JSON.stringify(twice[0])} twice)` : ''}`,
        r,
      ),
  );
};

/** LIST-05: each user just created is listed (`created`), `seenBy` whose token asked. */
export const list05 = (r: Reply, o: { created: readonly string[]; seenBy: string }): Judgment => {
  const names = namesOf(r);
  const missing = o.created.filter((n) => !names.includes(n));
  return allOf(
    () => aList(r, o.created.join(', ')),
    () =>
      unless(
        missing.length === 0,
        `${o.created.join(', ')} in the list seen by ${o.seenBy}: created`,
        `${missing.join(', ')} not among ${JSON.stringify(names)}`,
        r,
      ),
  );
};

/** DEL-04: no user deleted since is listed. */
export const del04 = (r: Reply, o: { deleted: readonly string[] }): Judgment => {
  const names = namesOf(r);
  const listed = o.deleted.filter((n) => names.includes(n));
  return allOf(
    () => aList(r, `${o.deleted.join(', ')} gone`),
    () => unless(listed.length === 0, `${o.deleted.join(', ')} gone: deleted`, `${listed.join(', ')} listed among ${JSON.stringify(names)}`, r),
  );
};

/** DEL-01, on DELETE /api/user of another user by full name. */
export const del01 = (r: Reply): Judgment => statusIs(r, 204);

/** DEL-02: the 204 has an empty body and Content-Length: 0 (`after`: what came after the answer, where it was read byte for byte). */
export const del02 = (r: Reply & { after?: string }): Judgment => {
  const rest = (r.text ?? '') + (r.after ?? '');
  const length = r.headers['content-length'];
  return unless(
    r.status === 204 && rest === '' && length === '0',
    '204 with an empty body and Content-Length: 0',
    `${r.status}, Content-Length ${length ?? 'absent'}, ${rest === '' ? 'no body' : `${JSON.stringify(rest)} after the headers`}`,
    r,
  );
};

/**
 * The default run's late re-use (suites/users/scenario.ts): the same valid name `afterS` after each of timed presses with no
 * request before it (`refusals`, r the first), then right after one more press (`then`).
 */
export interface LateCreations {
  afterS: number;
  refusals: readonly Reply[];
  then: Reply;
}

/**
 * PAIR-09, on POST /api/user with a valid name 25 s after a press: the window lasts 30 s. Or, without --slow, on the late
 * re-uses: refused `afterS` after every one of two or more presses while one right after a press is taken, the window
 * closes within `afterS`, far short of 30 s; anything else shows nothing against it (the test then waits for --slow).
 */
export const pair09 = (r: Reply, late?: LateCreations): Judgment => {
  if (!late) return unless(r.status === 200, '200: the window is still open 25 s after the press', shownReply(r), r);
  const closed = late.refusals.length >= 2 && late.refusals.every((x) => errorAnswer(x, 403, NOT_ENABLED).held) && late.then.status === 200;
  return unless(
    !closed,
    `the window still open ${late.afterS} s after the press (it lasts 30 s)`,
    `${late.refusals.length} POSTs each made ${late.afterS} s after a press, with no request before it, answered ${shownReply(r)}; ` +
      `one made right after the next press answered ${shownReply(late.then)}: the window closes within ${late.afterS} s`,
    ...late.refusals,
    late.then,
  );
};

/** PAIR-10: the re-use's answer, the new token (accepted: no 401) and the previous one (401 user:unauthorized). */
export type Pair10 = { answer: 'reuse' } | { answer: 'new token'; why?: string } | { answer: 'previous token'; why?: string };
export const pair10 = (r: Reply, o: Pair10): Judgment => {
  if (o.answer === 'reuse') return reissued(r);
  if (o.answer === 'previous token') return tokenRevoked(r, o);
  return withWhy(unless(r.status !== 401, 'accepted (no 401)', shownReply(r), r), o);
};

/** DEL-05: a user deleting itself gets 204, and its own token answers 401 afterwards. */
export const del05 = (r: Reply, o: { answer: 'deletion' | 'its token after' }): Judgment =>
  o.answer === 'deletion' ? statusIs(r, 204) : unless(r.status === 401, '401 to GET /api with the token of the user that deleted itself', shownReply(r), r);

/** PAIR-12, NAME-01 to NAME-04, NAME-07, on a creation in an open window with a body or name the rules refuse: no 200, and no user made (`made`: what the list shows of it after). */
export const bodyRefused = (r: Reply, o: { made: readonly string[] }): Judgment =>
  unless(
    r.status !== 200 && o.made.length === 0,
    'refused: no 200 and no user created',
    `${shownReply(r)}${o.made.length ? `, and ${o.made.join(', ')} exists` : ''}`,
    r,
  );

/** NAME-05, NAME-06, NAME-08, on a creation in an open window with a name the rules allow (`what` it is, in words). */
export const nameAccepted = (r: Reply, o: { what: string }): Judgment => unless(r.status === 200, `${o.what} accepted`, shownReply(r), r);
