// `npm test` says where it is at least every PROGRESS_EVERY_MS: the self-test runs for minutes, and
// vitest prints a file's results only when the file ends, so a CI log would otherwise stay silent.
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';

const PROGRESS_EVERY_MS = 20_000;

export default class ProgressReporter implements Reporter {
  private started = Date.now();
  private done = 0;
  private failed = 0;
  private readonly running = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private root = '';

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
    this.started = Date.now();
    this.timer = setInterval(() => this.print(), PROGRESS_EVERY_MS);
    this.timer.unref();
  }

  onTestModuleStart(m: TestModule): void {
    this.running.add(m.moduleId.startsWith(this.root) ? m.moduleId.slice(this.root.length + 1) : m.moduleId);
  }

  onTestModuleEnd(m: TestModule): void {
    this.running.delete(m.moduleId.startsWith(this.root) ? m.moduleId.slice(this.root.length + 1) : m.moduleId);
  }

  onTestCaseResult(tc: TestCase): void {
    this.done += 1;
    if (tc.result().state === 'failed') this.failed += 1;
  }

  onTestRunEnd(): void {
    clearInterval(this.timer);
  }

  private print(): void {
    const s = Math.round((Date.now() - this.started) / 1000);
    const running = [...this.running].join(', ') || 'nothing';
    process.stdout.write(
      `progress ${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s: ${this.done} tests done, ${this.failed} failed; running ${running}\n`,
    );
  }
}
