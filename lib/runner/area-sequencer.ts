// vitest's default sequencer puts files that failed or ran long before first. Here the order is
// SUITE_ORDER's, the same on every run whatever ran before.
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { inRunOrder } from '../spec/run-order.js';

export class AreaSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return inRunOrder(files, (f) => f.moduleId);
  }
}
