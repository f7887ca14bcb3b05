// `sign <reports>`, `verify <certification>` and `revoke <certification>`: a certification of a run's (or certify-client's) reports that anyone
// with the lab's public key can check offline (lib/attest). `sign` vouches for every file of the folder by its SHA-256;
// `verify` exits 0 where it holds, 1 saying each thing that fails, 2 where an input cannot be read.
import { type KeyObject, createPrivateKey, createPublicKey } from 'node:crypto';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RunError } from '../client/errors.js';
import { type Envelope, isEnvelope, openEnvelope, signEnvelope } from '../attest/dsse.js';
import { PAYLOAD_TYPE, sha256, statementOf } from '../attest/statement.js';
import { listed, listingHtml, listingText, sortListing } from '../attest/listing.js';
import { REVOCATIONS_TYPE, type Revocations, verifyCertification } from '../attest/verify.js';
import type { RunResults } from '../report/results.js';
import { readJson } from './json-file.js';

export const CERTIFICATION = 'certification.dsse.json';
const DAY_MS = 86_400_000;

async function keyOf(file: string, kind: 'private' | 'public', option = '--key'): Promise<KeyObject> {
  let pem: string;
  try {
    pem = await readFile(file, 'utf8');
  } catch (err) {
    throw new RunError('EC_BAD_OPTION', `${option}: cannot read ${file} (${(err as Error).message})`);
  }
  try {
    const key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error(`it is a ${key.asymmetricKeyType ?? 'symmetric'} key`);
    return key;
  } catch (err) {
    throw new RunError(
      'EC_BAD_OPTION',
      `${option}: ${file} is not an Ed25519 ${kind} key in PEM (${(err as Error).message}); make one with openssl genpkey -algorithm ed25519`,
    );
  }
}

/** Every file of the folder but the certification, by name, sorted. */
async function reportsIn(dir: string): Promise<{ name: string; bytes: Buffer }[]> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((e) => e.isFile() && e.name !== CERTIFICATION)
    .map((e) => e.name)
    .sort();
  return Promise.all(names.map(async (name) => ({ name, bytes: await readFile(path.join(dir, name)) })));
}

export async function signCommand(a: { reports: string; key: string; 'valid-days': number }): Promise<number> {
  process.stdout.write(`${await signReports(a.reports, await signingKey(a.key, a['valid-days']))}\n`);
  return 0;
}

/** The lab's private key and how long what it signs holds, read before anything runs (`run --sign`: a bad key is said first). */
export async function signingKey(file: string, days: number, option = '--key'): Promise<{ key: KeyObject; days: number }> {
  if (!(days > 0)) throw new RunError('EC_BAD_OPTION', `--valid-days ${days}: give a number of days above 0`);
  return { key: await keyOf(file, 'private', option), days };
}

/** Signs the folder of a run's reports: certification.dsse.json beside them. Returns the line that says so. */
export async function signReports(dir: string, signing: { key: KeyObject; days: number }): Promise<string> {
  const results = (await readJson(path.join(dir, 'results.json'), "the folder of a run's reports, its results.json inside")) as RunResults;
  if (!Array.isArray(results?.checks) || typeof results.verdict !== 'string')
    throw new RunError('EC_BAD_OPTION', `${dir}/results.json is not the results.json of an energy-conform run`);
  const now = new Date();
  const statement = statementOf(results, await reportsIn(dir), {
    signed: now.toISOString(),
    expires: new Date(now.getTime() + signing.days * DAY_MS).toISOString(),
  });
  const envelope = signEnvelope(PAYLOAD_TYPE, Buffer.from(JSON.stringify(statement)), signing.key, createPublicKey(signing.key));
  const out = path.join(dir, CERTIFICATION);
  await writeFile(out, `${JSON.stringify(envelope, null, 1)}\n`);
  return `${out}: ${statement.predicate.result}, ${statement.subject.length} reports vouched for, valid until ${statement.predicate.configuration.at(-1)!.annotations!.expires as string}`;
}

/** `run --sign`, `certify-client --sign`: a run that judged (exit 0 or 1) is signed; one that could not judge is not, said why. */
export async function signedOrNot(outcome: { exitCode: number; reportsDir: string }, signing: { key: KeyObject; days: number }): Promise<string> {
  return outcome.exitCode === 2
    ? `not signed: the run ended without judging the clauses it set out to (exit 2); see ${outcome.reportsDir}`
    : `signed: ${await signReports(outcome.reportsDir, signing)}`;
}

