// The clean clone's file order names files that exist: one renamed would drop back to vitest's order, maybe last.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { SLOW_FIRST } from './slow-first.js';

test('every file the order names is a test file of the unit project, named once', () => {
  expect(SLOW_FIRST.filter((f) => !f.endsWith('.spec.ts') || !existsSync(path.join(PACKAGE_ROOT, f)))).toEqual([]);
  expect(new Set(SLOW_FIRST).size).toBe(SLOW_FIRST.length);
});
