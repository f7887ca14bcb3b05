// What a signed certification says (in-toto Statement v1, predicate test-result v0.1): its subjects are the reports it
// vouches for, each by its SHA-256; its predicate the result and each clause passed, warned and failed; the
// configuration what was judged, on what and by which version, each a ResourceDescriptor, with the certificate's
// expiry. Pure: results.json and the reports' bytes in, the statement out.
import { createHash } from 'node:crypto';
import type { RunResults } from '../report/results.js';

export const STATEMENT_TYPE = 'https://in-toto.io/Statement/v1';
export const TEST_RESULT = 'https://in-toto.io/attestation/test-result/v0.1';
export const PAYLOAD_TYPE = 'application/vnd.in-toto+json';

export interface Subject {
  name: string;
  digest: { sha256: string };
}
interface Descriptor {
  name: string;
  annotations?: Record<string, unknown>;
  digest?: Record<string, string>;
}

export interface Statement {
  _type: typeof STATEMENT_TYPE;
  subject: Subject[];
  predicateType: typeof TEST_RESULT;
  predicate: { result: 'PASSED' | 'WARNED' | 'FAILED'; configuration: Descriptor[]; passedTests: string[]; warnedTests: string[]; failedTests: string[] };
}

export const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** The certification's validity: from when it was signed until `expires` (ISO 8601). */
export interface Validity {
  signed: string;
  expires: string;
}

/**
 * The statement of a run (or a certify-client run) and the reports it vouches for. A clause `deviation` or `warn` is
 * warned; `fail` and `error` failed; `pass` passed; skips and observations are neither.
 */
export function statementOf(r: RunResults, reports: readonly { name: string; bytes: Buffer }[], validity: Validity): Statement {
  const tests = (...statuses: string[]) => r.checks.filter((c) => statuses.includes(c.status)).map((c) => c.clause);
  const [passed, warned, failed] = [tests('pass'), tests('warn', 'deviation'), tests('fail', 'error')];
  const configuration: Descriptor[] = [
    { name: 'tool', annotations: { ...r.tool } },
    // certify-client: the integration, and the kind and API release of the device it was served.
    {
      name: r.integration ? 'integration' : 'device',
      annotations: r.integration ? { ...r.integration, kind: r.target.kind, release: r.target.api_version } : { ...r.target, certificate: undefined },
    },
    ...(r.profiles ?? []).map((p) => ({ name: p.catalogue, annotations: { profile: p.profile, revision: p.revision, verdict: p.verdict } })),
    { name: 'options', annotations: { ...r.options, strict: r.strict } },
    // `run --known`: the known failures applied, each with its expiry, as the run applied them.
    ...(r.known ? [{ name: 'known failures', annotations: { ...r.known } }] : []),
    { name: 'validity', annotations: { ...validity } },
  ];
  return {
    _type: STATEMENT_TYPE,
    subject: reports.map((f) => ({ name: f.name, digest: { sha256: sha256(f.bytes) } })),
    predicateType: TEST_RESULT,
    predicate: {
      result: r.verdict !== 'pass' ? 'FAILED' : warned.length ? 'WARNED' : 'PASSED',
      configuration,
      passedTests: passed,
      warnedTests: warned,
      failedTests: failed,
    },
  };
}
