// The explorer's steps judged against the model (explore-model.ts): a step, what the device answered, and the
// state before give a verdict and the state after, every clause through the table's judges (table.ts). Where the
// specification does not show the outcome, the device's answer is adopted and never fails.
import type { ClauseId } from '../../spec/clause-types.js';
import { type SocketPut, brightnessApart, socketOutcome } from '../../spec/socket-model.js';
import { socketStateOf } from '../../client/socket-state.js';
import { ver01, ver02, ver03 } from './versioning.js';
import { whyNotJudged } from './judgment.js';
import { type SocketRowClause, isSocketRowClause } from './table.js';
import { tokenIn } from './users.js';
import {
  type Answer,
  type Disagreement,
  type Judged,
  type ModelState,
  type Observation,
  SLOTS,
  type Step,
  describeStep,
  disagreementOf,
  firstWrong,
  judged,
  judgedOn,
  ok,
  pollClause,
  ranWhile,
  readBack,
  readWrong,
  replyOf,
  wrongOf,
} from './explore-model.js';

const major = (v: string) => Number(v.split('.')[0]);

/** Versioning 6 (VER-01): a successful v2 answer names the one version the device serves. */
const versionOfSuccess = (m: ModelState, a: Answer): Disagreement | null => disagreementOf('VER-01', ver01(replyOf(a), m), 'answer');

/** judgeStep, and the clauses whose judges ran on the step: what a step that agreed with the model held the device to. */
export function judgeStepRan(m: ModelState, step: Step, o: Observation): Judged & { ran: ClauseId[] } {
  const { value, ran } = ranWhile(() => judgeStep(m, step, o));
  return { ...value, ran };
}

export function judgeStep(m: ModelState, step: Step, o: Observation): Judged {
  switch (step.kind) {
    case 'socket':
      return judgeSocket(m, step.put, o);
    case 'cloud':
      return judgeCloud(m, o);
    case 'toggle':
      return judgeToggle(m, o);
    case 'version':
      return judgeVersion(m, step.asked, o.answer);
    default: {
      const j = judgeUsers(m, step, o);
      const d = j.disagreement ?? versionOfSuccess(m, o.answer);
      if (d) return { ...j, disagreement: d };
      const side = sideEffect(m, step, o);
      if (side.disagreement) return { ...j, disagreement: side.disagreement };
      // A change CLOUD-08 does not judge (to true where a press came first: pairing mode?) is the device's from now on.
      return side.adopted ? { ...j, next: { ...j.next, cloud: !j.next.cloud }, adopted: side.adopted } : j;
    }
  }
}

/**
 * A user step leaves the socket and the cloud setting as they were: only their own requests change them (SOCK-18,
 * CLOUD-08: the socket's table and the cloud's, States, have no transition for a user's creation, refusal or deletion).
 */
function sideEffect(m: ModelState, step: Step, o: Observation): Pick<Judged, 'disagreement' | 'adopted'> {
  if (!o.after) return { disagreement: null };
  const what = describeStep(step, (s) => m.names[s]);
  if (o.after.socket && m.socket) {
    const changed = disagreementOf('SOCK-01', readBack(o.after.socket), 'read') ?? socketChanged(m, o.after.socket, [o.answer], what);
    if (changed) return { disagreement: changed };
  }
  if (!o.after.cloud || m.cloud === null) return { disagreement: null };
  const before = replyOf({ status: 200, json: { cloud_enabled: m.cloud } });
  const { clause, j } = judgedOn('CLOUD-08', replyOf(o.after.cloud), { before, between: [replyOf(o.answer)], what: `${what} → ${o.answer.status}` });
  const why = whyNotJudged(j);
  return why ? { disagreement: null, adopted: { clause, why } } : { disagreement: disagreementOf(clause, j, 'read') };
}

/** SOCK-18 by the table's judge: the state read after a step of another area (`what`) is the state the model holds from the read before. */
function socketChanged(m: ModelState, read: Answer, answers: Answer[], what: string): Disagreement | null {
  const before = replyOf({ status: 200, json: m.socket });
  const { clause, j } = judgedOn('SOCK-18', replyOf(read), {
    before,
    between: answers.map(replyOf),
    what: `${what} → ${answers.map((a) => a.status).join(', ')}`,
  });
  return disagreementOf(clause, j, 'read');
}

