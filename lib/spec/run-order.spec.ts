import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { AFTER_PRESS, BEFORE_PRESS, SUITE_ORDER, inRunOrder, suiteRank } from './run-order.js';

test('every suite file has its place in SUITE_ORDER, and every place a file', () => {
  const files = readdirSync(path.join(PACKAGE_ROOT, 'suites'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => f.replace(/\.test\.ts$/, ''));
  expect([...files].sort()).toEqual([...SUITE_ORDER].sort());
});

test.for([
  {
    files: ['suites/cloud.test.ts', 'suites/info.test.ts', 'suites/users.test.ts'],
    order: ['suites/info.test.ts', 'suites/users.test.ts', 'suites/cloud.test.ts'],
  },
  {
    files: ['/abs/suites/socket-refused.test.ts', '/abs/suites/socket.test.ts', '/abs/suites/socket-orders.test.ts'],
    order: ['/abs/suites/socket.test.ts', '/abs/suites/socket-orders.test.ts', '/abs/suites/socket-refused.test.ts'],
  },
  // A file not listed comes after every listed one, then by name.
  {
    files: ['suites/zeta.test.ts', 'suites/alpha.test.ts', 'suites/kind.test.ts'],
    order: ['suites/kind.test.ts', 'suites/alpha.test.ts', 'suites/zeta.test.ts'],
  },
])('$files -> $order', ({ files, order }) => {
  expect(inRunOrder(files, (f) => f)).toEqual(order);
  expect(inRunOrder([...files].reverse(), (f) => f)).toEqual(order);
});

test('the rank reads a name from a path or a built .js file', () => {
  expect(suiteRank('/x/suites/info.test.ts')).toBe(SUITE_ORDER.indexOf('info'));
  expect(suiteRank('suites\\tls.test.js')).toBe(SUITE_ORDER.indexOf('tls'));
  expect(suiteRank('nope.test.ts')).toBe(SUITE_ORDER.length);
});

const READ = (name: string) => readFileSync(path.join(PACKAGE_ROOT, 'suites', `${name}.test.ts`), 'utf8');
const ASKS_USERS = /\/api\/user|postUserUnpressed|user-probe|ERROR_ANSWER_ENDPOINTS|TOKEN_ENDPOINTS/;

test("the areas the lane's press waits for come first", () => {
  expect(SUITE_ORDER.slice(0, BEFORE_PRESS.length)).toEqual([...BEFORE_PRESS]);
});

// The files that wait for the press come after those it waits for (or neither would start), and before the users suite,
// whose checks wait for the whole lane.
test('the areas that wait for the press come after those it waits for and before the users suite', () => {
  for (const a of AFTER_PRESS) {
    expect(suiteRank(a)).toBeGreaterThan(Math.max(...BEFORE_PRESS.map(suiteRank)));
    expect(suiteRank(a)).toBeLessThan(suiteRank('users'));
  }
});

// The areas between them and the users suite run while its lane waits with a creation window open (docs/architecture.md
// "Lanes"): none of them may ask POST /api/user, which the window would answer with a user, nor read the users.
test.for(SUITE_ORDER.slice(BEFORE_PRESS.length, SUITE_ORDER.indexOf('users')))('suites/%s.test.ts asks nothing of /api/user', (name) => {
  expect(READ(name)).not.toMatch(ASKS_USERS);
});

// The reading is not blind: the areas the press waits for do ask.
test.for(BEFORE_PRESS)('suites/%s.test.ts asks /api/user', (name) => {
  expect(READ(name)).toMatch(ASKS_USERS);
});
