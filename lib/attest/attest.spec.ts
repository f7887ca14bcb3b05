// A signed certification: DSSE's encoding as its specification gives it, a statement of a run's results that verify
// accepts, a verification with nothing but node:crypto and the public key, and every change that must fail it.
import { type KeyObject, createHash, generateKeyPairSync, verify as cryptoVerify } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import type { RunResults } from '../report/results.js';
import { type Envelope, pae, signEnvelope } from './dsse.js';
import { PAYLOAD_TYPE, statementOf } from './statement.js';
import { type Standing, listed } from './listing.js';
import { REVOCATIONS_TYPE, verifyCertification } from './verify.js';

const pair = () => generateKeyPairSync('ed25519');
const LAB = pair();
const NOW = new Date('2026-11-28T10:00:00Z');
const VALIDITY = { signed: NOW.toISOString(), expires: '2027-11-28T10:00:00Z' };

const RESULTS = {
  tool: { name: 'energy-conform', version: '0.1.0' },
  verdict: 'pass',
  strict: false,
  options: { profiles: ['spec'] },
  target: {
    host: '127.0.0.1',
    kind: 'energysocket',
    product_type: 'HWE-SKT',
    serial: '5c2fafc73864',
    firmware_version: '6.00',
    api_version: '2.2.0',
    certificate_sha256: null,
  },
  profiles: [{ profile: 'spec', catalogue: 'spec/clauses.md', revision: 3, verdict: 'pass', summary: {} }],
  checks: [
    { clause: 'INFO-01', status: 'pass' },
    { clause: 'TLS-03', status: 'warn' },
    { clause: 'LIST-07', status: 'deviation' },
    { clause: 'VER-07', status: 'observation' },
  ],
} as unknown as RunResults;
const REPORTS = new Map([
  ['results.json', Buffer.from(JSON.stringify(RESULTS))],
  ['junit.xml', Buffer.from('<testsuites/>')],
]);

function certify(files = REPORTS, key = LAB): Envelope {
  const statement = statementOf(
    RESULTS,
    [...files].map(([name, bytes]) => ({ name, bytes })),
    VALIDITY,
  );
  return signEnvelope(PAYLOAD_TYPE, Buffer.from(JSON.stringify(statement)), key.privateKey, key.publicKey);
}

/** What anyone can run with the public key alone: DSSE's encoding, Ed25519, each subject's SHA-256 (20 lines). */
function verifyByHand(e: Envelope, publicKey: KeyObject, files: Map<string, Buffer>): boolean {
  const body = Buffer.from(e.payload, 'base64');
  const type = Buffer.from(e.payloadType);
  const signed = Buffer.concat([Buffer.from(`DSSEv1 ${type.length} `), type, Buffer.from(` ${body.length} `), body]);
  if (!e.signatures.some((s) => cryptoVerify(null, signed, publicKey, Buffer.from(s.sig, 'base64')))) return false;
  const statement = JSON.parse(body.toString()) as { subject: { name: string; digest: { sha256: string } }[] };
  return statement.subject.every((s) => {
    const bytes = files.get(s.name);
    return bytes !== undefined && createHash('sha256').update(bytes).digest('hex') === s.digest.sha256;
  });
}

