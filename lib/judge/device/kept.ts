// A judgment by the table's occasion judges as a record keeps it (lib/client/kept-judgment.ts), and judged again
// from it. A judgment is kept in a form a record can judge again only where judging that form gives the very
// judgment the check made: an answer the record holds, an occasion of plain data with its tokens redacted.
import type { Exchange } from '../../client/exchange-log.js';
import type { JudgedOccasion } from '../../client/kept-judgment.js';
import type { Redactor } from '../../client/redactor.js';
import { type OccasionClause, judgeOn } from './table.js';
import { type Judgment, NO_ANSWER, type Reply, answerOf } from './judgment.js';

/** A judgment a check made: the clause, the answer and the occasion its judge was given, and what it said. */
export interface Noted { clause: OccasionClause; reply: Reply; occasion: unknown; judgment: Judgment }

export const KEPT = {
  noExchange: 'the answer judged is not a recorded exchange',
  notPlain: 'what the judge was told of the occasion is not plain data',
  differs: 'the record does not hold all the judge read (a token it compared, a body cut at 4 KB)',
} as const;

const words = (j: Judgment, redactor: Redactor) => (j.held ? '' : redactor.redact(`${j.expected}\n${j.observed}`));

/** An answer the judge was given (a Reply, a DeviceResponse): it is kept as a reference to its exchange. */
const isAnswer = (x: unknown): x is Reply => typeof x === 'object' && x !== null && typeof (x as Reply).status === 'number'
  && typeof (x as Reply).exchange === 'object' && (x as Reply).exchange !== null;

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
    if (typeof x === 'object' && Object.getPrototypeOf(x) === Object.prototype) return Object.fromEntries(Object.entries(x as object).map(([k, y]) => [k, walk(y)]));
    throw new TypeError('not plain data');
  };
  if (v === undefined) return { value: undefined };
  try {
    return { value: redactor.redactDeep(walk(v)) };
  } catch {
    return null;
  }
}

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

/** Judged again from the kept form, as rejudge does: the judgment, or null where the record cannot give the judge what it reads. */
export function judgeKept(clause: OccasionClause, j: Pick<JudgedOccasion, 'answer' | 'exchange' | 'occasion'>, exchanges: readonly Exchange[]): Judgment | null {
  const reply = answerAt(j, exchanges);
  if (!reply) return null;
  try {
    return (judgeOn as (id: OccasionClause, r: Reply, o?: unknown) => Judgment)(clause, reply, occasionOf(j.occasion, exchanges));
  } catch {
    return null;
  }
}

/** The notes of `clause`, as its record keeps them (`exchanges`: the record's). */
export function keptNotes(noted: readonly Noted[], clause: string, exchanges: readonly Exchange[], redactor: Redactor): JudgedOccasion[] {
  return noted.filter((n) => n.clause === clause).map((n) => {
    const base = { clause: n.clause, held: n.judgment.held };
    const answer = answerIn(n.reply, exchanges);
    if (!answer) return { ...base, kept: KEPT.noExchange };
    const occasion = keptOccasion(n.occasion, exchanges, redactor);
    if (!occasion) return { ...base, kept: KEPT.notPlain };
    const kept = { ...answer, ...(occasion.value === undefined ? {} : { occasion: occasion.value }) };
    const again = judgeKept(n.clause, kept, exchanges);
    if (!again || again.held !== n.judgment.held || words(again, redactor) !== words(n.judgment, redactor)) return { ...base, kept: KEPT.differs };
    return { ...base, ...kept };
  });
}