export async function verifyCommand(a: { certification: string; key: string; revoked?: string }): Promise<number> {
  const publicKey = await keyOf(a.key, 'public');
  const envelope = (await readJson(a.certification, 'a certification.dsse.json that energy-conform sign wrote')) as Envelope;
  const revoked = a.revoked === undefined ? undefined : ((await readJson(a.revoked, 'a revocation list signed with the same key', '--revoked')) as Envelope);
  if (!isEnvelope(envelope)) throw new RunError('EC_BAD_OPTION', `${a.certification} is not a DSSE envelope`);
  const files = new Map((await reportsIn(path.dirname(a.certification))).map((f) => [f.name, f.bytes]));
  const { problems, statement } = verifyCertification(envelope, publicKey, files, new Date(), revoked);
  if (problems.length) {
    process.stdout.write(`${a.certification}: does not hold\n${problems.map((p) => `  ${p}\n`).join('')}`);
    return 1;
  }
  const p = statement!.predicate;
  process.stdout.write(
    `${a.certification}: holds — ${p.result}, ${p.passedTests.length} passed, ${p.warnedTests.length} warned, ${p.failedTests.length} failed; ` +
      `${statement!.subject.length} reports unchanged\n`,
  );
  return 0;
}

export async function revokeCommand(a: { certification: string; key: string; why: string; list: string }): Promise<number> {
  const privateKey = await keyOf(a.key, 'private');
  const publicKey = createPublicKey(privateKey);
  const envelope = (await readJson(a.certification, 'a certification.dsse.json that energy-conform sign wrote')) as Envelope;
  if (typeof envelope?.payload !== 'string') throw new RunError('EC_BAD_OPTION', `${a.certification} is not a DSSE envelope`);
  let list: Revocations = { revoked: [] };
  if (
    await readFile(a.list).then(
      () => true,
      () => false,
    )
  ) {
    const opened = openEnvelope((await readJson(a.list, 'a revocation list this key signed', '--list')) as Envelope, publicKey);
    if ('problem' in opened) throw new RunError('EC_BAD_OPTION', `--list: ${a.list} is not a revocation list this key signed (${opened.problem})`);
    list = JSON.parse(opened.body.toString('utf8')) as Revocations;
  }
  const payload = sha256(Buffer.from(envelope.payload, 'base64'));
  list.revoked = [...list.revoked.filter((r) => r.payload_sha256 !== payload), { payload_sha256: payload, why: a.why, at: new Date().toISOString() }];
  await writeFile(a.list, `${JSON.stringify(signEnvelope(REVOCATIONS_TYPE, Buffer.from(JSON.stringify(list)), privateKey, publicKey), null, 1)}\n`);
  process.stdout.write(`${a.list}: ${list.revoked.length} revoked, ${a.certification} among them\n`);
  return 0;
}

/** Every certification under the folder (at any depth), by path relative to it, sorted. */
async function certificationsUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name === CERTIFICATION)
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

export async function certificationsCommand(a: {
  folder: string;
  key: string;
  revoked?: string;
  out?: string;
  release?: string;
  json: boolean;
}): Promise<number> {
  const publicKey = await keyOf(a.key, 'public');
  const revoked = a.revoked === undefined ? undefined : ((await readJson(a.revoked, 'a revocation list signed with the same key', '--revoked')) as Envelope);
  let files: string[];
  try {
    files = await certificationsUnder(a.folder);
  } catch (err) {
    throw new RunError('EC_BAD_OPTION', `cannot read the folder ${a.folder} (${(err as Error).message})`);
  }
  const now = new Date();
  const all = sortListing(
    await Promise.all(
      files.map(async (file) => {
        const at = path.join(a.folder, file);
        let envelope: Envelope;
        try {
          envelope = JSON.parse(await readFile(at, 'utf8')) as Envelope;
        } catch (err) {
          return listed(file, { problems: [`not JSON (${(err as Error).message})`], statement: null });
        }
        if (!isEnvelope(envelope)) return listed(file, { problems: ['not a DSSE envelope'], statement: null });
        const beside = new Map((await reportsIn(path.dirname(at))).map((f) => [f.name, f.bytes]));
        return listed(file, verifyCertification(envelope, publicKey, beside, now, revoked));
      }),
    ),
  );
  // A certification whose release cannot be read stays listed: it may be of that release, and its problem is the lab's to see.
  const rows = a.release === undefined ? all : all.filter((r) => r.release === a.release || r.release === null);
  const out = a.out ?? a.folder;
  await mkdir(out, { recursive: true });
  await writeFile(
    path.join(out, 'certifications.json'),
    `${JSON.stringify({ folder: a.folder, verified: now.toISOString(), key: path.basename(a.key), ...(a.release ? { release: a.release } : {}), certifications: rows }, null, 2)}\n`,
  );
  await writeFile(path.join(out, 'certifications.html'), listingHtml(rows, a.folder, path.basename(a.key), now));
  process.stdout.write(
    a.json
      ? `${JSON.stringify(rows, null, 2)}\n`
      : `${listingText(rows)}${path.join(out, 'certifications.html')} and certifications.json: ${rows.filter((r) => r.standing === 'holds').length} of ${rows.length}${a.release ? ` of API ${a.release}` : ''} hold\n`,
  );
  return 0;
}