function judgeVersion(m: ModelState, asked: string | null, a: Answer): Judged {
  if (asked === null) return judged(m, 'VER-02', ver02(replyOf(a), m));
  if (asked === '2') return judged(m, 'VER-03', ver03(replyOf(a), m));
  if (!/^\d+$/.test(asked)) return ok(m, { clause: 'VER-07', why: 'a malformed X-Api-Version is "not shown"' });
  const latest = major(m.served);
  // The latest MAJOR asked for by number where it is not 2 (a device of API 3): no clause of the catalogue holds it.
  if (Number(asked) === latest) return ok(m);
  const r = replyOf(a);
  return firstWrong(
    m,
    Number(asked) < latest ? judgedOn('VER-04', r, { asked }) : judgedOn('VER-06', r, { asked }),
    judgedOn('VER-05', r, { served: m.served }),
  );
}

function judgeSocket(m: ModelState, put: SocketPut, o: Observation): Judged {
  const from = m.socket!;
  const sock = disagreementOf('SOCK-01', readBack(o.read), 'read');
  if (sock) return { next: m, disagreement: sock };
  const read = replyOf(o.read!);
  const next = { ...m, socket: socketStateOf(o.read!.json)! };
  const invariant = readWrong(next, judgedOn('SOCK-02', read));
  if (invariant) return invariant;
  const outcome = socketOutcome(from, put);
  if (outcome.kind === 'not-specified') return ok(next, { clause: outcome.clause, why: outcome.why });
  if (outcome.kind === 'in-range') return ok(next, { clause: outcome.clause, why: 'an out-of-range brightness may be clamped' });
  const row = { from, put: put as Record<string, unknown>, answer: replyOf(o.answer) };
  if (outcome.kind === 'unchanged') {
    return (
      readWrong(next, judgedOn(tableRow(outcome.clause), read, row)) ??
      ok(next, outcome.brightnessOpen ? { clause: outcome.clause, why: 'whether a refused combination stores its brightness is not settled' } : undefined)
    );
  }
  const echo = wrongOf(m, judgedOn('SOCK-03', row.answer, { put: row.put }));
  if (echo) return echo;
  const combined = brightnessApart(put, outcome);
  return readWrong(next, ...(combined ? [judgedOn('SOCK-09', read, row)] : []), judgedOn(tableRow(outcome.clause), read, row)) ?? ok(next);
}

/** A clause of the socket's table, as the model names it (socketOutcome). */
function tableRow(clause: ClauseId): SocketRowClause {
  if (!isSocketRowClause(clause)) throw new Error(`${clause} is not a clause of the socket's table`);
  return clause;
}

/** cloud_enabled of a 200 answer (CLOUD-01's reading), else null. */

/** CLOUD-02: the value it has answers 200 with that value, and changes nothing: neither the setting nor the socket. */
function judgeCloud(m: ModelState, o: Observation): Judged {
  const value = m.cloud!;
  const put = wrongOf(m, judgedOn('CLOUD-02', replyOf(o.answer), { answer: 'put', value }));
  if (put) return put;
  const after = [
    judgedOn('CLOUD-02', replyOf(o.read), { answer: 'read', value }),
    ...(m.socket === null ? [] : [judgedOn('CLOUD-02', replyOf(o.socket), { answer: 'socket', before: m.socket })]),
  ];
  return readWrong(m, ...after) ?? ok(m);
}

/**
 * CLOUD-03 (from true) and CLOUD-04 (from false): the other value answers 200 with it, and GET then reads it.
 * Whether switching the cloud moves the socket is not shown: the socket read after it is adopted.
 */
function judgeToggle(m: ModelState, o: Observation): Judged {
  const to = !m.cloud;
  const put = judgedOn(to ? 'CLOUD-04' : 'CLOUD-03', replyOf(o.answer), { answer: 'put', value: to });
  const { clause } = put;
  const refused = wrongOf(m, put);
  if (refused) return refused;
  const next = { ...m, cloud: to };
  const read = readWrong(next, judgedOn(clause, replyOf(o.read), { answer: 'read', value: to }));
  if (read) return read;
  if (m.socket === null) return ok(next);
  const sock = disagreementOf('SOCK-01', readBack(o.socket), 'read');
  if (sock) return { next, disagreement: sock };
  const changed = socketChanged(m, o.socket!, [o.answer], `PUT /api/v1/system {cloud_enabled:${to}}`);
  return changed ? { next, disagreement: changed } : ok(next);
}

