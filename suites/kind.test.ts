import type { DeviceResponse } from '../lib/client/device-client.js';
import { deviceCertificate } from '../lib/harness/device-certificate.js';
import { expectHeld } from '../lib/harness/clause-failure.js';
import { judgeOn } from '../lib/harness/judged.js';
import { NO_ANSWER } from '../lib/judge/device/judgment.js';
import { type CheckContext, clauseTest } from '../lib/harness/clause-test.js';
import { applianceIdentity } from '../lib/spec/kinds.js';
import { postUserUnpressed } from '../lib/harness/user-probe.js';

clauseTest(
  'KIND-01',
  async (ctx) => {
    expectHeld(judgeOn('KIND-01', await postUserUnpressed(ctx)));
  },
  { needsV2: true },
);

/** GET /api as the device tells it: v2 with the token where it can be had, else v1. */
async function deviceInfo({ device, run, token }: CheckContext): Promise<DeviceResponse | null> {
  return run.usable.v2 && run.token !== null ? device.v2.get('/api', { token }) : run.usable.v1 ? device.v1.get('/api') : null;
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

clauseTest('KIND-02', async (ctx) => {
  const ad = ctx.run.advertised;
  // The plan skips KIND-02 where the run did not find the device over mDNS.
  if (!ad) return ctx.skip('the device was not found over mDNS');
  const info = await deviceInfo(ctx);
  const cert = await certificateOf(ctx);
  if (!(info?.status === 200) && !cert) ctx.skip('neither GET /api nor a certificate could be had to compare the advertisement with');
  ctx.observe({ advertised: ad });
  expectHeld(
    judgeOn('KIND-02', info ?? NO_ANSWER, {
      advertised: ad,
      certificatePem: cert?.pem ?? null,
      identityOf: (serial) => applianceIdentity(ctx.run.kind, serial),
    }),
  );
});
