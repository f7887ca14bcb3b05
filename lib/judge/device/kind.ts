// Rules 2 and Discovery: what a kind serves, and what it advertises of itself.
import { judgeIdentity } from '../../client/tls-identity.js';
import type { Advertised } from '../../spec/advertisement.js';
import { type Judgment, NOT_ENABLED, type Reply, allOf, errorAnswer, objectIn, shownReply, unless } from './judgment.js';

/** KIND-01, on POST /api/user with a valid name before any press: served (no 404), and refused 403 creation-not-enabled. */
export const kind01 = (r: Reply): Judgment =>
  allOf(
    () => unless(r.status !== 404, 'POST /api/user served', shownReply(r), r),
    () => errorAnswer(r, 403, NOT_ENABLED),
  );

const same = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/**
 * KIND-02, on GET /api (`r`; NO_ANSWER where none could be asked): the serial, product_type and id advertised over mDNS as GET /api
 * and the certificate give them. Only what each tells is compared: a field GET /api lacks is the INFO clauses' to judge.
 */
export function kind02(r: Reply, o: { advertised: Advertised; certificatePem: string | null; identityOf: (serial: string) => string }): Judgment {
  const ad = o.advertised;
  const info = objectIn(r);
  const disagree = [...ad.disagreements];
  if (typeof info?.serial === 'string' && ad.serial !== null && !same(ad.serial, info.serial))
    disagree.push(`serial ${ad.serial} advertised, ${info.serial} in GET /api`);
  if (typeof info?.product_type === 'string' && ad.product_type !== null && !same(ad.product_type, info.product_type)) {
    disagree.push(`product_type ${ad.product_type} advertised, ${info.product_type} in GET /api`);
  }
  const identity = ad.id ?? (ad.serial !== null ? o.identityOf(ad.serial) : null);
  const named = o.certificatePem && identity !== null ? judgeIdentity(o.certificatePem, identity) : null;
  if (named && named.foundIn === null) {
    disagree.push(
      `${ad.id !== null ? 'id' : 'the identity of the advertised serial'} ${identity} is not what the certificate names (${named.names.join(', ')})`,
    );
  }
  return unless(
    disagree.length === 0,
    'the serial, product_type and id advertised over mDNS as GET /api and the certificate give them',
    disagree.join('; '),
    r,
  );
}
