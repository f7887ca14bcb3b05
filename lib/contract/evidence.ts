// The exchanges a failure is about come first in its record, so that every report shows them before the
// rest of the check's exchanges (its setup reads, the steps that led there).
import type { Exchange } from '../client/exchange-log.js';

export interface WithEvidence {
  exchanges: Exchange[];
  /** How many of `exchanges`, from the first, the outcome is about; the rest are the check's other exchanges. */
  evidence: number;
}

export function evidenceFirst(all: readonly Exchange[], judged: readonly Exchange[]): WithEvidence {
  const first = judged.filter((e, i) => judged.indexOf(e) === i);
  return { exchanges: [...first, ...all.filter((e) => !first.includes(e))], evidence: first.length };
}
