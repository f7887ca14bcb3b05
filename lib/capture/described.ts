// A capture held to the descriptions (openapi.ts, asyncapi.ts): each answer it holds to the response its operation
// describes for that status (its content type, and each JSON sample to the schema), each WebSocket message to its
// message's payload. What the descriptions do not describe (an unknown path, a probe of a refused version) is
// listed, not judged. JSON Schema 2020-12, as OpenAPI 3.1 and these payloads use it, by Ajv.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Capture } from './schema.js';
import { asyncApi } from '../spec/asyncapi.js';
import { openApiV1, openApiV2 } from '../spec/openapi.js';

type Json = Record<string, unknown>;
export interface Described {
  problems: string[];
  notDescribed: string[];
  checked: number;
}

const resolve = (doc: Json, node: Json): Json => {
  const at = node.$ref;
  if (typeof at !== 'string') return node;
  return at
    .slice(2)
    .split('/')
    .reduce<Json>((n, k) => n[k] as Json, doc);
};

function validator(docs: Record<string, Json>) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  for (const [id, doc] of Object.entries(docs)) ajv.addSchema({ $id: id, components: doc.components }, id);
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  return (id: string, schema: Json, value: unknown): string | null => {
    // A schema of the document's is compiled once, its references resolved in that document.
    const key = `${id} ${JSON.stringify(schema)}`;
    if (!compiled.has(key)) compiled.set(key, ajv.compile({ $id: `${id}-schema-${compiled.size}`, ...rebase(schema, id) }));
    const validate = compiled.get(key)!;
    return validate(value) ? null : ajv.errorsText(validate.errors, { dataVar: 'body' });
  };
}

/** `#/components/...` references made absolute to the document they are in. */
const rebase = (schema: Json, id: string): Json => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', `"${id}#/components/`)) as Json;

/** The descriptions, and their validator with what it compiled: made at the first capture held to them, kept for the next. */
let made: { docs: { v1: Json; v2: Json; ws: Json }; check: ReturnType<typeof validator> } | undefined;
function descriptions() {
  if (!made) {
    const docs = { v1: openApiV1(), v2: openApiV2(), ws: asyncApi() };
    made = { docs, check: validator(docs) };
  }
  return made;
}

export function describedProblems(capture: Capture): Described {
  const { docs, check } = descriptions();
  const out: Described = { problems: [], notDescribed: [], checked: 0 };
  for (const a of capture.answers) {
    const key = `${a.method} ${a.path} (${a.side}${a.version ? `, X-Api-Version: ${a.version}` : ''}) → ${a.status}`;
    const doc = docs[a.side];
    const operation = ((doc.paths as Json)[a.path] as Json | undefined)?.[a.method.toLowerCase()] as Json | undefined;
    // A version refused is the versioning clauses' to judge; no operation describes its answer.
    if (!operation || (a.version !== undefined && a.version !== '2')) {
      out.notDescribed.push(key);
      continue;
    }
    const responses = operation.responses as Json;
    const response = resolve(doc, (responses[String(a.status)] ?? responses.default) as Json);
    const type = (a.headers['content-type'] ?? '').split(';')[0]!.trim();
    const content = (response.content ?? {}) as Json;
    out.checked++;
    if (!response.content) {
      if (a.body !== '') out.problems.push(`${key}: described without a body, answered ${a.body.slice(0, 80)}`);
      continue;
    }
    if (!(type in content)) {
      out.problems.push(`${key}: content type ${type || '(none)'}, described ${Object.keys(content).join(' or ')}`);
      continue;
    }
    const schema = (content[type] as Json).schema as Json;
    if (type !== 'application/json') continue;
    const bodies = a.samples.length ? a.samples : [JSON.parse(a.body) as unknown];
    for (const body of bodies) {
      const wrong = check(a.side, schema, body);
      if (wrong) out.problems.push(`${key}: ${wrong}`);
    }
  }
  const ws = capture.websocket;
  if (ws) {
    const messages = ((docs.ws.channels as Json).ws as Json).messages as Json;
    const heard = [
      ['the greeting', ws.greeting, 'authorization_requested'],
      ['the answer to the token', ws.authorized, 'authorized'],
      ...Object.entries(ws.topics).map(([t, m]) => [`the first message of ${t}`, m, t]),
    ] as [string, { type?: unknown } | null, string][];
    for (const [what, message, expected] of heard) {
      if (!message) continue;
      const name = typeof message.type === 'string' && message.type in messages ? message.type : expected;
      out.checked++;
      const wrong = check('ws', (messages[name] as Json).payload as Json, message);
      if (wrong) out.problems.push(`WebSocket, ${what} (${name}): ${wrong}`);
    }
  }
  return out;
}
