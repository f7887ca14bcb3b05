// `verify`, offline: the envelope's signature by the public key given, every report it vouches for unchanged beside
// it, its validity not over, and its payload on no revocation list signed by the same key. Pure but for the clock and
// the files it is handed: each problem is said, none is an exception.
import type { KeyObject } from 'node:crypto';
import { type Envelope, openEnvelope } from './dsse.js';
import { PAYLOAD_TYPE, type Statement, STATEMENT_TYPE, TEST_RESULT, sha256 } from './statement.js';

export const REVOCATIONS_TYPE = 'application/vnd.energy-conform.revocations+json';
/** A revocation list's payload: the SHA-256 of each revoked certification's payload, and why. */
export interface Revocations {
  revoked: { payload_sha256: string; why: string; at: string }[];
}

export interface Verified {
  /** Each thing that fails; none: the certification holds. */
  problems: string[];
  statement: Statement | null;
  /** Where the revocation list names it: when and why. */
  revoked?: { at: string; why: string };
  /** Its validity is over (one of the problems). */
  expired?: boolean;
}

/** `files`: the bytes of each subject by name (absent: not found beside the envelope). */
export function verifyCertification(e: Envelope, key: KeyObject, files: ReadonlyMap<string, Buffer>, now: Date, revocations?: Envelope): Verified {
  if (e.payloadType !== PAYLOAD_TYPE) return { problems: [`the payload is ${e.payloadType}, not an in-toto statement (${PAYLOAD_TYPE})`], statement: null };
  const opened = openEnvelope(e, key);
  if ('problem' in opened) return { problems: [opened.problem], statement: null };
  const statement = JSON.parse(opened.body.toString('utf8')) as Statement;
  if (statement._type !== STATEMENT_TYPE || statement.predicateType !== TEST_RESULT)
    return { problems: ['the statement is not an in-toto test result'], statement: null };
  const problems: string[] = [];
  for (const s of statement.subject) {
    const bytes = files.get(s.name);
    if (!bytes) problems.push(`${s.name}: not found beside the certification`);
    else if (sha256(bytes) !== s.digest.sha256)
      problems.push(`${s.name}: changed since it was signed (SHA-256 ${sha256(bytes).slice(0, 16)}…, signed ${s.digest.sha256.slice(0, 16)}…)`);
  }
  const validity = statement.predicate.configuration.find((c) => c.name === 'validity')?.annotations as { expires?: string } | undefined;
  if (!validity?.expires) problems.push('it names no expiry');
  const expired = validity?.expires !== undefined && Date.parse(validity.expires) <= now.getTime();
  if (expired) problems.push(`expired on ${validity!.expires}`);
  if (revocations) {
    const list =
      revocations.payloadType === REVOCATIONS_TYPE ? openEnvelope(revocations, key) : { problem: `the revocation list is ${revocations.payloadType}` };
    if ('problem' in list) problems.push(`the revocation list cannot be trusted: ${list.problem}`);
    else {
      const mine = (JSON.parse(list.body.toString('utf8')) as Revocations).revoked.find((r) => r.payload_sha256 === sha256(opened.body));
      if (mine) {
        problems.push(`revoked on ${mine.at}: ${mine.why}`);
        return { problems, statement, revoked: { at: mine.at, why: mine.why }, expired };
      }
    }
  }
  return { problems, statement, expired };
}
