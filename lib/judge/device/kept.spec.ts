// A check's occasion judgments as its record keeps them (kept.ts): what the record holds is judged again to the
// very judgment the check made, or the note says why the record cannot judge it again.
import { describe, expect, test } from 'vitest';
import type { Exchange } from '../../client/exchange-log.js';
import { Redactor } from '../../client/redactor.js';
import { NO_ANSWER, type Reply, answerOf } from './judgment.js';
import { KEPT, type Noted, judgeKept, keptNotes } from './kept.js';
import { type OccasionClause, judgeHeard, judgeOn as judgeByTable } from './table.js';

type AnswerNote = Extract<Noted, { reply: Reply }>;

const TOKEN = 'ABCDEF0123456789ABCDEF0123456789';
const OTHER = '0123456789ABCDEF0123456789ABCDEF';

function exchange(status: number, body: unknown, path = '/api/user', method = 'POST'): Exchange {
  return {
    side: 'v2',
    method,
    url: `https://127.0.0.1:1${path}`,
    requestHeaders: {},
    startedAt: '2026-11-26T00:00:00.000Z',
    durationMs: 1,
    status,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: JSON.stringify(body),
  };
}

/** A note as the check makes it, on the live answer; the record's exchange is logged redacted, as the device client logs it. */
function note(redactor: Redactor, clause: OccasionClause, ex: Exchange, occasion?: unknown): { noted: AnswerNote; logged: Exchange } {
  const live = answerOf(ex)!;
  const logged = redactor.redactDeep(ex);
  const reply: Reply = { ...live, exchange: logged };
  const judgment = (judgeByTable as (id: string, r: Reply, o?: unknown) => ReturnType<typeof judgeByTable>)(clause, reply, occasion);
  return { noted: { clause, reply, occasion, judgment }, logged };
}

const tokens = () => {
  const r = new Redactor();
  r.add(TOKEN);
  return r;
};

describe('kept as the record holds it, judged again to the same judgment', () => {
  test.for([
    ['a creation refused before a press', 'PAIR-01', exchange(403, { error: 'user:creation-not-enabled' }), undefined, true],
    ['a creation before a press', 'PAIR-01', exchange(200, { name: 'local/x', token: TOKEN }), undefined, false],
    ['the name asked for', 'PAIR-05', exchange(200, { name: 'local/x', token: TOKEN }), { asked: 'local/x' }, true],
    ['another name', 'PAIR-05', exchange(200, { name: 'local/y', token: TOKEN }), { asked: 'local/x' }, false],
    [
      'a list without current on others',
      'LIST-03',
      exchange(200, [{ name: 'local/a', current: true }, { name: 'local/b' }], '/api/user', 'GET'),
      { owner: 'local/a' },
      true,
    ],
  ] as const)('%s (%s)', ([, clause, ex, occasion, held]) => {
    const redactor = tokens();
    const { noted, logged } = note(redactor, clause, ex, occasion);
    const [kept] = keptNotes([noted], clause, [logged], redactor);
    expect(kept).toEqual({ clause, held, answer: 0, ...(occasion ? { occasion } : {}) });
    expect(judgeKept(clause, kept!, [logged])).toEqual(noted.judgment);
  });
});

test("an answer the record does not hold (another check's) is kept whole; no answer is null", () => {
  const redactor = tokens();
  const { noted, logged } = note(redactor, 'PAIR-05', exchange(200, { name: 'local/x', token: TOKEN }), { asked: 'local/x' });
  expect(keptNotes([noted], 'PAIR-05', [], redactor)).toEqual([{ clause: 'PAIR-05', held: true, exchange: logged, occasion: { asked: 'local/x' } }]);
  const none: AnswerNote = { clause: 'PAIR-09', reply: NO_ANSWER, occasion: undefined, judgment: judgeByTable('PAIR-09', NO_ANSWER) };
  expect(keptNotes([none], 'PAIR-09', [], redactor)).toEqual([{ clause: 'PAIR-09', held: false, answer: null }]);
});

test("an answer inside the occasion (a socket row's PUT answer) is kept as a reference to its exchange", () => {
  const redactor = new Redactor();
  const put = exchange(200, { power_on: false }, '/api/v1/state', 'PUT');
  const read = exchange(200, { power_on: false, switch_lock: false, brightness: 255 }, '/api/v1/state', 'GET');
  const occasion = { from: { power_on: true, switch_lock: false, brightness: 255 }, put: { power_on: false }, answer: { ...answerOf(put)!, exchange: put } };
  const { noted } = note(redactor, 'SOCK-04', read, occasion);
  const [kept] = keptNotes([{ ...noted, reply: { ...noted.reply, exchange: read } }], 'SOCK-04', [put, read], redactor);
  expect(kept).toMatchObject({ held: true, answer: 1, occasion: { answer: { $answer: { answer: 0 } } } });
  expect(judgeKept('SOCK-04', kept!, [put, read])).toEqual({ held: true });
});

