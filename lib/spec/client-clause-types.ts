// The vocabulary of spec/client-clauses.md: its areas and the phases of the scenario certify-client runs.

export const CLIENT_AREAS = ['auth', 'pair', 'tls', 'versioning', 'load', 'life', 'body', 'socket', 'cloud', 'websocket', 'system', 'batteries'] as const;
export type ClientArea = (typeof CLIENT_AREAS)[number];

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
