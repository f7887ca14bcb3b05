import type { ClauseId } from '../spec/clause-types.js';
import type { DeviceState } from './device-state.js';
import type { EmuRequest, EmuResponse } from './exchange.js';
import type { WsMessage, WsTiming, WsView } from './websocket.js';

/** How a fault changes the certificate the emulator serves. */
export type CertChange =
  | { kind: 'untrusted-ca' }
  | {
      kind: 'names';
      commonName?: (identity: string, serial: string) => string | undefined;
      sans?: (identity: string, serial: string) => { type: 'dns' | 'url'; value: string }[];
    }
  | { kind: 'expired' };

/**
 * One way of breaking one clause, as the emulator applies it. The correct handlers know nothing of faults:
 * this layer answers in the handler's place (`answer`), rewrites what a handler sees (`request`) or what it
 * answered (`response`), or changes the certificate. How the self-test shows it caught is not the
 * emulator's: that is the fault table's CatchPlan (catch-plan.ts).
 */
export interface Fault {
  name: string;
  /** The clause this fault breaks: the self-test expects this clause to fail. */
  clause: ClauseId;
  says: string;
  /** Which side it sits in front of (default v2). */
  server?: 'v1' | 'v2' | 'both';
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
