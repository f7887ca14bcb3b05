// The press-hook backend: a shell command that presses the button (a bench relay, the emulator's
// control port). Its output is kept for the message if it fails.
import { spawn } from 'node:child_process';
import { RunError } from '../client/errors.js';

export async function runPressHook(command: string, timeoutMs: number, signal?: AbortSignal): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const stop = () => {
      child.kill('SIGKILL');
      reject(new RunError('EC_INTERRUPTED', `the press hook was stopped: the run stopped waiting for the press (${String(signal?.reason)})`));
    };
    signal?.addEventListener('abort', stop, { once: true });
    child.once('exit', () => signal?.removeEventListener('abort', stop));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new RunError('EC_PRESS_HOOK_TIMEOUT', `the press hook did not finish within ${timeoutMs / 1000} s: ${command}`));
    }, timeoutMs);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new RunError('EC_PRESS_HOOK_FAILED', `the press hook could not start (${err.message}): ${command}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new RunError('EC_PRESS_HOOK_FAILED', `the press hook exited with ${code}: ${command}${output.trim() ? ` — ${output.trim().slice(0, 300)}` : ''}`),
        );
    });
  });
}
