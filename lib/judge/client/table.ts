// Every clause of the client catalogue and its judge: the table tsc holds complete (a clause without a
// judge, or a judge of no clause, does not compile). judgeTraffic gives one verdict per clause, in
// catalogue order, each judged on the traffic of the phases the catalogue names for it.
import { type ClientClauseId, clientClauses } from '../../spec/client-clauses.js';
import type { Traffic } from '../../spec/traffic.js';
import { auth01, auth02, auth03, auth04, auth05 } from './auth.js';
import { body01, body02, cloud01, sock01, sock02, sock03 } from './body.js';
import { life01, life02, load01, load02, load03 } from './load.js';
import { pair01, pair02, pair03, pair04, pair05 } from './pair.js';
import { tls01, tls02, tls03, tls04 } from './tls.js';
import { type ClientOutcome, type Judge, issuedTokens, phasesOf, tokenRedactor, clientOutcomeOf } from './finding.js';
import { ver01, ver02, ver03 } from './versions.js';
import { bat01, sys01 } from './vendor.js';
import { ws01, ws02, ws03, ws04, ws05 } from './websocket.js';

export const JUDGES = {
  'CL-AUTH-01': auth01,
  'CL-AUTH-02': auth02,
  'CL-AUTH-03': auth03,
  'CL-AUTH-04': auth04,
  'CL-AUTH-05': auth05,
  'CL-PAIR-01': pair01,
  'CL-PAIR-02': pair02,
  'CL-PAIR-03': pair03,
  'CL-PAIR-04': pair04,
  'CL-PAIR-05': pair05,
  'CL-TLS-01': tls01,
  'CL-TLS-02': tls02,
  'CL-TLS-03': tls03,
  'CL-TLS-04': tls04,
  'CL-VER-01': ver01,
  'CL-VER-02': ver02,
  'CL-VER-03': ver03,
  'CL-LOAD-01': load01,
  'CL-LOAD-02': load02,
  'CL-LOAD-03': load03,
  'CL-LIFE-01': life01,
  'CL-LIFE-02': life02,
  'CL-BODY-01': body01,
  'CL-BODY-02': body02,
  'CL-SOCK-01': sock01,
  'CL-SOCK-02': sock02,
  'CL-SOCK-03': sock03,
  'CL-CLOUD-01': cloud01,
  'CL-WS-01': ws01,
  'CL-WS-02': ws02,
  'CL-WS-03': ws03,
  'CL-WS-04': ws04,
  'CL-WS-05': ws05,
  'CL-SYS-01': sys01,
  'CL-BAT-01': bat01,
} as const satisfies Record<ClientClauseId, Judge>;

/** Every verdict, with every token the device issued redacted from its words (a URL a message quotes may hold one). */
export function judgeTraffic(t: Traffic): ClientOutcome[] {
  const redact = tokenRedactor(issuedTokens(t));
  return clientClauses.map((c) => {
    // A scenario that stopped early, or played some phases alone, judges each clause in the phases that were played.
    const played = phasesOf(c).filter((p) => t.phases.some((x) => x.phase === p));
    const v = clientOutcomeOf(c, played.length ? JUDGES[c.id](t, played) : { skip: `none of its phases (${phasesOf(c).join(', ')}) was played` });
    return { ...v, message: redact(v.message), ...(v.observed === undefined ? {} : { observed: JSON.parse(redact(JSON.stringify(v.observed))) as unknown }) };
  });
}
