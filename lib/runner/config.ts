// One typed RunConfig: what the CLI's flags mean, validated once.
import type { Advertised } from '../spec/advertisement.js';
import type { ClauseId, Profile } from '../spec/clause-types.js';
import type { KindId } from '../spec/kinds.js';
import type { ExploreOptions } from './explore-phase.js';

export interface RunConfig {
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
  /** `explore`, or `run --explore`: the seed, the budget, and whether the suites run too. */
  explore?: ExploreOptions;
  /** Wait before each v1 request (socket state, cloud setting). */
  paceMs: number;
  requestTimeoutMs: number;
}

export const DEFAULT_PAIRING_NAME = 'local/energy-conform';
export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
