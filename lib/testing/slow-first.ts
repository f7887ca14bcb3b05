// The unit project's file order: the files that take longest (mostly waiting on scenarios and device
// timers) start first, so that no one of them is left running alone at the end; the rest as vitest orders them.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOW_FIRST = ['lib/runner/self-test.spec.ts', 'lib/certify/certify.spec.ts', 'lib/cli/docs.spec.ts', 'lib/cli/users.spec.ts',
  'lib/cli/discover.spec.ts', 'lib/cli/certify.spec.ts', 'lib/cli/third-party-certify.spec.ts', 'lib/cli/emulate-from.spec.ts',
  'lib/cli/cli.spec.ts', 'lib/cli/hostile.spec.ts'];

const rank = (s: TestSpecification) => {
  const i = SLOW_FIRST.findIndex((f) => s.moduleId.endsWith(f));
  return i === -1 ? SLOW_FIRST.length : i;
};

export class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}
