import { expect, test } from 'vitest';
import { distance, nearest, notNumbers, typedValue, withoutValue } from './suggest.js';

test.for([
  ['run', 'run', 0],
  ['rnu', 'run', 1],
  ['hots', 'host', 1],
  ['hsot', 'host', 1],
  ['pari', 'pair', 1],
  ['http-prt', 'http-port', 1],
  ['', 'run', 3],
  ['emualte', 'emulate', 1],
  ['kind', 'knid', 1],
  ['abc', 'xyz', 3],
] as const)('distance(%s, %s) = %i', ([a, b, d]) => {
  expect(distance(a, b)).toBe(d);
});

const FLAGS = ['host', 'http-port', 'https-port', 'kind', 'ca', 'token', 'json'];
test.for([
  ['hots', 'host'],
  ['http-prot', 'http-port'],
  ['HOST', 'host'],
  ['knd', 'kind'],
  ['jsn', 'json'],
  ['xyzzy', undefined],
  ['cb', 'ca'],
  ['zz', undefined],
  ['host', undefined],
  ['tok', undefined],
] as const)('the flag nearest to %s is %s', ([word, meant]) => {
  expect(nearest(word, FLAGS)).toBe(meant);
});

test.for([
  [['--http-port', 'abc'], 'http-port', 'abc'],
  [['--http-port=12x'], 'http-port', '12x'],
  [['--http-port', '1', '--http-port', 'two'], 'http-port', 'two'],
  [['--https-port', '9'], 'http-port', undefined],
  [['--http-port'], 'http-port', undefined],
] as const)('in %j, --%s was typed as %s', ([argv, flag, typed]) => {
  expect(typedValue(argv, flag)).toBe(typed);
});

test('the flags yargs read as NaN, with the text typed for each; numbers and other values are not among them', () => {
  const argv = ['run', '--http-port', 'abc', '--press-timeout=soon', '--https-port', '443', '--host', 'x'];
  expect(notNumbers(argv, { 'http-port': Number.NaN, 'press-timeout': Number.NaN, 'https-port': 443, host: 'x', _: ['run'], $0: 'e' })).toEqual([
    { flag: 'http-port', typed: 'abc' },
    { flag: 'press-timeout', typed: 'soon' },
  ]);
});

test.for([
  { argv: ['run', '--host'], parsed: { host: '' }, empty: ['host'] },
  { argv: ['run', '--host', '--http-port', '8080'], parsed: { host: '', 'http-port': 8080 }, empty: ['host'] },
  { argv: ['run', '--reports', '--host', 'x'], parsed: { reports: '', host: 'x' }, empty: ['reports'] },
  { argv: ['run', '--host', 'x'], parsed: { host: 'x' }, empty: [] },
  // Typed empty on purpose: a value, if an odd one, for the command to judge.
  { argv: ['run', '--press-hook', ''], parsed: { 'press-hook': '' }, empty: [] },
  { argv: ['run', '--press-hook='], parsed: { 'press-hook': '' }, empty: [] },
  { argv: ['run'], parsed: { name: '' }, empty: [] },
])('in $argv the flags given without a value are $empty', ({ argv, parsed, empty }) => {
  expect(withoutValue(argv, { ...parsed, _: ['run'], $0: 'e' })).toEqual(empty);
});
