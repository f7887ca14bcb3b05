import { expect, test } from 'vitest';
import { giveTurn, inTurn, takeTurn } from './device-turn.js';

test('turns go in the order they were asked for, and the device is free once the last is given', async () => {
  const order: string[] = [];
  await takeTurn();
  const waiting = ['lane back from its wait', 'next check'].map((who) => takeTurn().then(() => order.push(who)));
  expect(order).toEqual([]);
  giveTurn();
  await waiting[0];
  expect(order).toEqual(['lane back from its wait']);
  giveTurn();
  await waiting[1];
  giveTurn();
  expect(await Promise.race([takeTurn().then(() => 'taken at once'), new Promise((r) => setTimeout(() => r('still held'), 50))])).toBe('taken at once');
  giveTurn();
});

test('a check that throws gives the turn back', async () => {
  await expect(inTurn(async () => Promise.reject(new Error('device went away')))).rejects.toThrow('device went away');
  expect(await inTurn(async () => 'next check ran')).toBe('next check ran');
});
