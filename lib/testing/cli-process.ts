// For tests and benchmarks: the CLI as a user runs it, in a child process.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import type { ReadyInfo } from '../emulator/emulator.js';
import { pressHookFor } from '../cli/emulator-run.js';

export const BIN = path.join(PACKAGE_ROOT, 'bin', 'energy-conform.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** `bin`: another installation's, e.g. one installed from the package; `nodeArgs`: Node's own options, before the bin. */
export function cli(
  args: string[],
  o: { env?: NodeJS.ProcessEnv; timeoutMs?: number; cwd?: string; bin?: string; nodeArgs?: string[] } = {},
): Promise<CliResult> {
  const started = Date.now();
  // A tester's own history is not the tests': a test that wants one names it.
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.ENERGY_CONFORM_HISTORY;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(o.nodeArgs ?? []), o.bin ?? BIN, ...args], {
      cwd: o.cwd ?? PACKAGE_ROOT,
      env: { ...env, ...o.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), o.timeoutMs ?? 120_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

/** `run` options that point at an emulator. */
export function targetArgs(ready: ReadyInfo, tokenStore: string): string[] {
  return [
    '--host',
    ready.host,
    '--http-port',
    String(ready.httpPort ?? 1),
    '--https-port',
    String(ready.httpsPort ?? 1),
    '--ca',
    ready.ca,
    '--kind',
    ready.kind,
    '--press-hook',
    pressHookFor(ready),
    '--press-timeout',
    '15',
    '--token-store',
    tokenStore,
    '--yes',
  ];
}
