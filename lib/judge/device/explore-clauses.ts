// The clauses a step of the explorer is held to, as judgeStep (explore-model.ts) holds it: what a step
// that agreed with the model showed, for the reports' counts of what an exploration exercised.
import type { ClauseId } from '../../spec/clause-types.js';
import { type ModelState, type Step, pollClause } from './explore-model.js';
import { socketOutcome } from '../../spec/socket-model.js';

export function heldTo(m: ModelState, step: Step): ClauseId[] {
  return [...ownClauses(m, step), ...kept(m, step)];
}

/** SOCK-18 and CLOUD-08: the states a step of another area leaves as they were, read back after it (device-side.ts). */
function kept(m: ModelState, step: Step): ClauseId[] {
  const socket = m.socket !== null ? ['SOCK-18' as const] : [];
  if (step.kind === 'toggle') return socket;
  if (!['poll', 'create', 'late', 'delete'].includes(step.kind)) return [];
  return [...socket, ...(m.cloud !== null ? ['CLOUD-08' as const] : [])];
}

function ownClauses(m: ModelState, step: Step): ClauseId[] {
  switch (step.kind) {
    case 'socket': {
      const o = socketOutcome(m.socket!, step.put);
      if (o.kind === 'state') return ['SOCK-01', 'SOCK-02', 'SOCK-03', o.clause];
      return o.kind === 'unchanged' ? ['SOCK-01', 'SOCK-02', o.clause] : ['SOCK-01', 'SOCK-02'];
    }
    case 'cloud': return ['CLOUD-02'];
    case 'toggle': return [m.cloud ? 'CLOUD-03' : 'CLOUD-04'];
    case 'version': {
      const latest = Number(m.served.split('.')[0]);
      if (step.asked === null) return ['VER-02'];
      if (step.asked === '2') return ['VER-03'];
      if (!/^\d+$/.test(step.asked)) return [];
      const n = Number(step.asked);
      return n === latest ? [] : [n < latest ? 'VER-04' : 'VER-06', 'VER-05'];
    }
    // A held poll step sent every POST it drew (they stop at the first that is not refused).
    case 'poll': return [pollClause(m, step.times)];
    case 'late': return step.after === 31 ? ['PAIR-08'] : ['PAIR-09', ...heldTo(m, { kind: 'create', slot: step.slot })];
    case 'create': return ['PAIR-03', 'PAIR-04', 'PAIR-05', ...(m.users[step.slot].exists ? ['PAIR-11' as const] : []), 'VER-01'];
    case 'delete': return m.users[step.slot].exists ? ['DEL-01', 'DEL-02', 'VER-01'] : [];
    case 'list': return ['LIST-01', 'LIST-04', 'LIST-05', 'DEL-04', 'VER-01'];
    case 'use': {
      const u = m.users[step.slot];
      const revoked = u.tokens.slice(0, u.exists ? -1 : undefined);
      return [...(u.exists ? ['PAIR-06' as const, 'VER-01' as const] : []), ...(revoked.some((t) => u.deleted.includes(t)) ? ['DEL-03' as const] : []),
        ...(revoked.some((t) => !u.deleted.includes(t)) ? ['PAIR-10' as const] : [])];
    }
  }
}
