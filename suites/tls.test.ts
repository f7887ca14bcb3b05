import { X509Certificate } from 'node:crypto';
import tls from 'node:tls';
import { deviceCertificate } from '../lib/harness/device-certificate.js';
import { expectHeld } from '../lib/harness/clause-failure.js';
import { judgeCertificate } from '../lib/judge/device/table.js';
import { clauseTest, type CheckContext } from '../lib/harness/clause-test.js';
import { applianceIdentity } from '../lib/spec/kinds.js';

const certificate = ({ run }: CheckContext) => deviceCertificate(run);

function identity({ run }: CheckContext): string {
  if (run.serial === null) throw new Error('the serial is unknown: GET /api did not answer it; give --serial');
  return applianceIdentity(run.kind, run.serial);
}

/** TLS-02 compares the certificate with the serial of GET /api; the certificate cannot vouch for itself. */
const ownSerial = (run: CheckContext['run']) => run.serialSource !== 'certificate';

clauseTest('TLS-01', async (ctx) => {
  expectHeld(judgeCertificate('TLS-01', await certificate(ctx)));
});

clauseTest('TLS-02', async (ctx) => {
  if (!ownSerial(ctx.run)) ctx.skip('the serial is known only from the certificate itself (GET /api did not answer it); give --serial');
  expectHeld(judgeCertificate('TLS-02', await certificate(ctx), { identity: identity(ctx) }));
});

clauseTest('TLS-03', async (ctx) => {
  expectHeld(judgeCertificate('TLS-03', await certificate(ctx), { identity: identity(ctx) }));
});

// What one client stack does with the identity is recorded, naming the stack, never judged: TLS-03's rule is the project's.
clauseTest('TLS-04', async (ctx) => {
  const { pem, chainError, ...facts } = await certificate(ctx);
  const stack =
    ctx.run.serial === null
      ? {}
      : {
          hostnameCheck: {
            stack: `Node.js ${process.version} tls.checkServerIdentity`,
            accepts: tls.checkServerIdentity(identity(ctx), new X509Certificate(pem).toLegacyObject() as unknown as tls.PeerCertificate) === undefined,
          },
        };
  ctx.observe({ ...facts, chainsToGivenCa: chainError === null, ...stack });
});
