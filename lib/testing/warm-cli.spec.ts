// A warm CLI process (warm-cli.ts) runs each command line as a process of its own would run it: in the folder
// it is given, with the environment it is given, HOME and so the default token store included; the next
// command in the same process has its own.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator } from '../emulator/emulator.js';
import { targetArgs } from './cli-process.js';
import { WarmCli, forkableExecArgv } from './warm-cli.js';

let dir: string;
const warm = new WarmCli(1);
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ec-warm-'));
});
afterAll(async () => {
  warm.close();
  await rm(dir, { recursive: true, force: true });
});

test('two commands in one warm process: each writes its reports in its own folder and its token in its own HOME', { timeout: 60_000 }, async () => {
  const emu = await startEmulator({ kind: 'p1dongle' });
  try {
    const args = targetArgs(emu.ready, '');
    const target = args.filter((_, i) => args[i] !== '--token-store' && args[i - 1] !== '--token-store');
    for (const who of ['first', 'second']) {
      const home = path.join(dir, who);
      await mkdir(home);
      const res = await warm.run(['run', ...target, '--suite', 'info', '--reports', 'out'], { cwd: home, env: { HOME: home } });
      expect(res.code, res.stdout + res.stderr).toBe(0);
      expect(existsSync(path.join(home, 'out', 'results.json'))).toBe(true);
      // Each HOME had no token: each command paired and stored its own, mode 0600.
      expect((await stat(path.join(home, '.config', 'energy-conform', 'tokens.json'))).mode & 0o777).toBe(0o600);
    }
  } finally {
    await emu.close();
  }
});

test.for([
  ['-e and its code', ['-e', 'code()', '--cpu-prof'], ['--cpu-prof']],
  ['--eval and --print with theirs', ['--eval', 'a()', '--print', 'b()', '--conditions', 'node'], ['--conditions', 'node']],
  ['--eval= and --print=', ['--eval=a()', '--print=b()', '--single-threaded-gc'], ['--single-threaded-gc']],
  ['-pe and its code', ['-pe', 'process.execArgv'], []],
  [
    'the options of a vitest worker, kept',
    ['--conditions', 'development', '--require', '/x/suppress-warnings.cjs'],
    ['--conditions', 'development', '--require', '/x/suppress-warnings.cjs'],
  ],
] as const)('a warm CLI forks its processes without the code of node -e or -p: %s', ([, args, kept]) => {
  expect(forkableExecArgv(args)).toEqual(kept);
});
