// CL-TLS: whom the token is sent to. The device presents the certificate of the phase on every connection
// opened in it; a request on a connection is the integration's acceptance of what was presented there.
import type { Phase } from '../../spec/client-clause-types.js';
import type { Presented, SeenConnection, Traffic } from '../../spec/traffic.js';
import { type Finding, count, intoScenario, named, tally } from './finding.js';

const WHAT: Record<Exclude<Presented, 'valid'>, string> = {
  'foreign-ca': 'a certificate from a CA other than the one it was given',
  'wrong-identity': 'a certificate that names another device',
};

const requestsOn = (t: Traffic, c: SeenConnection) => t.requests.filter((r) => r.connection === c.id);
/** How soon after the handshake a client that refuses the certificate closes the connection, on a busy machine too. */
export const REFUSAL_MS = 1000;
/**
 * The integration refused what was presented: it broke the handshake off, or closed the connection itself as soon as it
 * had the certificate, without a request (a WebSocket is one). A connection the device closed (its keep-alive time, the
 * change of certificate at the phase's end) refused nothing, nor one the client gave up later (a request or an upgrade
 * it abandoned on a busy machine).
 */
const refused = (t: Traffic, c: SeenConnection) =>
  c.tls?.handshake === 'failed' ||
  (c.closedBy === 'client' &&
    c.closedAt !== null &&
    c.closedAt - c.openedAt <= REFUSAL_MS &&
    !requestsOn(t, c).length &&
    !t.sockets.some((s) => s.connection === c.id));

/** The refusal a verdict rests on, as the operator can find it in the HAR's timeline. */
const refusalOf = (c: SeenConnection) =>
  `connection ${c.id}, ${intoScenario(c.openedAt)}: ` +
  (c.tls?.handshake === 'failed' ? 'it broke the handshake off' : `it closed it ${c.closedAt! - c.openedAt} ms after the handshake, without a request`);

function noRequestOver(presented: Exclude<Presented, 'valid'>) {
  return (t: Traffic): Finding => {
    const shown = t.connections.filter((c) => c.side === 'v2' && c.tls?.presented === presented);
    if (!shown.length) return { skip: `the integration opened no HTTPS connection while the device presented ${WHAT[presented]}` };
    const accepted = shown.flatMap((c) => requestsOn(t, c));
    // A WebSocket it spoke on over such a connection is as much an acceptance: its first message is the token.
    const spoken = t.sockets.filter((s) => shown.some((c) => c.id === s.connection) && s.messages.some((m) => m.from === 'client'));
    if (spoken.length && !accepted.length) {
      return {
        held: false,
        evidence: spoken.map((s) => s.id),
        message: `it spoke over the WebSocket (${count(spoken.length, 'connection')}) where the device presented ${WHAT[presented]}`,
      };
    }
    if (!accepted.length) return { held: true, message: `it refused ${WHAT[presented]} on each of ${count(shown.length, 'connection')}` };
    const tokened = accepted.filter((r) => r.headers.authorization !== undefined).length;
    return {
      held: false,
      evidence: accepted.map((r) => r.id),
      message:
        `${named(accepted[0]!)} went over a connection where the device presented ${WHAT[presented]} ` +
        `(${count(accepted.length, 'request')} so, ${tokened} of them with the token)`,
    };
  };
}

/** No HTTP request on a connection whose certificate does not chain to the CA the integration trusts. */
export const tls01 = noRequestOver('foreign-ca');
/** No HTTP request on a connection whose certificate names another device. */
export const tls02 = noRequestOver('wrong-identity');

/** An integration that refused such a certificate at least once never sends its token over one in the same phase. */
export function tls03(t: Traffic, within: readonly Phase[]): Finding {
  const notes: string[] = [];
  // The phase's own certificate: a handshake begun under the phase before is that phase's.
  const bad = (phase: Phase) => t.connections.filter((c) => c.side === 'v2' && c.phase === phase && c.tls?.presented === phase);
  if (!within.some((phase) => bad(phase).length)) return { skip: 'the integration opened no HTTPS connection while the device presented a wrong certificate' };
  for (const phase of within) {
    const shown = bad(phase);
    if (!shown.length) {
      notes.push(`${phase}: no HTTPS connection`);
      continue;
    }
    const refusal = shown.find((c) => refused(t, c));
    if (!refusal) {
      notes.push(`${phase}: it never refused the certificate`);
      continue;
    }
    const sent = shown.flatMap((c) => requestsOn(t, c)).filter((r) => r.headers.authorization !== undefined);
    if (sent.length) {
      const over = shown.find((c) => c.id === sent[0]!.connection)!.tls!.presented as Exclude<Presented, 'valid'>;
      return {
        held: false,
        evidence: sent.map((r) => r.id),
        message:
          `${named(sent[0]!)} carried the token over ${WHAT[over]}, ` +
          `in a phase where the integration had refused the same certificate (${refusalOf(refusal)}): it validates, but not on every connection`,
      };
    }
    notes.push(`${phase}: it refused the certificate and sent no token over it`);
  }
  return { held: true, message: `${notes.join('; ')} (whether it should refuse is TLS-01's and TLS-02's)` };
}

/** OBSERVE: SNI sent (and its value), protocol version, session resumption. */
export function tls04(t: Traffic, within: readonly Phase[]): Finding {
  const tls = t.connections.filter((c) => c.tls && within.includes(c.phase)).map((c) => c.tls!);
  if (!tls.length) return { observed: {}, message: 'no HTTPS connection' };
  const counted = (values: (string | null)[]) => Object.fromEntries(tally(values.map((v) => v ?? 'none')));
  const observed = {
    connections: tls.length,
    sni: counted(tls.map((c) => c.sni)),
    protocol: counted(tls.map((c) => c.protocol)),
    resumed: tls.filter((c) => c.resumed).length,
  };
  return {
    observed,
    message:
      `${count(tls.length, 'HTTPS connection')}: SNI ${Object.keys(observed.sni).join(', ')}; ${Object.keys(observed.protocol).join(', ')}; ` +
      `${observed.resumed} resumed a session`,
  };
}
