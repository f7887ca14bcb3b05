import { expect, test } from 'vitest';
import type { Exchange } from '../client/exchange-log.js';
import { evidenceFirst } from './evidence.js';

const ex = (n: string) => ({ method: 'GET', url: `http://d/${n}` }) as Exchange;
const [setup, put, read, other] = [ex('setup'), ex('put'), ex('read'), ex('other')];

test.for([
  {
    name: 'the judged exchanges first, in their order, then the rest in theirs',
    all: [setup, put, read, other],
    judged: [put, read],
    want: [put, read, setup, other],
    evidence: 2,
  },
  { name: 'nothing judged: the log as it is', all: [setup, put], judged: [], want: [setup, put], evidence: 0 },
  { name: 'a judged exchange named twice counts once', all: [setup, read], judged: [read, read], want: [read, setup], evidence: 1 },
  { name: 'a judged exchange from outside the log is kept', all: [setup], judged: [other], want: [other, setup], evidence: 1 },
])('$name', ({ all, judged, want, evidence }) => {
  expect(evidenceFirst(all, judged)).toEqual({ exchanges: want, evidence });
});
