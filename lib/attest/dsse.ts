// DSSE, the envelope an in-toto attestation travels in (github.com/secure-systems-lab/dsse, protocol v1): the
// signature is over the pre-authentication encoding of the payload's type and bytes, never over the JSON around them,
// so nothing in the envelope can be changed without the signature failing. Ed25519 keys, by node:crypto.
import { type KeyObject, createHash, sign, verify } from 'node:crypto';

export interface Envelope {
  payloadType: string;
  /** The payload's bytes, base64. */
  payload: string;
  signatures: { keyid: string; sig: string }[];
}

/** Whether a parsed JSON document has an envelope's shape: a payload and a list of signatures. */
export const isEnvelope = (doc: unknown): doc is Envelope =>
  typeof (doc as Partial<Envelope> | null)?.payload === 'string' && Array.isArray((doc as Partial<Envelope>).signatures);

/** PAE(type, body) = "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body, lengths as decimal byte counts. */
export function pae(payloadType: string, body: Buffer): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([Buffer.from(`DSSEv1 ${type.length} `), type, Buffer.from(` ${body.length} `), body]);
}

/** The key's id as the envelope names it: the SHA-256 of its public key in SPKI DER, hex. */
export const keyIdOf = (publicKey: KeyObject): string =>
  createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');

export function signEnvelope(payloadType: string, body: Buffer, privateKey: KeyObject, publicKey: KeyObject): Envelope {
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error(`the signing key is ${privateKey.asymmetricKeyType ?? 'not an asymmetric key'}, not Ed25519`);
  return {
    payloadType,
    payload: body.toString('base64'),
    signatures: [{ keyid: keyIdOf(publicKey), sig: sign(null, pae(payloadType, body), privateKey).toString('base64') }],
  };
}

/** The payload's bytes where a signature of the envelope is the key's, else why not. */
export function openEnvelope(e: Envelope, publicKey: KeyObject): { body: Buffer } | { problem: string } {
  const body = Buffer.from(e.payload, 'base64');
  if (body.toString('base64') !== e.payload) return { problem: 'the payload is not base64' };
  // A keyid is a hint (DSSE): every signature is tried with the key.
  const good = e.signatures.some((s) => verify(null, pae(e.payloadType, body), publicKey, Buffer.from(s.sig, 'base64')));
  return good
    ? { body }
    : {
        problem: `no signature verifies with the key given (id ${keyIdOf(publicKey).slice(0, 16)}…): the envelope was changed after it was signed, or another key signed it`,
      };
}
