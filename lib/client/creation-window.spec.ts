import { expect, test } from 'vitest';
import type { ErrorCode } from '../spec/error-codes.js';
import { ERROR_CODES } from '../spec/error-codes.js';
import { firstAnswerInWindow } from './creation-window.js';
import type { DeviceResponse } from './device-client.js';
import { RunError } from './errors.js';

const answer = (status: number, body: unknown) => ({ status, json: body, text: JSON.stringify(body) }) as unknown as DeviceResponse;
const notYet = () => answer(403, { error: 'user:creation-not-enabled' });

test('polls until the device answers anything but 403 user:creation-not-enabled, no faster than every 500 ms', async () => {
  const answers = [notYet(), notYet(), answer(200, { name: 'local/x', token: 'AB' })];
  const at: number[] = [];
  const res = await firstAnswerInWindow(
    async () => {
      at.push(Date.now());
      return answers.shift()!;
    },
    { timeoutS: 5, timedOut: () => new Error('timed out') },
  );
  expect(res.status).toBe(200);
  expect(at).toHaveLength(3);
  for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(490);
});

test.for([
  ['a refusal of the body (400)', answer(400, { error: 'user:name-invalid' })],
  ['a 401, which the pairing POST must never answer', answer(401, { error: 'user:unauthorized' })],
  ['a 403 with another error', answer(403, { error: 'forbidden' })],
] as [string, DeviceResponse][])('returns at once what is not "creation not enabled": %s', async ([, res]) => {
  let calls = 0;
  expect(
    await firstAnswerInWindow(
      async () => {
        calls += 1;
        return res;
      },
      { timeoutS: 5, timedOut: () => new Error('x') },
    ),
  ).toBe(res);
  expect(calls).toBe(1);
});

test("ends with the caller's error when no press is seen in time, or when interrupted", async () => {
  await expect(firstAnswerInWindow(async () => notYet(), { timeoutS: 0.6, timedOut: () => new Error('no press in 0.6 s') })).rejects.toThrow(
    'no press in 0.6 s',
  );
  const signal = AbortSignal.abort('SIGINT');
  await expect(
    firstAnswerInWindow(async () => notYet(), {
      timeoutS: 5,
      timedOut: () => new Error('x'),
      signal,
      interrupted: () => new RunError('EC_INTERRUPTED', 'interrupted'),
    }),
  ).rejects.toMatchObject({ code: 'EC_INTERRUPTED' });
});

test('every error code says what it ends and what to do; a run ends only with a code that ends runs', () => {
  for (const [code, { ends, hint }] of Object.entries(ERROR_CODES)) {
    expect([code, ends]).toEqual([code, expect.stringMatching(/^(run|check)$/)]);
    expect(hint.length, code).toBeGreaterThan(10);
  }
  const transport: ErrorCode = 'EC_TRANSPORT_RESET';
  // @ts-expect-error a transport failure ends a check, not the run
  const wrong = () => new RunError(transport, 'x');
  // @ts-expect-error a misspelt code does not compile
  const typo = () => new RunError('EC_BAD_OPTIONS', 'x');
  expect([typeof wrong, typeof typo]).toEqual(['function', 'function']);
});
