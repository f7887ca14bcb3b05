// A judgment by the table's occasion judges as a record keeps it (lib/client/kept-judgment.ts), and judged again
// from it. A judgment is kept in a form a record can judge again only where judging that form gives the very
// judgment the check made: an answer the record holds, an occasion of plain data with its tokens redacted.
import type { Exchange } from '../../client/exchange-log.js';
import type { JudgedOccasion } from '../../client/kept-judgment.js';
import type { Redactor } from '../../client/redactor.js';
import { type ConversationClause, type OccasionArgs, type OccasionClause, isOccasionClause, judgeHeard, judgeOn } from './table.js';
import { type Judgment, NO_ANSWER, type Reply, answerOf } from './judgment.js';

/**
 * A judgment a check made, and what its judge was given: an occasion judge the answer and the occasion, a
 * conversation judge (V-WS) what the conversation heard and what the check compared it with.
 */
export type Noted =
  | { clause: OccasionClause; reply: Reply; occasion: unknown; judgment: Judgment }
  | { clause: ConversationClause; heard: unknown; occasion: unknown; judgment: Judgment };

/** The table's judgment of `id` on `r` (table.ts judgeOn), noted into `notes`, for a record to keep. */
export function noteOn<K extends OccasionClause>(notes: Noted[], id: K, r: Reply, ...o: OccasionArgs<K>): Judgment {
  const judgment = judgeOn(id, r, ...o);
  notes.push({ clause: id, reply: r, occasion: o[0], judgment } as Noted);
  return judgment;
}

export const KEPT = {
  noExchange: 'the answer judged is not a recorded exchange',
  notPlain: 'what the judge was told of the occasion is not plain data',
  differs: 'the record does not hold all the judge read (a token it compared, a body cut at 4 KB)',
  secret: 'what the judge was told holds a value shaped like a token that the run did not know as one',
} as const;

const words = (j: Judgment, redactor: Redactor) => (j.held ? '' : redactor.redact(`${j.expected}\n${j.observed}`));

/** An answer the judge was given (a Reply, a DeviceResponse): it is kept as a reference to its exchange. */
const isAnswer = (x: unknown): x is Reply =>
  typeof x === 'object' && x !== null && typeof (x as Reply).status === 'number' && typeof (x as Reply).exchange === 'object' && (x as Reply).exchange !== null;

/** An answer as the record keeps it: the index of its exchange in the record's, else the exchange itself; null: none came. */
function answerIn(r: Reply, exchanges: readonly Exchange[]): Pick<JudgedOccasion, 'answer' | 'exchange'> | null {
  if (r === NO_ANSWER) return { answer: null };
  if (!r.exchange) return null;
  const at = exchanges.indexOf(r.exchange);
  return at >= 0 ? { answer: at } : { exchange: r.exchange };
}

/** The answer a kept reference stands for. */
function answerAt(j: Pick<JudgedOccasion, 'answer' | 'exchange'>, exchanges: readonly Exchange[]): Reply | null {
  if (j.answer === null) return NO_ANSWER;
  const ex = j.exchange ?? (typeof j.answer === 'number' ? exchanges[j.answer] : undefined);
  return ex ? answerOf(ex) : null;
}

const plainValue = (x: unknown): boolean => x === null || ['string', 'number', 'boolean'].includes(typeof x);

/**
 * The occasion as the record keeps it: plain data, tokens redacted, each answer in it (a socket row's PUT answer,
 * the refusals of an ignored press) a reference `{"$answer": …}`; null where it is not plain data (a function).
 */
function keptOccasion(v: unknown, exchanges: readonly Exchange[], redactor: Redactor): { value: unknown } | null {
  const walk = (x: unknown): unknown => {
    if (plainValue(x)) return x;
    if (Array.isArray(x)) return x.map(walk);
    if (isAnswer(x)) return { $answer: answerIn(x, exchanges) };
    if (typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype)
      return Object.fromEntries(Object.entries(x as object).map(([k, y]) => [k, walk(y)]));
    throw new TypeError('not plain data');
  };
  if (v === undefined) return { value: undefined };
  try {
    return { value: redactor.redactDeep(walk(v)) };
  } catch {
    return null;
  }
}

