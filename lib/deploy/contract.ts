// An integration's contract: what it relied on while certify-client served it a device, read off the traffic
// the device recorded (lib/spec/traffic.ts). The answers it read (each keyed as `diff` keys a capture's, with the
// shapes it was served and their content type), the WebSocket topics it subscribed to with the messages it was
// sent, the versions it asked for, and the bodies it wrote. `can-i-deploy` holds a capture to it (can-deploy.ts).
import { z } from 'zod';
import { keyOf, parsed } from '../diff/sides.js';
import { KIND_IDS } from '../spec/kinds.js';
import type { Phase } from '../spec/client-clause-types.js';
import type { SeenRequest, Traffic } from '../spec/traffic.js';

/** Samples kept of each answer: enough for its numbers' format and magnitude, spread over the scenario. */
const SAMPLES = 5;

const read = z
  .object({
    key: z.string().describe('as diff keys an answer: `GET /api/measurement (v2, with the token, X-Api-Version: 2)`'),
    side: z.enum(['v1', 'v2']),
    method: z.string(),
    path: z.string(),
    token: z.boolean(),
    version: z.string().optional(),
    count: z.number().int().min(1).describe('how often it asked and was answered 2xx'),
    status: z.number().int(),
    contentType: z.string().nullable(),
    samples: z.array(z.unknown()).describe('JSON bodies it was served, tokens redacted'),
  })
  .strict();

const write = z
  .object({
    side: z.enum(['v1', 'v2']),
    method: z.string(),
    path: z.string(),
    count: z.number().int().min(1),
    fields: z.record(z.string(), z.string()).describe('each field it wrote and its JSON type'),
  })
  .strict();

export const contractSchema = z
  .object({
    format: z.literal('energy-conform contract 1'),
    integration: z.object({ name: z.string(), version: z.string().nullable() }).strict(),
    device: z
      .object({ kind: z.enum(KIND_IDS), firmware_version: z.string(), api_version: z.string() })
      .strict()
      .describe('the device certify-client served it'),
    certified: z.string().describe('when, ISO 8601'),
    verdict: z.string().describe("the certification's verdict"),
    reads: z.array(read),
    writes: z.array(write),
    websocket: z
      .object({
        topics: z.array(z.string()),
        messages: z.record(z.string(), z.array(z.unknown())).describe('by key (WS greeting, WS authorized, WS topic <t>): messages it was sent'),
      })
      .strict()
      .nullable()
      .describe('null: it opened no WebSocket'),
    versions: z.array(z.string()).describe('the X-Api-Version values it sent'),
  })
  .strict();

export type Contract = z.infer<typeof contractSchema>;
export type ContractRead = z.infer<typeof read>;

export interface ContractFacts {
  integration: { name: string; version: string | null };
  device: Contract['device'];
  certified: string;
  verdict: string;
}

/** The device's messages that answer the conversation itself, not a topic. */
const NOT_TOPICS = new Set(['authorization_requested', 'authorized', 'error']);
const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const spread = <T>(xs: readonly T[]) =>
  xs.length <= SAMPLES ? [...xs] : Array.from({ length: SAMPLES }, (_, i) => xs[Math.round((i * (xs.length - 1)) / (SAMPLES - 1))]!);
const requestKey = (r: SeenRequest) => ({
  side: r.side,
  method: r.method,
  path: r.path,
  token: 'authorization' in r.headers,
  ...(r.headers['x-api-version'] ? { version: r.headers['x-api-version'] } : {}),
});

function readsOf(requests: readonly SeenRequest[]): ContractRead[] {
  const groups = new Map<string, SeenRequest[]>();
  for (const r of requests.filter((x) => x.method === 'GET' && x.status >= 200 && x.status < 300)) {
    const key = keyOf(requestKey(r));
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups].map(([key, all]) => ({
    key,
    ...requestKey(all[0]!),
    count: all.length,
    status: all[0]!.status,
    contentType: all[0]!.responseHeaders?.['content-type'] ?? null,
    samples: spread(all.flatMap((r) => parsed(r.responseBody))),
  }));
}

function writesOf(requests: readonly SeenRequest[]): Contract['writes'] {
  const groups = new Map<string, Contract['writes'][number]>();
  for (const r of requests.filter((x) => x.method !== 'GET' && x.status >= 200 && x.status < 300)) {
    const k = `${r.side} ${r.method} ${r.path}`;
    const w = groups.get(k) ?? { side: r.side, method: r.method, path: r.path, count: 0, fields: {} };
    w.count += 1;
    const body = parsed(r.body)[0];
    if (body && typeof body === 'object' && !Array.isArray(body)) for (const [f, v] of Object.entries(body)) w.fields[f] = jsonType(v);
    groups.set(k, w);
  }
  return [...groups.values()];
}

function websocketOf(t: Traffic): Contract['websocket'] {
  const talked = t.sockets.filter((s) => !s.cut && s.messages.length);
  if (!talked.length) return null;
  const frames = talked.flatMap((s) => s.messages.map((m) => ({ ...m, msg: parsed(m.text)[0] as { type?: unknown; data?: unknown } | undefined })));
  const topics = new Set<string>();
  for (const f of frames) if (f.from === 'client' && f.msg?.type === 'subscribe' && typeof f.msg.data === 'string') topics.add(f.msg.data);
  const sent = frames.filter((f) => f.from === 'device' && f.msg && typeof f.msg.type === 'string').map((f) => f.msg as { type: string });
  const messages: Record<string, unknown[]> = {};
  const keep = (key: string, ms: unknown[]) => ms.length && (messages[key] = spread(ms));
  keep(
    'WS greeting',
    sent.filter((m) => m.type === 'authorization_requested'),
  );
  keep(
    'WS authorized',
    sent.filter((m) => m.type === 'authorized'),
  );
  const subscribed = topics.has('*') ? new Set(sent.map((m) => m.type).filter((type) => !NOT_TOPICS.has(type))) : topics;
  for (const topic of subscribed)
    keep(
      `WS topic ${topic}`,
      sent.filter((m) => m.type === topic),
    );
  return { topics: [...topics].sort(), messages };
}

/**
 * The scenario's `newer` phase plays another firmware (a newer MINOR version, a field more in every answer): what
 * it served is not what the certified device serves, and not in the contract.
 */
const OTHER_FIRMWARE: Phase = 'newer';

/** What the integration relied on, from what the device recorded of it (tokens are redacted by the caller). */
export function contractOf(t: Traffic, facts: ContractFacts): Contract {
  const versions = [...new Set(t.requests.map((r) => r.headers['x-api-version']).filter((v): v is string => Boolean(v)))].sort();
  const other = t.phases.filter((p) => p.phase === OTHER_FIRMWARE);
  const own = {
    ...t,
    requests: t.requests.filter((r) => r.phase !== OTHER_FIRMWARE),
    sockets: t.sockets.map((s) => ({ ...s, messages: s.messages.filter((m) => !other.some((p) => m.at >= p.from && m.at < p.to)) })),
  };
  return { format: 'energy-conform contract 1', ...facts, reads: readsOf(own.requests), writes: writesOf(own.requests), websocket: websocketOf(own), versions };
}

/** The JSON Schema of a contract (draft-07), as schemas/contract.schema.json holds it. */
export function contractJsonSchema(): string {
  return `${JSON.stringify({ title: 'energy-conform contract', ...z.toJSONSchema(contractSchema, { target: 'draft-07' }) }, null, 2)}\n`;
}
