import { expect, test } from 'vitest';
import { REDACTED, Redactor } from './redactor.js';

const TOKEN = '0123456789ABCDEF0123456789ABCDEF';

test.for([
  ['a token anywhere in the text', `Bearer ${TOKEN}!`, `Bearer ${REDACTED}!`],
  ['in lower and upper case', `${TOKEN.toLowerCase()} ${TOKEN}`, `${REDACTED} ${REDACTED}`],
  ['in mixed case', `${TOKEN.slice(0, 16).toLowerCase()}${TOKEN.slice(16)}`, REDACTED],
  ['every occurrence', `${TOKEN}${TOKEN}`, `${REDACTED}${REDACTED}`],
  ['a secret that contains another, whole', `x${TOKEN}-suffix-long y`, `x${REDACTED} y`],
  ['characters a pattern would read as its own, as themselves', 'a.b+c(d)e*f?', `${REDACTED}`],
  ['nothing else', 'GET /api 200', 'GET /api 200'],
] as const)('redacts %s', ([, text, want]) => {
  const r = new Redactor();
  r.add(TOKEN);
  r.add(`${TOKEN}-suffix-long`);
  r.add('a.b+c(d)e*f?');
  expect(r.redact(text)).toBe(want);
});

test('a secret added after a redaction is redacted from then on; short values are not secrets', () => {
  const r = new Redactor();
  expect(r.redact(TOKEN)).toBe(TOKEN);
  r.add('short');
  r.add(TOKEN);
  expect(r.redact(`short ${TOKEN}`)).toBe(`short ${REDACTED}`);
  expect(r.redactDeep({ token: TOKEN, n: 1 })).toEqual({ token: REDACTED, n: 1 });
});
