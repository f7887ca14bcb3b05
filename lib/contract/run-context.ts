// What the main process hands each test worker: plain data only (vitest provide/inject).
import type { RequestTo, Target } from '../client/device-client.js';
import type { Advertised } from '../spec/advertisement.js';
import type { ClauseId } from '../spec/clause-types.js';
import type { KindId } from '../spec/kinds.js';

/**
 * What every check reads of the run, settled once before the suites. Over 20 fields: the target, the token, the
 * plan's skips and deviations and the state found are read together by one check; split, each check would take
 * several objects that always travel as one.
 */
export interface SuiteContext {
  target: Target;
  kind: KindId;
  /** The serial GET /api reported (v2 with the token, else v1), or the expected one. */
  serial: string | null;
  /** Where the serial came from: --serial, the device's GET /api, its mDNS advertisement, or only the certificate itself. */
  serialSource: 'option' | 'device' | 'advertised' | 'certificate' | null;
  /** What the device advertised over mDNS, when the run found it that way (KIND-02). */
  advertised: Advertised | null;
  /** The bearer token; null when none could be had (checks that need one are skipped). */
  token: string | null;
  /** Why there is no token, for the skip reason. */
  noTokenReason: string;
  /**
   * The version the device serves (Versioning 5, 6): the X-Api-Version of the run's own GET /api without the header,
   * asked with the token before any check; null where that gave no full version. The VER checks hold answers to it.
   */
  servedVersion: string | null;
  /** Which sides can be used for requests: v1 answered; v2 answered and its chain is trusted (or --insecure). */
  usable: { v1: boolean; v2: boolean };
  /** Why v2 cannot carry requests, when `usable.v2` is false. */
  v2Reason: string;
  /** GET /api/v1/system answered 200 (the `system` gate). */
  system: boolean;
  requestTimeoutMs: number;
  /** Clause ID -> reason the check is skipped (gate not met, not selected). */
  skips: Readonly<Record<string, string>>;
  /** The skipped clauses the run only did not choose (--profile, --clause, --suite, explore): a check of one still runs for a clause it also judges. */
  unselected: readonly string[];
  /** Clause ID -> why its MUST violations are deviations, not failures (an "In development" capability of the kind). */
  deviations: Readonly<Record<string, string>>;
  /** Prefix for anything the run creates on the device: `ec-<runid>`. */
  runTag: string;
  /** The main process's press service (press/in-check.ts), or null when no press can be had. */
  pressUrl: string | null;
  pressTimeoutS: number;
  /** The press backend tells when a press happened (a press hook): the creation window can be timed from it. */
  pressTimed: boolean;
  /** --slow: the checks that wait out a device timer run (the `slow` gate). */
  slow: boolean;
  /** Switching the cloud off is allowed and confirmed (--allow-cloud-toggle, then --yes or a typed yes). */
  cloudToggle: boolean;
  /** The user whose token this run holds, where known (a token given with --token may be anyone's). */
  tokenOwner: string | null;
  /** Endpoints the run could not read before the suites (the clause that governs each has the exchange): checks that ask them skip. */
  unreadable: readonly Unreadable[];
  /**
   * The run's last read, before the suites, of each state its own requests alone change (SOCK-18, CLOUD-08, LIST-07):
   * what the first check that writes elsewhere is held to (lib/harness/owned-watch.ts).
   */
  owned?: Readonly<Partial<Record<ClauseId, import('../client/exchange-log.js').Exchange>>>;
}

/** An endpoint the run's own read of failed, and why, in the words of the skip it causes. */
export interface Unreadable extends RequestTo {
  reason: string;
}

/** What is known of the run before the presses are served and the toggle confirmed: all but those. */
export type ContextDraft = Omit<SuiteContext, 'pressUrl' | 'pressTimed' | 'cloudToggle' | 'owned'>;

/** What the main process decided last: the press service, and whether the cloud may be switched. */
export type LateDecisions = Pick<SuiteContext, 'pressUrl' | 'pressTimed' | 'cloudToggle' | 'owned'> & {
  /** Clauses skipped for a reason found after the plan (the operator declined the toggle). */
  skipped?: Record<string, string>;
};

/** The worker context, built once just before the suites start, and frozen: nothing changes it after. */
export function workerContext(draft: ContextDraft, late: LateDecisions): Readonly<SuiteContext> {
  const { skipped, ...decided } = late;
  return Object.freeze({
    ...draft,
    ...decided,
    owned: Object.freeze({ ...decided.owned }),
    skips: Object.freeze({ ...draft.skips, ...skipped }),
    unselected: Object.freeze(draft.unselected.filter((id) => !skipped?.[id])),
    deviations: Object.freeze({ ...draft.deviations }),
    unreadable: Object.freeze([...draft.unreadable]),
  });
}

/** What a check leaves for the main process (vitest task meta). */
export interface CheckRecord {
  clause: ClauseId;
  status: 'pass' | 'fail' | 'deviation' | 'warn' | 'skip' | 'observation' | 'error';
  message: string;
  /** Why a violation is a deviation (status `deviation`). */
  deviation?: string;
  expected?: string;
  observed?: unknown;
  exchanges: import('../client/exchange-log.js').Exchange[];
  /** How many of `exchanges`, from the first, the outcome is about (contract/evidence.ts). */
  evidence?: number;
  /** The case's title, where it is not the test's: a row judged for another clause carries that clause's ID and level. */
  title?: string;
  /** Connections the worker had opened to the device by the end of this check (client/connection-pool.ts). */
  connections?: number;
  /** What the check judged by the table's occasion judges (harness/judged.ts), for rejudge. */
  judged?: import('../client/kept-judgment.js').JudgedOccasion[];
}

/** A check the main process makes itself around the suites (the pairing POST is PAIR-03's, --forget's DEL-05's): recorded as a check's. */
export type RunnerCheck = Pick<CheckRecord, 'clause' | 'status' | 'message' | 'deviation' | 'exchanges' | 'evidence' | 'judged'>;

declare module 'vitest' {
  interface ProvidedContext {
    energyConform: SuiteContext;
    /**
     * What the run starts ahead of its checks (suites/lanes.ts): `users`, the users suite's lane, where it loads that
     * suite; `vendor-websocket`, the listening WebSocket checks' conversations, where it loads theirs.
     */
    energyConformLanes: readonly string[];
  }
}

declare module '@vitest/runner' {
  interface TaskMeta {
    energyConform?: CheckRecord;
    /** Outcomes of other clauses the check judged on its exchanges (`also`). */
    energyConformAlso?: CheckRecord[];
  }
}
