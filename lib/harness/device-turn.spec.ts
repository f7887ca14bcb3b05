import { expect, test } from 'vitest';
import { endTable, giveTurn, inTableTurn, inTurn, takeTurn } from './device-turn.js';

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

test("a table's rows hold the turn from the first to the last: a lane asking between them has it after the last", async () => {
  const order: string[] = [];
  const table = {};
  const row = (name: string, last = false) => inTableTurn(table, last, async () => void order.push(name));
  await row('row 1');
  const lane = takeTurn().then(() => order.push('lane'));
  await row('row 2');
  await row('row 3', true);
  await lane;
  expect(order).toEqual(['row 1', 'row 2', 'row 3', 'lane']);
  giveTurn();
});

test('a table whose last row never ran gives the turn back when its file ends; one that threw still holds it to its last', async () => {
  const table = {};
  await expect(inTableTurn(table, false, async () => Promise.reject(new Error('row failed')))).rejects.toThrow('row failed');
  let laneHas = false;
  const lane = takeTurn().then(() => (laneHas = true));
  await new Promise((r) => setTimeout(r, 10));
  expect(laneHas).toBe(false);
  endTable();
  await lane;
  expect(laneHas).toBe(true);
  giveTurn();
  endTable();
  expect(await inTurn(async () => 'free again')).toBe('free again');
});

test('a row of a table waits for the row before it, even one its test no longer waits for', async () => {
  const table = {};
  const order: string[] = [];
  let release = () => {};
  const slow = inTableTurn(table, false, () => new Promise<void>((r) => (release = r)).then(() => void order.push('row 1 ends')));
  const next = inTableTurn(table, true, async () => void order.push('row 2 starts'));
  await new Promise((r) => setTimeout(r, 10));
  expect(order).toEqual([]);
  release();
  await Promise.all([slow, next]);
  expect(order).toEqual(['row 1 ends', 'row 2 starts']);
  expect(await inTurn(async () => 'free after the last')).toBe('free after the last');
});
