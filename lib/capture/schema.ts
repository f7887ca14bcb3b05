// A capture as a schema: the zod type every capture is held to, and the JSON Schema made from it
// (schemas/capture.schema.json, shipped in the package) for the tools that read one. Tokens are never in it.
import { z } from 'zod';
import { KIND_IDS } from '../spec/kinds.js';

const ms = z.number().nonnegative();

const answer = z
  .object({
    side: z.enum(['v1', 'v2']),
    method: z.enum(['GET', 'POST']),
    path: z.string(),
    token: z.boolean().describe('asked with the token'),
    version: z.string().optional().describe('the X-Api-Version sent'),
    why: z.string(),
    status: z.number().int().nullable().describe('null: no answer (error says why)'),
    unavailableMs: ms.optional().describe('how long it answered 503 (nothing to serve yet) before this answer'),
    error: z.string().optional(),
    headers: z.record(z.string(), z.string()).describe('as the device sent them, names in lower case'),
    body: z.string().describe("the first answer's body (at most 4,096 characters, tokens redacted)"),
    samples: z.array(z.unknown()).describe('the JSON body of each repeat, for the shapes and magnitudes of its values'),
    latencyMs: z.object({ n: z.number().int().min(1), p50: ms, p90: ms, max: ms }).strict(),
  })
  .strict();

export const captureSchema = z
  .object({
    format: z.literal('energy-conform capture 1'),
    tool: z.object({ name: z.string(), version: z.string() }).strict(),
    captured: z.string().describe('when, ISO 8601'),
    device: z
      .object({
        kind: z.enum(KIND_IDS),
        product_type: z.string().nullable(),
        serial: z.string().nullable(),
        firmware_version: z.string().nullable(),
        api_version: z.string().nullable().describe('what GET /api says'),
        served_version: z.string().nullable().describe('X-Api-Version of its answer'),
      })
      .strict(),
    certificate: z
      .object({
        subject: z.string(),
        subjectAltName: z.string().nullable(),
        issuer: z.string(),
        validFrom: z.string(),
        validTo: z.string(),
        keyType: z.string(),
        chainError: z.string().nullable().describe('why it does not chain to the CA given (null: it chains)'),
      })
      .strict()
      .nullable()
      .describe('the HTTPS certificate; null where nothing answered over HTTPS'),
    answers: z.array(answer),
    websocket: z
      .object({
        greeting: z.unknown().describe('the first message, before any token'),
        authorized: z.unknown().describe('the answer to the token'),
        topics: z.record(z.string(), z.unknown()).describe('each topic subscribed to: the first message of it (null: none within 3 s)'),
      })
      .strict()
      .nullable()
      .describe("the vendor's WebSocket, where the kind serves it and a token was had"),
    mdns: z
      .partialRecord(z.enum(['hwenergy', 'homewizard']), z.object({ name: z.string(), port: z.number().int(), txt: z.record(z.string(), z.string()) }).strict())
      .nullable()
      .optional()
      .describe('the mDNS services discovery found the device by, each with its TXT record; null: the address was given (--host)'),
    left: z.array(z.string()).describe('what the capture could not put back as it found it'),
  })
  .strict();

export type Capture = z.infer<typeof captureSchema>;
export type CapturedAnswer = z.infer<typeof answer>;

/** The JSON Schema of a capture (draft-07), as schemas/capture.schema.json holds it. */
export function captureJsonSchema(): string {
  return `${JSON.stringify({ title: 'energy-conform capture', ...z.toJSONSchema(captureSchema, { target: 'draft-07' }) }, null, 2)}\n`;
}
