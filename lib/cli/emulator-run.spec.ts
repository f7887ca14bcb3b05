// The press hook every run against an emulator uses (npm start's, the tests', the bench's): curl where the shell
// finds it, else Node; either presses the button, so the device's next POST /api/user creates a user.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { runPressHook } from '../press/hook.js';
import { clientOf, withEmulator } from '../testing/emulator-client.js';
import { pressHookFor } from './emulator-run.js';

let noCurl: string;
beforeAll(async () => {
  noCurl = await mkdtemp(path.join(tmpdir(), 'ec-no-curl-'));
});
afterAll(() => rm(noCurl, { recursive: true, force: true }));

const hooks = [
  { name: 'with curl on PATH', searchPath: () => process.env.PATH ?? '', starts: 'curl ' },
  { name: 'without curl on PATH', searchPath: () => noCurl, starts: `"${process.execPath}" -e ` },
] as const;

test.for(hooks)('$name: the hook presses the button, and the window opens', async ({ searchPath, starts }) => {
  await withEmulator({ kind: 'p1dongle' }, async (emu) => {
    const hook = pressHookFor(emu.ready, searchPath());
    expect(hook.startsWith(starts), hook).toBe(true);
    const client = await clientOf(emu);
    const before = await client.v2.post('/api/user', { body: { name: 'local/hook-test' } });
    expect(before.status).toBe(403);
    await runPressHook(hook, 10_000);
    const after = await client.v2.post('/api/user', { body: { name: 'local/hook-test' } });
    expect(after.status).toBe(200);
  });
});

test('a hook that cannot reach the control port fails, saying so', async () => {
  const hook = pressHookFor({ controlUrl: 'http://127.0.0.1:9' } as Parameters<typeof pressHookFor>[0]);
  await expect(runPressHook(hook, 10_000)).rejects.toThrow(/the press hook exited with/);
});
