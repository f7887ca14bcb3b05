import { expect, test } from 'vitest';

test('one trivial test', () => {
  expect(1 + 1).toBe(2);
});