describe('a signed certification', () => {
  test("DSSE's pre-authentication encoding, as its protocol's example gives it", () => {
    expect(pae('http://example.com/HelloWorld', Buffer.from('hello world')).toString()).toBe('DSSEv1 29 http://example.com/HelloWorld 11 hello world');
  });

  test('of a run that passed with a warning and a deviation: WARNED, each clause where it belongs, verify and a script of node:crypto accept it', () => {
    const e = certify();
    const { problems, statement } = verifyCertification(e, LAB.publicKey, REPORTS, NOW);
    expect(problems).toEqual([]);
    expect(statement!.predicate).toMatchObject({ result: 'WARNED', passedTests: ['INFO-01'], warnedTests: ['TLS-03', 'LIST-07'], failedTests: [] });
    expect(statement!.predicate.configuration.map((c) => c.name)).toEqual(['tool', 'device', 'spec/clauses.md', 'options', 'validity']);
    expect(statement!.subject.map((s) => s.name)).toEqual(['results.json', 'junit.xml']);
    expect(verifyByHand(e, LAB.publicKey, REPORTS)).toBe(true);
  });

  const tampered: [string, () => Parameters<typeof verifyCertification>, RegExp][] = [
    [
      'a report changed after signing',
      () => [certify(), LAB.publicKey, new Map([...REPORTS, ['junit.xml', Buffer.from('<testsuites failures="0"/>')]]), NOW],
      /^junit\.xml: changed since it was signed/,
    ],
    ['a report missing', () => [certify(), LAB.publicKey, new Map([...REPORTS].slice(0, 1)), NOW], /^junit\.xml: not found beside the certification$/],
    [
      'the payload changed (FAILED written PASSED)',
      () => {
        const e = certify();
        const body = Buffer.from(Buffer.from(e.payload, 'base64').toString().replace('"WARNED"', '"PASSED"'));
        return [{ ...e, payload: body.toString('base64') }, LAB.publicKey, REPORTS, NOW];
      },
      /^no signature verifies with the key given/,
    ],
    ['signed by another key', () => [certify(REPORTS, pair()), LAB.publicKey, REPORTS, NOW], /^no signature verifies with the key given/],
    ['expired', () => [certify(), LAB.publicKey, REPORTS, new Date('2027-11-28T10:00:01Z')], /^expired on 2027-11-28T10:00:00Z$/],
    [
      'revoked by the lab',
      () => {
        const e = certify();
        const revoked = {
          revoked: [
            {
              payload_sha256: createHash('sha256').update(Buffer.from(e.payload, 'base64')).digest('hex'),
              why: 'the firmware was withdrawn',
              at: '2026-12-01',
            },
          ],
        };
        return [e, LAB.publicKey, REPORTS, NOW, signEnvelope(REVOCATIONS_TYPE, Buffer.from(JSON.stringify(revoked)), LAB.privateKey, LAB.publicKey)];
      },
      /^revoked on 2026-12-01: the firmware was withdrawn$/,
    ],
    [
      'a revocation list someone else signed',
      () => {
        const other = pair();
        return [certify(), LAB.publicKey, REPORTS, NOW, signEnvelope(REVOCATIONS_TYPE, Buffer.from('{"revoked":[]}'), other.privateKey, other.publicKey)];
      },
      /^the revocation list cannot be trusted: no signature verifies/,
    ],
  ];
  test.for(tampered)('%s: verify says so', ([, args, problem]) => {
    const { problems } = verifyCertification(...args());
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(problem);
  });

  const standings: [string, () => Parameters<typeof verifyCertification>, Standing][] = [
    ['unchanged, in time', () => [certify(), LAB.publicKey, REPORTS, NOW], 'holds'],
    ['past its expiry and nothing else', () => [certify(), LAB.publicKey, REPORTS, new Date('2028-01-01T00:00:00Z')], 'expired'],
    [
      'past its expiry and a report changed',
      () => [certify(), LAB.publicKey, new Map([...REPORTS].slice(0, 1)), new Date('2028-01-01T00:00:00Z')],
      'does not hold',
    ],
    ['signed by another key', () => [certify(REPORTS, pair()), LAB.publicKey, REPORTS, NOW], 'does not hold'],
    [...(tampered[5]!.slice(0, 2) as [string, () => Parameters<typeof verifyCertification>]), 'revoked'],
  ];
  test.for(standings)('listed: %s → %s, with what was judged on what', ([, args, standing]) => {
    const row = listed('lab/a/certification.dsse.json', verifyCertification(...args()));
    expect(row.standing).toBe(standing);
    if (standing === 'does not hold' && row.result === null) return expect(row.problems[0]).toMatch(/no signature verifies/);
    expect(row).toMatchObject({
      subject: { type: 'device', name: 'HWE-SKT 5c2fafc73864', version: '6.00' },
      kind: 'energysocket',
      release: '2.2.0',
      result: 'WARNED',
      counts: { passed: 1, warned: 2, failed: 0 },
      expires: '2027-11-28T10:00:00Z',
    });
  });

  test('a run with known failures applied: the certification names them, each with its expiry, among what was judged', () => {
    const known = { file: 'known.json', sha256: 'ab', day: '2026-11-28', entries: [{ clause: 'TLS-03', expires: '2027-01-31', outcome: 'applied' }] };
    const statement = statementOf({ ...RESULTS, known } as unknown as RunResults, [], VALIDITY);
    expect(statement.predicate.configuration.find((c) => c.name === 'known failures')).toEqual({ name: 'known failures', annotations: known });
  });

  test('a key that is not Ed25519 is refused before anything is signed', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(() => signEnvelope(PAYLOAD_TYPE, Buffer.from('{}'), rsa.privateKey, rsa.publicKey)).toThrow(/the signing key is rsa, not Ed25519/);
  });
});
