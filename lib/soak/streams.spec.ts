// SOAK-05's evidence: the silences of open WebSockets; a closed one is not silent, it is gone.
import { expect, test } from 'vitest';
import { StreamTracker } from './streams.js';

test('a silence runs from the open or the last message to the next; the interval keeps its longest', () => {
  const s = new StreamTracker();
  s.open(0, 0);
  s.push(0, 800);
  s.push(0, 1800);
  expect(s.closeInterval(2000)).toBe(1);
  s.push(0, 6800);
  expect(s.closeInterval(7000)).toBe(5);
  expect(s.longest).toEqual({ client: 0, fromS: 1.8, toS: 6.8, stallS: 5, ongoing: false });
  expect([s.opened, s.messages]).toEqual([1, 3]);
});

test("a silence still under way counts to the interval's end, as ongoing", () => {
  const s = new StreamTracker();
  s.open(1, 0);
  s.push(1, 1000);
  expect(s.closeInterval(12_000)).toBe(11);
  expect(s.longest).toMatchObject({ client: 1, stallS: 11, ongoing: true });
});

test('a socket that closes ends its silence there; no socket open: nothing to judge', () => {
  const s = new StreamTracker();
  expect(s.closeInterval(1000)).toBe(null);
  s.open(0, 1000);
  s.push(0, 1500);
  s.closed(0, 2500);
  expect(s.closeInterval(60_000)).toBe(1);
  expect(s.closeInterval(120_000)).toBe(null);
  expect(s.longest).toMatchObject({ stallS: 1, ongoing: false });
});
