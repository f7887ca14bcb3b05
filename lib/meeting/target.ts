// The device a command meets and how to reach it: address, ports, what it is expected to be, how to trust it,
// how to get a token and a press. run, explore, soak and pair take it; what a run then does is lib/runner's RunOptions.
import type { Advertised } from '../spec/advertisement.js';
import type { KindId } from '../spec/kinds.js';

export interface DeviceTarget {
  host: string;
  /** null: the device advertised no such service over mDNS, so nothing is asked there. */
  httpPort: number | null;
  httpsPort: number | null;
  kind?: KindId;
  /** Test as --kind even where the device says it is another kind (every report then says so). */
  forceKind: boolean;
  /** Expected serial (TLS identity); else the one GET /api reports. */
  serial?: string;
  /** The device was found over mDNS: what it advertised (KIND-02), and the serial to expect where GET /api tells none. */
  advertised?: Advertised;
  /** PEM text of the CA; the bundled vendor CA unless --ca. */
  caPem: string;
  caLabel: string;
  insecure: boolean;
  token?: string;
  tokenStore: string;
  pressHook?: string;
  pressTimeoutS: number;
  pairingName: string;
  /** Wait before each v1 request (socket state, cloud setting). */
  paceMs: number;
  requestTimeoutMs: number;
}

export const DEFAULT_PAIRING_NAME = 'local/energy-conform';
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
