import type { ClauseId } from './clauses.js';
import { VENDOR_GATES } from './vendor-kinds.js';
import { RELEASE_GATES } from './releases.js';

export type { ClauseId };

export const LEVELS = ['MUST', 'SHOULD', 'OBSERVE', 'MANUAL'] as const;
export type Level = (typeof LEVELS)[number];

/** A row of a device catalogue (spec/clauses.md, spec/vendor-clauses.md), as catalogue-gen.ts makes it from the Markdown. */
export interface Row {
  id: string;
  level: Level;
  area: Area;
  gate: string;
  statement: string;
  where: string;
}

export const AREAS = [
  'info',
  'versioning',
  'auth',
  'users',
  'socket',
  'cloud',
  'tls',
  'measurement',
  'errors',
  'kind',
  'vendor-system',
  'vendor-telegram',
  'vendor-batteries',
  'vendor-websocket',
  'vendor-measurement',
  'vendor-readings',
] as const;
export type Area = (typeof AREAS)[number];

/** Gate names of spec/clauses.md "Gates", then those of spec/vendor-clauses.md "Gates". */
export const GATES = ['v2', 'users', 'state', 'system', 'press', 'slow', 'cloud', 'tls', 'v1', 'reboot', ...VENDOR_GATES, ...RELEASE_GATES] as const;
export type Gate = (typeof GATES)[number];

/**
 * The catalogues a run can judge against (docs/design.md "Profiles"): `spec`, the specification's (spec/clauses.md), the
 * default; `vendor`, the vendor's whole v2 surface (spec/vendor-clauses.md).
 */
export const PROFILES = ['spec', 'vendor'] as const;
export type Profile = (typeof PROFILES)[number];

/** Each profile's catalogue, as reports name it. */
export const CATALOGUES: Readonly<Record<Profile, { file: string; revision: number; name: string }>> = {
  spec: { file: 'spec/clauses.md', revision: 3, name: 'the specification' },
  vendor: { file: 'spec/vendor-clauses.md', revision: 3, name: 'the vendor profile' },
};

export interface Clause {
  id: ClauseId;
  profile: Profile;
  level: Level;
  area: Area;
  /** The gate exactly as the catalogue writes it: `v2, users`, `state or system`, `not state`, `—`. */
  gate: string;
  statement: string;
  where: string;
}

/** A catalogue gate as logic: every one of `all`, at least one of `any`, none of `none`. */
export interface GateExpr {
  all: Gate[];
  any: Gate[];
  none: Gate[];
}

function asGate(word: string): Gate {
  if (!(GATES as readonly string[]).includes(word)) throw new Error(`unknown gate "${word}"`);
  return word as Gate;
}

export function parseGate(text: string): GateExpr {
  const t = text.trim();
  if (t === '—' || t === '') return { all: [], any: [], none: [] };
  if (t.startsWith('not ')) return { all: [], any: [], none: [asGate(t.slice(4))] };
  if (t.includes(' or ')) return { all: [], any: t.split(' or ').map((w) => asGate(w.trim())), none: [] };
  return { all: t.split(',').map((w) => asGate(w.trim())), any: [], none: [] };
}

/**
 * A row's title for another clause it judges (`also`): its own clause and level in front, so that a
 * SOCK-17 case of a SOCK-12 row reads `SOCK-17 [SHOULD] …`, not `SOCK-12 [MUST] …`.
 */
export function retitle(title: string, other: Pick<Clause, 'id' | 'level'>): string {
  return title.replace(/^(?:V-)?[A-Z]+-\d+ \[[A-Z]+\]/, `${other.id} [${other.level}]`);
}

/** The test title: `<ID> [<LEVEL>] <statement>`. */
export function clauseTitle(c: Clause): string {
  return `${c.id} [${c.level}] ${c.statement}`;
}
