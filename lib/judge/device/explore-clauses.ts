// The clause of a step of the explorer, named (not judged): where the device cut a step short (no answer), the
// clause its error is reported under. What a step that agreed with the model held the device to is what its
// judges ran (explore-judge.ts judgeStepRan).
import type { ClauseId } from '../../spec/clause-types.js';
import { type ModelState, type Step, pollClause } from './explore-model.js';

export function stepClause(m: ModelState, step: Step): ClauseId | undefined {
  switch (step.kind) {
    case 'socket':
      return 'SOCK-01';
    case 'cloud':
      return 'CLOUD-02';
    case 'toggle':
      return m.cloud ? 'CLOUD-03' : 'CLOUD-04';
    case 'version': {
      if (step.asked === null) return 'VER-02';
      if (step.asked === '2') return 'VER-03';
      const n = Number(step.asked);
      return !/^\d+$/.test(step.asked) || n === Number(m.served.split('.')[0]) ? undefined : n < Number(m.served.split('.')[0]) ? 'VER-04' : 'VER-06';
    }
    case 'poll':
      return pollClause(m, step.times);
    case 'late':
      return step.after === 31 ? 'PAIR-08' : 'PAIR-09';
    case 'create':
      return 'PAIR-03';
    case 'delete':
      return m.users[step.slot].exists ? 'DEL-01' : undefined;
    case 'list':
      return 'LIST-01';
    case 'use':
      return m.users[step.slot].exists ? 'PAIR-06' : 'DEL-03';
  }
}
