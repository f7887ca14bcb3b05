import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readToken, writeToken } from './token-store.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-store-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const entry = { token: '0123456789ABCDEF0123456789ABCDEF', name: 'local/energy-conform', savedAt: '2026-11-21T00:00:00Z' };

describe('the token store', () => {
  test('creates the file with mode 0600 and reads the token back per serial', async () => {
    const file = path.join(dir, 'new', 'tokens.json');
    await writeToken(file, '5C2FAFAABBCC', entry);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readToken(file, '5c2fafaabbcc')).toEqual(entry);
    expect(await readToken(file, '000000000000')).toBeUndefined();
  });

  test('tightens a file that was readable by others to 0600', async () => {
    const file = path.join(dir, 'loose.json');
    await writeFile(file, '{}', { mode: 0o644 });
    await writeToken(file, '5c2fafaabbcc', entry);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  test('forgets a token', async () => {
    const file = path.join(dir, 'forget.json');
    await writeToken(file, '5c2fafaabbcc', entry);
    await writeToken(file, '5c2fafaabbcc', undefined);
    expect(await readToken(file, '5c2fafaabbcc')).toBeUndefined();
  });
});
