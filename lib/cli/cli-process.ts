// For tests and benchmarks: the CLI as a user runs it, in a child process.
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PACKAGE_ROOT } from '../runner/vitest-run.js';
import type { ReadyInfo } from '../emulator/emulator.js';
import { DEFAULT_PAIRING_NAME, DEFAULT_REQUEST_TIMEOUT_MS, type RunConfig } from '../runner/config.js';

export const BIN = path.join(PACKAGE_ROOT, 'bin', 'energy-conform.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export function cli(args: string[], o: { env?: NodeJS.ProcessEnv; timeoutMs?: number; cwd?: string } = {}): Promise<CliResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd: o.cwd ?? PACKAGE_ROOT, env: { ...process.env, NO_COLOR: '1', ...o.env }, stdio: ['ignore', 'pipe', 'pipe'],
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

/** A press hook that presses the emulator's button through its control port. */
export function pressHookFor(ready: ReadyInfo): string {
  return `"${process.execPath}" -e "fetch('${ready.controlUrl}/press',{method:'POST'}).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"`;
}

/** A RunConfig that points at an emulator (its CA, its press hook); `more` overrides the defaults. */
export async function emulatorRunConfig(ready: ReadyInfo, tokenStore: string, more: Partial<RunConfig> = {}): Promise<RunConfig> {
  return {
    host: ready.host, httpPort: ready.httpPort, httpsPort: ready.httpsPort, kind: ready.kind,
    caPem: await readFile(ready.ca, 'utf8'), caLabel: 'the emulator\'s test CA', insecure: false,
    tokenStore, pressHook: pressHookFor(ready), pressTimeoutS: 30, pairingName: DEFAULT_PAIRING_NAME,
    slow: false, allowCloudToggle: false, manual: false, strict: false, forget: false, yes: true,
    requestTimeoutMs: DEFAULT_REQUEST_TIMEOUT_MS, paceMs: 0, ...more,
  };
}

/** `run` options that point at an emulator. */
export function targetArgs(ready: ReadyInfo, tokenStore: string): string[] {
  return ['--host', ready.host, '--http-port', String(ready.httpPort ?? 1), '--https-port', String(ready.httpsPort ?? 1),
    '--ca', ready.ca, '--kind', ready.kind, '--press-hook', pressHookFor(ready), '--press-timeout', '15',
    '--token-store', tokenStore, '--yes'];
}