/** A token the redactor did not know (32 hex digits, as the specification's tokens are): never kept. */
const TOKEN_SHAPED = /\b[0-9a-fA-F]{32}\b/;
const holdsTokenShaped = (v: unknown) => v !== undefined && TOKEN_SHAPED.test(JSON.stringify(v));

/** The occasion a kept one stands for, its answers read from the record. */
function occasionOf(v: unknown, exchanges: readonly Exchange[]): unknown {
  if (plainValue(v) || v === undefined) return v;
  if (Array.isArray(v)) return v.map((x) => occasionOf(x, exchanges));
  const o = v as Record<string, unknown>;
  if (Object.keys(o).length === 1 && '$answer' in o) {
    const r = answerAt(o.$answer as JudgedOccasion, exchanges);
    if (!r) throw new TypeError('an answer the record does not hold');
    return r;
  }
  return Object.fromEntries(Object.entries(o).map(([k, y]) => [k, occasionOf(y, exchanges)]));
}

type Kept = Pick<JudgedOccasion, 'answer' | 'exchange' | 'heard' | 'occasion'>;

/**
 * A kept judgment whose record's exchanges now stand `at` places further on (a clause's cases one after another in
 * results.json): its answer's index and every index its occasion refers to, moved with them.
 */
export function keptAt(j: JudgedOccasion, at: number): JudgedOccasion {
  const move = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(move);
    if (typeof v !== 'object' || v === null) return v;
    const o = v as Record<string, unknown>;
    if (Object.keys(o).length === 1 && '$answer' in o) {
      const ref = o.$answer as Pick<JudgedOccasion, 'answer' | 'exchange'>;
      return { $answer: typeof ref?.answer === 'number' ? { ...ref, answer: ref.answer + at } : ref };
    }
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, move(x)]));
  };
  return { ...j, ...(typeof j.answer === 'number' ? { answer: j.answer + at } : {}), ...(j.occasion === undefined ? {} : { occasion: move(j.occasion) }) };
}

/** Judged again from the kept form, as rejudge does: the judgment, or null where the record cannot give the judge what it reads. */
export function judgeKept(clause: OccasionClause | ConversationClause, j: Kept, exchanges: readonly Exchange[]): Judgment | null {
  try {
    if (!isOccasionClause(clause))
      return (judgeHeard as (id: ConversationClause, h: unknown, o?: unknown) => Judgment)(clause, j.heard, occasionOf(j.occasion, exchanges));
    const reply = answerAt(j, exchanges);
    return reply && (judgeOn as (id: OccasionClause, r: Reply, o?: unknown) => Judgment)(clause, reply, occasionOf(j.occasion, exchanges));
  } catch {
    return null;
  }
}

/** What the judge was given, as the record keeps it: the answer or what the conversation heard, and the occasion; or why it cannot. */
function keptInputs(n: Noted, exchanges: readonly Exchange[], redactor: Redactor): Kept | string {
  const occasion = keptOccasion(n.occasion, exchanges, redactor);
  if (!occasion) return KEPT.notPlain;
  if (holdsTokenShaped(occasion.value)) return KEPT.secret;
  const told = occasion.value === undefined ? {} : { occasion: occasion.value };
  if ('heard' in n) {
    const heard = keptOccasion(n.heard, exchanges, redactor);
    return !heard ? KEPT.notPlain : holdsTokenShaped(heard.value) ? KEPT.secret : { heard: heard.value, ...told };
  }
  const answer = answerIn(n.reply, exchanges);
  return answer ? { ...answer, ...told } : KEPT.noExchange;
}

/** The notes of `clause`, as its record keeps them (`exchanges`: the record's). */
export function keptNotes(noted: readonly Noted[], clause: string, exchanges: readonly Exchange[], redactor: Redactor): JudgedOccasion[] {
  return noted
    .filter((n) => n.clause === clause)
    .map((n) => {
      const base = { clause: n.clause, held: n.judgment.held };
      const kept = keptInputs(n, exchanges, redactor);
      if (typeof kept === 'string') return { ...base, kept };
      const again = judgeKept(n.clause, kept, exchanges);
      if (!again || again.held !== n.judgment.held || words(again, redactor) !== words(n.judgment, redactor)) return { ...base, kept: KEPT.differs };
      return { ...base, ...kept };
    });
}
