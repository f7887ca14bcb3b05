import type { DeviceState } from './device-state.js';
import type { EmuRequest, EmuResponse } from './exchange.js';

/** How a fault changes the certificate the emulator serves. */
export type CertChange =
  | { kind: 'untrusted-ca' }
  | { kind: 'names'; commonName?: (identity: string, serial: string) => string | undefined;
      sans?: (identity: string, serial: string) => { type: 'dns' | 'url'; value: string }[] }
  | { kind: 'expired' };

/**
 * One way of breaking one clause. The correct handlers know nothing of faults: this layer
 * rewrites what a handler sees (`request`) or what it answered (`response`), or the certificate.
 */
export interface Fault {
  name: string;
  /** The clause this fault breaks: the self-test expects exactly this clause to fail. */
  clause: string;
  says: string;
  /** Which side it sits in front of. */
  server?: 'v1' | 'v2';
  request?: (req: EmuRequest) => EmuRequest;
  response?: (res: EmuResponse, req: EmuRequest, state: DeviceState) => EmuResponse;
  cert?: CertChange;
}
