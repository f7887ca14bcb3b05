// The client faults: each a misbehaviour of the reference integration (reference-integration.ts), switched on
// by name in EC_CLIENT_FAULT, naming the client clause it breaks and any other it cannot help breaking. The
// certify-client self-test (lib/certify/certify.spec.ts) holds each to its clause, as the device self-test
// holds the emulator's faults to theirs.
import path from 'node:path';
import { PACKAGE_ROOT } from '../runner/package-root.js';
import { phasesOf } from '../judge/client/finding.js';
import { PHASES, type Phase } from '../spec/client-clause-types.js';
import { type ClientClauseId, clientClause } from '../spec/client-clauses.js';
import type { KindId } from '../spec/kinds.js';

/** The reference integration as a command: its build, run with this Node. */
export const REFERENCE_INTEGRATION = [process.execPath, path.join(PACKAGE_ROOT, 'dist', 'lib', 'testing', 'reference-integration.js')];

export interface ClientFault {
  name: string;
  clause: ClientClauseId;
  /** Clauses the misbehaviour breaks as well, as a real integration doing it would. */
  also?: ClientClauseId[];
  says: string;
  /** The kind it needs (a socket, for the state PUTs); a P1 meter otherwise. */
  kind?: KindId;
  /**
   * The phases after pairing that show the misbehaviour, where its clauses' phases do not (certify.spec.ts plays these
   * alone): by default the phases of its clause and of those it breaks as well, but for a clause of every phase; steady
   * where that leaves none.
   */
  phases?: Phase[];
}

/** The phases a certification of `fault` plays: pairing, then those that show the misbehaviour. */
export function occasionOf(fault: ClientFault): Phase[] {
  const own =
    fault.phases ??
    [fault.clause, ...(fault.also ?? [])]
      .map((id) => phasesOf(clientClause(id)))
      .filter((p) => p.length < PHASES.length)
      .flat();
  return PHASES.filter((p) => p === 'pairing' || (own.length ? own : ['steady']).includes(p));
}

export const CLIENT_FAULTS: readonly ClientFault[] = [
  { name: 'token-to-v1', clause: 'CL-AUTH-01', says: 'also asks GET /api on the HTTP port, with its token' },
  { name: 'token-in-extra-header', clause: 'CL-AUTH-02', says: 'sends its token in an X-Token header as well' },
  {
    name: 'stale-token-on-pairing',
    clause: 'CL-AUTH-03',
    also: ['CL-LOAD-03'],
    phases: ['revoked'],
    says: 'keeps sending its refused token while it asks for a new one',
  },
  { name: 'token-in-query', clause: 'CL-AUTH-04', says: 'adds ?token=<token> to its polls' },
  { name: 'name-without-prefix', clause: 'CL-PAIR-01', says: 'asks for the name "reference-integration", without local/' },
  { name: 'pair-poll-fast', clause: 'CL-PAIR-02', says: 'asks for a token every 150 ms until the press' },
  { name: 'pair-twice', clause: 'CL-PAIR-03', also: ['CL-PAIR-04'], says: 'asks for a token once more right after receiving one' },
  { name: 'probe-before-token', clause: 'CL-PAIR-04', says: 'asks GET /api without a token right after pairing, before using the token' },
  { name: 'any-ca', clause: 'CL-TLS-01', says: 'checks the identity, but not the chain' },
  { name: 'no-identity-check', clause: 'CL-TLS-02', says: 'checks the chain, but not the identity' },
  {
    name: 'identity-skipped-after-refusal',
    clause: 'CL-TLS-03',
    also: ['CL-TLS-02'],
    says: 'does not check the identity again on the connection after one it refused',
  },
  { name: 'api-version-1', clause: 'CL-VER-01', says: 'sends X-Api-Version: 1 over HTTPS' },
  {
    name: 'strict-fields',
    clause: 'CL-VER-02',
    phases: ['steady', 'newer'],
    says: 'backs off to a poll every 10 s while answers hold fields it does not know',
  },
  { name: 'poll-fast', clause: 'CL-LOAD-01', says: 'polls every 200 ms' },
  { name: 'connection-per-request', clause: 'CL-LOAD-02', says: 'opens a new connection for every request' },
  { name: 'hammer-while-away', clause: 'CL-LOAD-03', says: 'retries 100 ms after a connection fails' },
  { name: 'retry-refused-token', clause: 'CL-LOAD-03', says: 'sends a refused token again every second, five times, before pairing again' },
  { name: 'pair-after-error', clause: 'CL-LIFE-01', also: ['CL-PAIR-03'], says: 'forgets its token when a connection fails, and pairs again' },
  { name: 'slow-return', clause: 'CL-LIFE-01', phases: ['reboot', 'foreign-ca', 'wrong-identity', 'revoked'], says: 'waits 40 s after a connection fails' },
  { name: 'no-content-type', clause: 'CL-BODY-01', says: 'sends its POST /api/user body without a Content-Type' },
  { name: 'delete-without-body', clause: 'CL-BODY-02', says: 'deletes its user at the end with a body-less DELETE' },
  { name: 'socket-off-and-locked', clause: 'CL-SOCK-01', kind: 'energysocket', says: 'asks the socket for off and locked' },
  { name: 'socket-brightness-256', clause: 'CL-SOCK-02', kind: 'energysocket', says: 'asks the socket for brightness 256' },
  { name: 'ws-subscribe-first', clause: 'CL-WS-01', says: 'subscribes on the WebSocket before it authorizes' },
  { name: 'ws-token-first', clause: 'CL-WS-02', says: 'sends its token on the WebSocket as soon as it opens, before the device asks' },
  { name: 'ws-subscribe-and-poll', clause: 'CL-WS-03', says: 'subscribed to the device topic, polls GET /api every second all the same' },
  { name: 'ws-reconnect-fast', clause: 'CL-WS-04', says: 'tries the WebSocket again 100 ms after it closes' },
  { name: 'ws-text-command', clause: 'CL-WS-05', says: 'sends a bare text command over the WebSocket' },
  { name: 'switch-v1-off', clause: 'CL-SYS-01', says: 'switches the v1 API off once it has its token' },
  { name: 'battery-to-full-with-permissions', clause: 'CL-BAT-01', says: 'asks for to_full with permissions in one write' },
];
