import { defineConfig } from 'vitest/config';

// `npm test`: the unit project (lib/**/*.spec.ts). The conformance suites (suites/**/*.test.ts)
// need a device; `energy-conform run` starts vitest on them programmatically (lib/runner), and the
// unit project drives such runs end to end against the emulator.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['lib/**/*.spec.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'conformance',
          include: ['suites/**/*.test.ts'],
          // One file at a time: a real device is one device.
          fileParallelism: false,
          globalSetup: ['lib/testing/emulator-global-setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
