// What a client judge finds, and what that makes of its clause: a MUST broken fails, a SHOULD broken
// warns, an OBSERVE clause records; a clause with nothing to judge skips, saying why.
import type { ClientClause, ClientClauseId } from '../../spec/client-clauses.js';
import type { Phase } from '../../spec/client-clause-types.js';
import { parsePhases } from '../../spec/client-clause-types.js';
import type { SeenRequest, Traffic } from '../../spec/traffic.js';
import { outcomeOf } from '../../contract/outcome.js';
import { Redactor } from '../../client/redactor.js';

export type Finding =
  | { held: true; message: string }
  | { held: false; message: string; evidence: number[] }
  | { skip: string }
  | { observed: unknown; message: string; evidence?: number[] };

export type ClientStatus = 'pass' | 'fail' | 'warn' | 'skip' | 'observation';

export interface ClientOutcome {
  clause: ClientClauseId;
  status: ClientStatus;
  message: string;
  /** The requests the outcome is about, the one that shows it first. */
  evidence: number[];
  observed?: unknown;
}

/** A finding's outcome by the one rule every check of a device has too (contract/outcome.ts): a client clause has no deviations. */
export function clientOutcomeOf(clause: ClientClause, f: Finding): ClientOutcome {
  if ('skip' in f) return { clause: clause.id, status: 'skip', message: f.skip, evidence: [] };
  const weight = { level: clause.level, soft: clause.level === 'SHOULD' };
  if ('observed' in f || f.held) {
    const { status } = outcomeOf(weight, { kind: 'completed', ...('observed' in f ? { observed: f.observed } : {}) });
    return {
      clause: clause.id,
      status: status as ClientStatus,
      message: f.message,
      evidence: 'observed' in f ? (f.evidence ?? []) : [],
      ...('observed' in f ? { observed: f.observed } : {}),
    };
  }
  const { status } = outcomeOf(weight, { kind: 'violated', message: f.message, expected: '', observed: f.message });
  return { clause: clause.id, status: status as ClientStatus, message: f.message, evidence: f.evidence };
}

/** A judge of one clause: the traffic of the clause's phases (the whole traffic is there for what came before). */
export type Judge = (t: Traffic, within: readonly Phase[]) => Finding;

export const phasesOf = (clause: ClientClause): Phase[] => parsePhases(clause.phases);

export const inPhases = (requests: readonly SeenRequest[], within: readonly Phase[]) => requests.filter((r) => within.includes(r.phase));

/** A request for a token. */
export const isPairing = (r: SeenRequest) => r.method === 'POST' && r.path === '/api/user';

/** When the scenario ended, in ms from its start. */
export const scenarioEnd = (t: Traffic) => Math.max(0, ...t.phases.map((p) => p.to));

/** A body as JSON; `undefined` where it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How often each value comes, in the order they first come. */
export function tally(values: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const v of values) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}

/** When something happened, as a message tells it: `12.3 s into the scenario`. */
export const intoScenario = (at: number) => `${(at / 1000).toFixed(1)} s into the scenario`;

/** A request as a message names it: `GET /api/measurement on the HTTPS port, 12.3 s into the scenario (steady)`. */
export function named(r: SeenRequest): string {
  return `${r.method} ${r.path}${r.query ? `?${r.query}` : ''} on the ${r.side === 'v1' ? 'HTTP (v1)' : 'HTTPS (v2)'} port, ${intoScenario(r.at)} (${r.phase})`;
}

/** The token of an `Authorization: Bearer` header, as sent. */
export function bearerOf(r: SeenRequest): string | null {
  const m = /^bearer\s+(\S+)\s*$/i.exec(r.headers.authorization ?? '');
  return m ? m[1]! : null;
}

/** The tokens the device issued, the longest first (so that one inside another is found whole). */
export const issuedTokens = (t: Traffic): string[] => [...new Set(t.tokens.map((k) => k.token))].sort((a, b) => b.length - a.length);

/** Whether a text holds any issued token, in any case (a token lowercased or uppercased is still the secret). */
export function holdsToken(text: string, tokens: readonly string[]): string | null {
  const upper = text.toUpperCase();
  return tokens.find((k) => upper.includes(k.toUpperCase())) ?? null;
}

/** `the one thing` or `each of the n things`, for a sentence whose verb agrees with either. */
export const each = (n: number, thing: string, things = `${thing}s`) => (n === 1 ? `the one ${thing}` : `each of the ${n} ${things}`);

/** `n thing(s)`; a thing whose plural is not an s says it. */
export const count = (n: number, thing: string, things = `${thing}s`) => `${n} ${n === 1 ? thing : things}`;

/** Replaces every issued token, in any case, with [REDACTED]: what the judges say and what the reports show hold none. */
export function tokenRedactor(tokens: readonly string[]): (text: string) => string {
  const redactor = new Redactor();
  for (const token of tokens) redactor.add(token);
  return (text) => redactor.redact(text);
}
