// How the self-test shows a fault caught: on which kind, with which run options, and what it expects of the run
// besides the fault's clause failing. A row of the fault table (`emulate --list-faults`) is a Fault and its plan;
// the emulator applies the Fault and never reads the plan.
import type { Area } from '../spec/clause-types.js';
import type { KindId } from '../spec/kinds.js';
import type { CertStyle } from './cert-styles.js';
import type { Fault } from './fault-types.js';

export interface CatchPlan {
  /** The kind the self-test runs it on (default p1dongle: user/token "Supported", v1 and v2). */
  kind?: KindId;
  /**
   * The one endpoint it breaks its clause on (`GET /api/measurement`), all others kept correct: the
   * self-test expects every failing row of the clause to name it.
   */
  endpoint?: string;
  /** Its clause is the only one that fails: the run must not blame anything else on it (NAME-06's refused class, say). */
  alone?: boolean;
  /**
   * The suites the self-test runs where its clause alone (`run --clause`, the default) does not reach the fault: an
   * occasion that another clause's check makes (PAIR-02's refused polls before PAIR-03's press, the second user
   * LIST-03 needs). With `alone`, the default is the clause's area.
   */
  suites?: readonly Area[];
  /**
   * The meter's seed (`emulate --seed`) where the fault shows only once energy has flowed: one whose meter draws some
   * kilowatts from the start, so that the check's 20 s judge the registers by what flowed (V-READ-06), whatever the draw.
   */
  seed?: number;
  /** The release of the v2 API the self-test serves it on (default the latest stable): a fault only that release shows. */
  apiVersion?: string;
  /** The certificate style the self-test runs it on (default `real`). */
  certStyle?: CertStyle;
  /** Run with --strict in the self-test: the clause is a SHOULD, so it warns. */
  strict?: boolean;
  /** Run with --slow in the self-test: the clause waits out a device timer. */
  slow?: boolean;
  /** Further `run` options the self-test needs to reach the clause (e.g. --allow-cloud-toggle). */
  args?: readonly string[];
  /** Its clause needs an operator at a terminal (MANUAL): lib/cli/cloud-terminal.spec.ts shows it caught. */
  operator?: boolean;
  /** Only a sequence shows it (issue 27): `explore` must find it; no fixed row is asked to (lib/explore/explore.spec.ts). */
  sequence?: boolean;
  /** The fixed rows catch it, and `explore` must find it too under the same clause (lib/explore/explore.spec.ts). */
  alsoExplored?: boolean;
  /** The outcome its clause gets (default fail): a device that never answers makes the check `error`. */
  outcome?: 'fail' | 'error';
  /** A hostile device (hangs, trickles, resets, floods, garbage): the self-test also counts the requests that wait out the request timeout (at most three). */
  hostile?: boolean;
  /**
   * It acts on an endpoint the run reads (or writes back) itself around the suites: the self-test also
   * wants all four reports, and for a read, the residue saying what could not be read and put back.
   */
  runnerUses?: 'read' | 'write';
}

/** A row of the fault table: the fault, and how the self-test shows it caught. */
export type FaultRow = Fault & CatchPlan;
