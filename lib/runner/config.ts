// One typed RunConfig: what the CLI's flags mean, validated once. The device and how to reach it are the
// meeting's (lib/meeting/target.ts); what the run does with it is here.
import type { DeviceTarget } from '../meeting/target.js';
import type { ClauseId, Profile } from '../spec/clause-types.js';
import type { ExploreOptions } from './explore-phase.js';
import type { KnownEntry } from '../report/known.js';
import type { Claims } from '../claims/claims.js';

export interface RunOptions {
  /** The catalogues to judge against (--profile): `spec` by default. */
  profiles: Profile[];
  suites?: string[];
  clauses?: ClauseId[];
  slow: boolean;
  allowCloudToggle: boolean;
  /** Checks that reboot the device may run (V-SYS-11, V-SYS-12). */
  allowReboot: boolean;
  manual: boolean;
  strict: boolean;
  /** Delete the pairing user at the end of the run (and its stored token): DEL-05. */
  forget: boolean;
  yes: boolean;
  reportsDir?: string;
  /** --claims: the file, its SHA-256 and what it claims, checked (lib/claims): gates the suites in place of the kind table. */
  claims?: { file: string; sha256: string; claims: Claims };
  /** --known: the file, its SHA-256 and its entries (report/known.ts). */
  known?: { file: string; sha256: string; entries: KnownEntry[] };
  /** `explore`, or `run --explore`: the seed, the budget, and whether the suites run too. */
  explore?: ExploreOptions;
}

export type RunConfig = DeviceTarget & RunOptions;
