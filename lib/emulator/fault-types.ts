import type { Area, ClauseId } from '../spec/clause-types.js';
import type { KindId } from '../spec/kinds.js';
import type { CertStyle } from './cert-styles.js';
import type { DeviceState } from './device-state.js';
import type { EmuRequest, EmuResponse } from './exchange.js';
import type { WsMessage, WsTiming, WsView } from './websocket.js';

/** How a fault changes the certificate the emulator serves. */
export type CertChange =
  | { kind: 'untrusted-ca' }
  | { kind: 'names'; commonName?: (identity: string, serial: string) => string | undefined;
      sans?: (identity: string, serial: string) => { type: 'dns' | 'url'; value: string }[] }
  | { kind: 'expired' };

/**
 * One way of breaking one clause. The correct handlers know nothing of faults: this layer
 * answers in the handler's place (`answer`), rewrites what a handler sees (`request`) or what it
 * answered (`response`), or changes the certificate.
 */
export interface Fault {
  name: string;
  /** The clause this fault breaks: the self-test expects exactly this clause to fail. */
  clause: ClauseId;
  says: string;
  /** The kind the self-test runs it on (default p1dongle: user/token "Supported", v1 and v2). */
  kind?: KindId;
  /**
   * The one endpoint it breaks its clause on (`GET /api/measurement`), all others kept correct: the
   * self-test expects every failing row of the clause to name it.
   */
  endpoint?: string;
  /** Its clause is the only one that fails: the run must not blame anything else on it (NAME-06's refused class, say). */
  alone?: boolean;
  /** The suites the self-test runs (default the clause's area): where a clause is also judged in another area. */
  suites?: readonly Area[];
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
  /** Which side it sits in front of (default v2). */
  server?: 'v1' | 'v2' | 'both';
  /** The outcome its clause gets (default fail): a device that never answers makes the check `error`. */
  outcome?: 'fail' | 'error';
  /** A hostile device (hangs, trickles, resets, floods, garbage): the self-test also counts the requests that wait out the request timeout (at most three). */
  hostile?: boolean;
  /**
   * It acts on an endpoint the run reads (or writes back) itself around the suites: the self-test also
   * wants all four reports, and for a read, the residue saying what could not be read and put back.
   */
  runnerUses?: 'read' | 'write';
  /** Answers in place of the handler (which then never runs, so state stays untouched); undefined passes on. */
  answer?: (req: EmuRequest, state: DeviceState) => EmuResponse | undefined;
  request?: (req: EmuRequest, state: DeviceState) => EmuRequest;
  response?: (res: EmuResponse, req: EmuRequest, state: DeviceState) => EmuResponse;
  cert?: CertChange;
  /** The WebSocket (websocket.ts): what the device sends instead (null: nothing), and what it takes a client's message for. */
  wsSend?: (msg: WsMessage, view: WsView, state: DeviceState) => WsMessage | null;
  wsReceive?: (msg: WsMessage, view: WsView, state: DeviceState) => WsMessage | null;
  /** The WebSocket's timing: the authorization window, the measurement interval. */
  wsTiming?: Partial<WsTiming>;
  /** Changes the TXT keys the emulator advertises over mDNS (with --mdns). */
  mdns?: (txt: Record<string, string>) => Record<string, string>;
}

/** What the one layer in front of the correct handlers applies: a fault's rewrites, or a conformant variant's (variants.ts). */
export type Rewrite = Pick<Fault, 'server' | 'answer' | 'request' | 'response' | 'wsSend' | 'wsReceive' | 'wsTiming'>;
