// The unit project's file order: the files that take longest (mostly waiting on scenarios and device
// timers) start first, so that no one of them is left running alone at the end; the rest as vitest orders them.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

// The files that took 4 s or more on a clean clone, where vitest has no durations of its own to order by, longest
// first: discovery (one mDNS command after another) first of all. One left to vitest's order ran last, alone (with the
// list at 9 s, two that mostly wait, 4 and 6 s, ended npm test on a clean clone while the other workers had nothing left).
export const SLOW_FIRST = [
  'lib/cli/discover.spec.ts',
  'lib/runner/self-test.spec.ts',
  'lib/certify/certify.spec.ts',
  'lib/cli/docs.spec.ts',
  'lib/cli/users.spec.ts',
  'lib/cli/certify.spec.ts',
  'lib/cli/third-party-certify.spec.ts',
  'lib/cli/cli.spec.ts',
  'lib/soak/soak.spec.ts',
  'lib/explore/explore.spec.ts',
  'lib/cli/emulate-from.spec.ts',
  'lib/cli/hostile.spec.ts',
  'lib/cli/package.spec.ts',
  'lib/cli/reports.spec.ts',
  'lib/runner/kept-worker.spec.ts',
  'lib/cli/explore.spec.ts',
  'lib/cli/cloud-terminal.spec.ts',
  'lib/bench/repeatable.spec.ts',
  'lib/cli/reboot.spec.ts',
  'lib/cli/replay.spec.ts',
  'lib/emulator/python-client.spec.ts',
  'lib/emulator/field-conditions.spec.ts',
  'lib/cli/interrupt.spec.ts',
  'lib/cli/socket.spec.ts',
  'lib/testing/conformance-project.spec.ts',
  'lib/cli/console-press.spec.ts',
  'lib/cli/vendor-budget.spec.ts',
  'lib/capture/capture.spec.ts',
  'lib/cli/history.spec.ts',
  'lib/emulator/system.spec.ts',
  'lib/cli/soak.spec.ts',
  'lib/emulator/control.spec.ts',
  'lib/emulator/websocket.spec.ts',
  'lib/testing/warm-cli.spec.ts',
];

const rank = (s: TestSpecification) => {
  const i = SLOW_FIRST.findIndex((f) => s.moduleId.endsWith(f));
  return i === -1 ? SLOW_FIRST.length : i;
};

export class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}
