import { judgeIdentity } from '../lib/client/tls-identity.js';
import { deviceCertificate } from '../lib/harness/device-certificate.js';
import { describeResponse, expectError, expectThat, isJsonObject } from '../lib/harness/clause-failure.js';
import { type CheckContext, clauseTest } from '../lib/harness/clause-test.js';
import { applianceIdentity } from '../lib/spec/kinds.js';
import { postUserUnpressed } from '../lib/harness/user-probe.js';

clauseTest('KIND-01', async (ctx) => {
  const res = await postUserUnpressed(ctx);
  expectThat(res.status !== 404, 'POST /api/user served', describeResponse(res), res);
  expectError(res, 403, 'user:creation-not-enabled');
}, { needsV2: true });

/** GET /api as the device tells it: v2 with the token where it can be had, else v1. */
async function deviceInfo({ device, run, token }: CheckContext): Promise<Record<string, unknown> | null> {
  const res = run.usable.v2 && run.token !== null ? await device.v2.get('/api', { token })
    : run.usable.v1 ? await device.v1.get('/api') : null;
  return res && res.status === 200 && isJsonObject(res.json) ? res.json : null;
}

/** The certificate, or null where there is no HTTPS port or no handshake (TLS-01 judges that). */
async function certificateOf({ run }: CheckContext) {
  if (run.target.httpsPort === null) return null;
  try {
    return await deviceCertificate(run);
  } catch {
    return null;
  }
}

const same = (a: unknown, b: unknown) => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

clauseTest('KIND-02', async (ctx) => {
  const ad = ctx.run.advertised;
  // The plan skips KIND-02 where the run did not find the device over mDNS.
  if (!ad) return ctx.skip('the device was not found over mDNS');
  const info = await deviceInfo(ctx);
  const cert = await certificateOf(ctx);
  if (!info && !cert) ctx.skip('neither GET /api nor a certificate could be had to compare the advertisement with');
  const disagree = [...ad.disagreements];
  // Only what GET /api does tell is compared; a missing field is the INFO clauses' to judge.
  if (typeof info?.serial === 'string' && ad.serial !== null && !same(ad.serial, info.serial)) {
    disagree.push(`serial ${ad.serial} advertised, ${info.serial} in GET /api`);
  }
  if (typeof info?.product_type === 'string' && ad.product_type !== null && !same(ad.product_type, info.product_type)) {
    disagree.push(`product_type ${ad.product_type} advertised, ${info.product_type} in GET /api`);
  }
  const identity = ad.id ?? (ad.serial !== null ? applianceIdentity(ctx.run.kind, ad.serial) : null);
  if (cert && identity !== null && judgeIdentity(cert.pem, identity).foundIn === null) {
    disagree.push(`${ad.id !== null ? 'id' : 'the identity of the advertised serial'} ${identity} is not what the certificate names (${cert.subject.replace(/\n/g, ', ')})`);
  }
  ctx.observe({ advertised: ad });
  expectThat(disagree.length === 0, 'the serial, product_type and id advertised over mDNS as GET /api and the certificate give them',
    disagree.join('; '));
});
