// The device's certificate, from one TLS handshake for every check of the run in this worker (the TLS and
// kind areas): a fact of the device, not of a connection, and each handshake is one more connection.
import { type CertificateFacts, inspectCertificate } from '../client/tls-inspect.js';
import type { SuiteContext } from '../contract/run-context.js';
import { runScoped } from '../client/run-scope.js';

const seen = runScoped((): { facts?: Promise<CertificateFacts> } => ({}));

export function deviceCertificate(run: Pick<SuiteContext, 'target' | 'requestTimeoutMs'>): Promise<CertificateFacts> {
  const { host, httpsPort, caPem } = run.target;
  if (httpsPort === null) return Promise.reject(new Error('the device has no HTTPS port'));
  return (seen().facts ??= inspectCertificate({ host, port: httpsPort, caPem, timeoutMs: run.requestTimeoutMs }));
}
