import { expect, test } from 'vitest';
import { limit } from './limit.js';

test('at most n at once, in the order they came, and a failure frees its turn', async () => {
  const inTurn = limit(2);
  let now = 0;
  let most = 0;
  const started: number[] = [];
  const gates = Array.from({ length: 5 }, () => {
    let resolve = () => {};
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  });
  const runs = gates.map((g, i) =>
    inTurn(async () => {
      started.push(i);
      most = Math.max(most, (now += 1));
      await g.promise;
      now -= 1;
      if (i === 1) throw new Error('run 1 failed');
      return i;
    }),
  );
  const settled = Promise.allSettled(runs);
  for (const g of gates) {
    await new Promise((r) => setTimeout(r, 5));
    g.resolve();
  }
  const outcomes = await settled;
  expect(started).toEqual([0, 1, 2, 3, 4]);
  expect(most).toBe(2);
  expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
});
