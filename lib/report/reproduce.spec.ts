import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import type { Exchange } from '../client/exchange-log.js';
import { curlLine, reproduction, shellWord, websocatLine } from './reproduce.js';

const ex = (e: Partial<Exchange>): Exchange => ({
  side: 'v2',
  method: 'GET',
  url: 'https://192.168.1.40/api',
  requestHeaders: {},
  startedAt: '',
  durationMs: 1,
  ...e,
});
/** What bash makes of a word, with the token variable set. */
const bashSays = (word: string) => execFileSync('bash', ['-c', `printf '%s' ${word}`], { env: { ENERGY_CONFORM_TOKEN: 'T0KEN' } }).toString();

test.for([
  ['plain text', 'local/a b', 'local/a b'],
  ['a single quote', "it's", "it's"],
  ['a redacted token', 'Bearer [REDACTED]', 'Bearer T0KEN'],
  ['a redacted token with a digit added', 'Bearer [REDACTED]1', 'Bearer T0KEN1'],
  ['a redacted token beside quotes, a dollar and a backslash', '{"token":"[REDACTED]","x":"$HOME\\`"}', '{"token":"T0KEN","x":"$HOME\\`"}'],
] as const)('shellWord: %s reaches the command as the run sent it', ([, text, sent]) => {
  expect(bashSays(shellWord(text))).toBe(sent);
});

describe('curlLine', () => {
  test('a GET with the token and a version header, over HTTPS', () => {
    expect(curlLine(ex({ requestHeaders: { authorization: 'Bearer [REDACTED]', 'X-Api-Version': '3', host: '192.168.1.40', 'user-agent': 'undici' } }))).toBe(
      `curl -sS -i --insecure -H "authorization: Bearer \${ENERGY_CONFORM_TOKEN}" -H 'X-Api-Version: 3' 'https://192.168.1.40/api'`,
    );
  });

  test('a PUT on the v1 port with its body byte for byte, and a body that is no JSON', () => {
    expect(
      curlLine(
        ex({
          side: 'v1',
          method: 'PUT',
          url: 'http://192.168.1.40/api/v1/state',
          requestHeaders: { 'content-type': 'application/json', 'content-length': '4' },
          requestBody: "{'x",
        }),
      ),
    ).toBe(`curl -sS -i -X PUT -H 'content-type: application/json' --data-binary '{'\\''x' 'http://192.168.1.40/api/v1/state'`);
  });
});

test('websocatLine: each message at its time, the token as the variable, and as long again as the device spoke', () => {
  const line = websocatLine(
    ex({
      method: 'WS',
      url: 'wss://192.168.1.40/api/ws',
      requestBody: '+20ms {"type":"authorization","data":"[REDACTED]"}\n+1500ms {"type":"subscribe","data":"measurement"}',
      responseBody: '+5ms {"type":"authorization_requested"}\n+3000ms {"type":"measurement"}',
    }),
  );
  expect(line).toBe(
    `{ sleep 0.020; echo "{\\"type\\":\\"authorization\\",\\"data\\":\\"\${ENERGY_CONFORM_TOKEN}\\"}"; sleep 1.480; ` +
      `echo '{"type":"subscribe","data":"measurement"}'; sleep 2.500; } | websocat --insecure 'wss://192.168.1.40/api/ws'`,
  );
});

test('reproduction: the exchanges the outcome is about, else those its message quotes, else the first', () => {
  const three = [ex({ url: 'https://h/a', status: 200 }), ex({ url: 'https://h/b', status: 200 }), ex({ url: 'https://h/c', status: 200 })];
  const urls = (lines: string[]) => lines.map((l) => l.split(' ').at(-1));
  expect(urls(reproduction({ exchanges: three, evidence: 2, message: '' }))).toEqual(["'https://h/a'", "'https://h/b'"]);
  expect(urls(reproduction({ exchanges: three, message: 'case 1\nexchange: GET https://h/b → 200\ncase 3\nexchange: GET https://h/c → 200' }))).toEqual([
    "'https://h/b'",
    "'https://h/c'",
  ]);
  expect(urls(reproduction({ exchanges: three, message: 'no exchange named' }))).toEqual(["'https://h/a'"]);
  expect(reproduction({ exchanges: [], message: '' })).toEqual([]);
});