function judgeUsers(m: ModelState, step: Exclude<Step, { kind: 'socket' | 'version' | 'cloud' | 'toggle' }>, o: Observation): Judged {
  const a = replyOf(o.answer);
  const users = { ...m.users };
  const next = (change: Partial<ModelState>): ModelState => ({ ...m, users, ...change });
  switch (step.kind) {
    case 'poll': {
      const sent = o.sent ?? 1;
      const before = m.polls + sent - 1;
      const why = `(no press since the last creation; ${before} refused before it)`;
      return firstWrong(next({ polls: m.polls + sent, afterCreation: false }), judgedOn(pollClause(m, sent), a, { why }));
    }
    case 'late':
      if (step.after === 31)
        return firstWrong(next({ polls: m.polls + 1, afterCreation: false }), judgedOn('PAIR-08', a, { why: '(the 30 s window after the press is over)' }));
      return wrongOf(m, judgedOn('PAIR-09', a)) ?? judgeUsers(m, { kind: 'create', slot: step.slot }, o);
    case 'create': {
      const u = m.users[step.slot];
      const ignored = o.ignoredPress && {
        posts: o.ignoredPress.posts,
        span: `over ${o.ignoredPress.seconds} s after it`,
        windowsBefore: o.ignoredPress.windowsBefore,
        shown: [],
      };
      const notCreated = wrongOf(m, judgedOn('PAIR-03', a, ignored ? { ignored } : {}), judgedOn('PAIR-04', a));
      if (notCreated) return notCreated;
      users[step.slot] = { ...u, exists: true, tokens: [...u.tokens, tokenIn(a)!] };
      const after = next({ polls: 0, afterCreation: true });
      return firstWrong(after, judgedOn('PAIR-05', a, { asked: m.names[step.slot] }), ...(u.exists ? [judgedOn('PAIR-11', a, { earlier: u.tokens })] : []));
    }
    case 'delete': {
      const u = m.users[step.slot];
      if (!u.exists) return ok(m, { clause: 'DEL-06', why: 'deleting a name nobody has is "not shown"' });
      users[step.slot] = { ...u, exists: false, deleted: [...u.deleted, u.tokens[u.tokens.length - 1]!] };
      const after = next({ afterCreation: false });
      return firstWrong(after, judgedOn('DEL-01', a), judgedOn('DEL-02', a));
    }
    case 'list': {
      const after = next({ afterCreation: m.afterCreation });
      const created = SLOTS.filter((s) => m.users[s].exists).map((s) => m.names[s]);
      const deleted = SLOTS.filter((s) => !m.users[s].exists && m.users[s].tokens.length > 0).map((s) => m.names[s]);
      return firstWrong(
        after,
        judgedOn('LIST-01', a),
        judgedOn('LIST-04', a),
        ...(created.length ? [judgedOn('LIST-05', a, { created, seenBy: "the run's token" })] : []),
        ...(deleted.length ? [judgedOn('DEL-04', a, { deleted })] : []),
      );
    }
    case 'use': {
      const { tokens, deleted, exists } = m.users[step.slot];
      const uses = o.uses ?? [o.answer];
      for (const [i, answer] of uses.entries()) {
        const which = tokens.length === 1 ? 'its token' : `token ${i + 1} of ${tokens.length}`;
        const r = replyOf(answer);
        const wrong = wrongOf(
          m,
          i === tokens.length - 1 && exists
            ? judgedOn('PAIR-06', r, { why: `with ${which}: the device issued it and has not revoked it` })
            : deleted.includes(tokens[i]!)
              ? judgedOn('DEL-03', r, { why: `with ${which}: its user was deleted` })
              : judgedOn('PAIR-10', r, { answer: 'previous token', why: `with ${which}: the name was created again since` }),
        );
        if (wrong) return wrong;
      }
      return ok(m);
    }
  }
}
