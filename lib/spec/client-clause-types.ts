// The vocabulary of spec/client-clauses.md: its areas and the phases of the scenario certify-client runs.
import type { Level } from './clause-types.js';

export const CLIENT_AREAS = ['auth', 'pair', 'tls', 'versioning', 'load', 'life', 'body', 'socket', 'cloud', 'websocket', 'system', 'batteries'] as const;
export type ClientArea = (typeof CLIENT_AREAS)[number];

/** A row of the client catalogue (spec/client-clauses.md), as catalogue-gen.ts makes it from the Markdown. */
export interface ClientRow {
  id: string;
  level: Exclude<Level, 'MANUAL'>;
  area: ClientArea;
  /** The phases of the scenario it judges, as the catalogue writes them: `all`, or a list. */
  phases: string;
  statement: string;
  where: string;
}

/** The scenario's phases, in the order it runs them (client-clauses.md "Phases of the scenario"). */
export const PHASES = ['pairing', 'steady', 'newer', 'reboot', 'foreign-ca', 'wrong-identity', 'revoked'] as const;
export type Phase = (typeof PHASES)[number];

/** A clause's "Phases" cell as the phases it judges: `all`, or a comma-separated list. */
export function parsePhases(text: string): Phase[] {
  if (text.trim() === 'all') return [...PHASES];
  return text.split(',').map((w) => {
    const phase = w.trim();
    if (!(PHASES as readonly string[]).includes(phase)) throw new Error(`unknown phase "${phase}"`);
    return phase as Phase;
  });
}
