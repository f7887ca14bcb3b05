import { expect, test } from 'vitest';
import type { z } from 'zod';
import { createdUser, socketReading, userList } from '../spec/schemas.js';
import { bodyAs, parseBody } from './parse-body.js';

const answer = (text: string) => {
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { text, json };
};

test.for([
  ['a created user', createdUser, '{"name":"local/x","token":"AB"}', { ok: true, data: { name: 'local/x', token: 'AB' } }],
  ['an empty body', createdUser, '', { ok: false, problem: 'an empty body' }],
  ['a body that is not JSON', createdUser, '<html>', { ok: false, problem: 'a body that is not JSON' }],
  ['a field of another type, named', createdUser, '{"name":"local/x","token":12}', { ok: false, problem: expect.stringMatching(/^token: /) }],
  ['a field missing, named', socketReading, '{"power_on":true,"switch_lock":false}', { ok: false, problem: expect.stringMatching(/^brightness: /) }],
  ['an item of a list, named by its place', userList, '[{"name":"local/a"},{"name":7}]', { ok: false, problem: expect.stringMatching(/^1\.name: /) }],
  ['the wrong kind of body, named as the body', userList, '{"users":[]}', { ok: false, problem: expect.stringMatching(/^the body: /) }],
] as [string, z.ZodType, string, unknown][])('parseBody: %s', ([, schema, text, want]) => {
  expect(parseBody(answer(text), schema)).toEqual(want);
});

test('bodyAs: the data where it fits, else undefined', () => {
  expect(bodyAs(answer('{"name":"local/x","token":"AB","extra":1}'), createdUser)).toMatchObject({ token: 'AB', extra: 1 });
  expect(bodyAs(answer('[]'), createdUser)).toBeUndefined();
});
