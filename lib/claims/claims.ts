// Claims (`run --claims FILE`): what a HomeWizard-compatible device says it serves (an ESP32 P1 dongle, a Smartstuff
// meter), as Redfish interoperability profiles, Matter PICS and Bluetooth ICS declare an implementation: its kind,
// its API versions, and each endpoint (and field) at a level: MUST (served, and held to every clause), SHOULD (served;
// a MUST clause it breaks is a deviation, as under an "In development" capability) or IF-IMPLEMENTED (asked once
// before the suites: where it answers 404 it is taken as not served, else as MUST). The claims gate the suites in
// place of the kind table (gates.ts). Checked whole before anything is sent: a claim no clause can judge is named.
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { KIND_IDS } from '../spec/kinds.js';
import { CLAIMABLE, type Claimable, claimableKey } from './claimable.js';

export const CLAIM_LEVELS = ['MUST', 'SHOULD', 'IF-IMPLEMENTED'] as const;
export type ClaimLevel = (typeof CLAIM_LEVELS)[number];
const level = z.enum(CLAIM_LEVELS);

const endpoint = z
  .object({
    api: z.enum(['v1', 'v2']).describe('the API the endpoint belongs to: v1 over HTTP, v2 over HTTPS'),
    endpoint: z.string().regex(/^(GET|PUT|POST|DELETE|WS) \/\S*$/, 'a method and a path, as "GET /api/v1/data" (WS for the WebSocket)'),
    level,
    fields: z
      .record(z.string().min(1), level)
      .optional()
      .describe('fields of its answer the device claims, each at a level; recorded against what it answered, judged where a gate reads them'),
  })
  .strict();

export const claimsFileSchema = z
  .object({
    claims: z.literal(1).describe('the format of this file: 1'),
    device: z.string().min(1).describe('what the device is, in words: maker, model, firmware'),
    kind: z.enum(KIND_IDS).describe('the kind it is compatible with: its identity (GET /api product_type) is held to that kind'),
    api: z
      .array(z.enum(['v1', 'v2']))
      .min(1)
      .describe('the API versions it serves'),
    endpoints: z.array(endpoint).min(1).describe('every endpoint it serves; one not listed is taken as not served'),
  })
  .strict();

export type ClaimsFile = z.infer<typeof claimsFileSchema>;
export type EndpointClaim = z.infer<typeof endpoint>;

/** The JSON Schema of a --claims file (draft-07), as schemas/claims.schema.json holds it. */
export function claimsJsonSchema(): string {
  return `${JSON.stringify({ title: 'energy-conform claims', ...z.toJSONSchema(claimsFileSchema, { target: 'draft-07' }) }, null, 2)}\n`;
}

/** A claims file, read and checked: its claims, and what in it no clause judges (recorded, never failed). */
export interface Claims {
  file: ClaimsFile;
  /** Each claimed endpoint with what the catalogue knows of it. */
  endpoints: (EndpointClaim & { known: Claimable })[];
  /** Claims the catalogue cannot judge, in words: shown up front and in every report. */
  notJudged: string[];
}

/** The file (JSON, or YAML where the name ends .yaml or .yml), checked for form and consistency; what is wrong, thrown. */
export function parseClaims(text: string, name: string): Claims {
  const yaml = /\.ya?ml$/i.test(name);
  let doc: unknown;
  try {
    doc = yaml ? parseYaml(text) : JSON.parse(text);
  } catch (err) {
    throw new Error(`${name} is not ${yaml ? 'YAML' : 'JSON'}: ${(err as Error).message.split('\n')[0]}`);
  }
  const parsed = claimsFileSchema.safeParse(doc);
  if (!parsed.success) {
    throw new Error(
      `${name} is not a claims file (schemas/claims.schema.json): ${parsed.error.issues
        .map((i) => `${i.path.join('.') || 'the file'}: ${i.message}`)
        .join('; ')}`,
    );
  }
  return checkClaims(parsed.data, name);
}

/** Consistency: every endpoint one the catalogue knows, of an API claimed, once; IF-IMPLEMENTED only where a GET can tell. Pure. */
export function checkClaims(file: ClaimsFile, name: string): Claims {
  const wrong: string[] = [];
  const seen = new Set<string>();
  const endpoints: Claims['endpoints'] = [];
  const notJudged: string[] = [];
  for (const [i, e] of file.endpoints.entries()) {
    const at = `endpoints.${i}`;
    const key = claimableKey(e.api, e.endpoint);
    const known = CLAIMABLE.find((c) => claimableKey(c.api, c.endpoint) === key);
    if (!known) {
      wrong.push(
        `${at}: ${e.api} ${e.endpoint} is no endpoint of the specification or the vendor's documentation (${name} can claim ${CLAIMABLE.map((c) => `${c.api} ${c.endpoint}`).join(', ')})`,
      );
      continue;
    }
    if (!file.api.includes(e.api)) {
      wrong.push(`${at}: ${e.api} ${e.endpoint} is of the ${e.api} API, which "api" does not claim`);
      continue;
    }
    if (seen.has(key)) {
      wrong.push(`${at}: ${e.api} ${e.endpoint} is claimed twice`);
      continue;
    }
    seen.add(key);
    if (e.level === 'IF-IMPLEMENTED' && !known.probe) {
      wrong.push(`${at}: IF-IMPLEMENTED needs a GET to tell whether ${e.endpoint} is served, and it has none: claim it MUST or SHOULD`);
      continue;
    }
    for (const field of Object.keys(e.fields ?? {})) {
      if (!known.gatedFields?.[field])
        notJudged.push(`${e.api} ${e.endpoint} field ${field}: no clause is gated on it; recorded against the answers, never failed`);
    }
    endpoints.push({ ...e, known });
  }
  for (const api of file.api) {
    if (!endpoints.some((e) => e.api === api && e.endpoint === 'GET /api'))
      wrong.push(`api claims ${api}, but no endpoint claims ${api} GET /api, which every ${api} device serves`);
  }
  if (wrong.length) throw new Error(`${name} is not consistent: ${wrong.join('; ')}`);
  return { file, endpoints, notJudged };
}
