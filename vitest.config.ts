import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SINGLE_THREADED_GC } from './lib/runner/kept-worker.js';
import { SlowFirst } from './lib/testing/slow-first.js';

// `npm test`: the unit project (lib/**/*.spec.ts). The conformance suites (suites/**/*.test.ts)
// need a device; `energy-conform run` starts vitest on them programmatically (lib/runner), and the
// unit project drives such runs end to end against the emulator, the conformance project among them
// (lib/testing/conformance-project.spec.ts).
export default defineConfig({
  test: {
    reporters: ['default', './lib/testing/progress-reporter.ts'],
    // The longest files first (lib/testing/slow-first.ts). Vitest reads the sequencer from this root config only.
    sequence: { sequencer: SlowFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['lib/**/*.spec.ts'],
          // The build first; then the warm CLI processes that the tests' commands share (warm-cli-service.ts).
          globalSetup: ['lib/testing/build-fresh.ts', 'lib/testing/warm-cli-service.ts'],
          // The self-test's runs in parallel (describe.concurrent): each is one run of the CLI, mostly on one
          // core, often waiting on the device; more than two a core only makes each slower.
          maxConcurrency: 2 * availableParallelism(),
          // Most files wait on child processes, device timers and scenarios more than they compute: five files more
          // than there are cores run beside the self-test. With four, in the second and third minutes the six files that
          // mostly wait (certify-client's scenarios, discovery, the --slow users runs) held every place while the cores
          // were half idle (216 s, 88% busy, against 209 s, 93%); with six, each further worker loading the modules
          // again cost more CPU than it saved (401 CPU-seconds, not 363–372).
          maxWorkers: availableParallelism() + 5,
          // A worker runs file after file with the modules it has loaded (no test mocks a module): loading them
          // again for each of 112 files took some 90 CPU-seconds of npm test.
          isolate: false,
          // Garbage collected on each process's main thread: helper threads only compete (lib/testing/warm-cli.ts).
          execArgv: [SINGLE_THREADED_GC],
          // vitest runs projects with different worker counts one after the other: this one second.
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'conformance',
          include: ['suites/**/*.test.ts'],
          // One file at a time: a real device is one device. In one worker with one module graph, so what
          // the harness learns of the device (lib/harness/given-up.ts, await-device.ts) holds for the whole run.
          fileParallelism: false,
          isolate: false,
          globalSetup: ['lib/testing/emulator-global-setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