describe('what a record cannot judge again stays as judged, saying why', () => {
  test('a token the judge read: its shape (PAIR-04) and whether it is new (PAIR-11) are redacted in the record', () => {
    const redactor = tokens();
    const shape = note(redactor, 'PAIR-04', exchange(200, { name: 'local/x', token: TOKEN }));
    expect(keptNotes([shape.noted], 'PAIR-04', [shape.logged], redactor)).toEqual([{ clause: 'PAIR-04', held: true, kept: KEPT.differs }]);
    redactor.add(OTHER);
    const fresh = note(redactor, 'PAIR-11', exchange(200, { name: 'local/x', token: OTHER }), { earlier: [TOKEN] });
    expect(keptNotes([fresh.noted], 'PAIR-11', [fresh.logged], redactor)).toEqual([{ clause: 'PAIR-11', held: true, kept: KEPT.differs }]);
  });

  test('a value shaped like a token that the redactor did not know is not kept (PAIR-11 told of tokens another check read)', () => {
    const redactor = tokens();
    const fresh = note(redactor, 'PAIR-11', exchange(200, { name: 'local/x', token: TOKEN }), { earlier: [OTHER] });
    const kept = keptNotes([fresh.noted], 'PAIR-11', [fresh.logged], redactor);
    expect(kept).toEqual([{ clause: 'PAIR-11', held: true, kept: KEPT.secret }]);
    expect(JSON.stringify(kept)).not.toContain(OTHER);
  });

  test('an occasion that is not plain data (KIND-02 is told how to name an identity)', () => {
    const redactor = new Redactor();
    const info = exchange(200, { product_type: 'HWE-P1', serial: '5c2fafaa0000' }, '/api', 'GET');
    const occasion = {
      advertised: { serial: null, product_type: null, product_name: null, id: null, disagreements: [] },
      certificatePem: null,
      identityOf: (serial: string) => `appliance/p1dongle/${serial}`,
    };
    const { noted, logged } = note(redactor, 'KIND-02', info, occasion);
    expect(keptNotes([noted], 'KIND-02', [logged], redactor)).toEqual([{ clause: 'KIND-02', held: noted.judgment.held, kept: KEPT.notPlain }]);
  });

  test('a reply that is no recorded exchange', () => {
    const made: AnswerNote = { clause: 'PAIR-09', reply: { status: 200, headers: {}, json: {} }, occasion: undefined, judgment: { held: true } };
    expect(keptNotes([made], 'PAIR-09', [], new Redactor())).toEqual([{ clause: 'PAIR-09', held: true, kept: KEPT.noExchange }]);
  });
});

test('a WebSocket clause: what the conversation heard is kept, and judged again to the same judgment', () => {
  const redactor = new Redactor();
  const heard = { type: 'authorization_requested', data: { api_version: '2.0.0' } };
  const noted: Noted = { clause: 'V-WS-01', heard, occasion: { apiVersion: '2.2.0' }, judgment: judgeHeard('V-WS-01', heard, { apiVersion: '2.2.0' }) };
  const [kept] = keptNotes([noted], 'V-WS-01', [], redactor);
  expect(kept).toEqual({ clause: 'V-WS-01', held: false, heard, occasion: { apiVersion: '2.2.0' } });
  expect(judgeKept('V-WS-01', kept!, [])).toEqual(noted.judgment);
  const closed: Noted = {
    clause: 'V-WS-05',
    heard: null,
    occasion: { withinS: 40, lateAuthorized: true },
    judgment: judgeHeard('V-WS-05', null, { withinS: 40, lateAuthorized: true }),
  };
  expect(judgeKept('V-WS-05', keptNotes([closed], 'V-WS-05', [], redactor)[0]!, [])).toEqual(closed.judgment);
});

test('only the notes of the clause asked for', () => {
  const redactor = new Redactor();
  const a = note(redactor, 'PAIR-01', exchange(403, { error: 'user:creation-not-enabled' }));
  const b = note(redactor, 'PAIR-09', exchange(200, { name: 'local/x' }));
  expect(keptNotes([a.noted, b.noted], 'PAIR-09', [a.logged, b.logged], redactor)).toEqual([{ clause: 'PAIR-09', held: true, answer: 1 }]);
});
