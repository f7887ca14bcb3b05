// results.json as a schema: the zod type the tests hold every run's results.json to, and the JSON Schema
// made from it (schemas/results.schema.json, shipped in the package) for the tools that read results.json.
import { z } from 'zod';
import { knownFileSchema } from './known.js';
import { AREAS, LEVELS, PROFILES } from '../spec/clause-types.js';
import { CLIENT_AREAS, PHASES } from '../spec/client-clause-types.js';
import { STATUSES, type Status } from './results.js';
import { ERROR_KINDS, type ErrorKind } from './soak-facts.js';

const status = z.enum(STATUSES as [Status, ...Status[]]);
const count = z.number().int().min(0);

const exchange = z
  .object({
    side: z.enum(['v1', 'v2']),
    method: z.string(),
    url: z.string(),
    requestHeaders: z.record(z.string(), z.string()),
    requestBody: z.string().optional(),
    status: z.number().int().optional(),
    responseHeaders: z.record(z.string(), z.string()).optional(),
    responseBody: z.string().optional().describe('at most 4,096 characters of the body, tokens redacted'),
    trailing: z.string().optional().describe('what the device sent after the end of its answer'),
    error: z.string().optional().describe('why there was no answer: an EC_TRANSPORT_ code and its message'),
    startedAt: z.string(),
    durationMs: z.number().min(0),
  })
  .strict();

const judged = z
  .object({
    clause: z.string(),
    case: count.describe('the case (row) it belongs to: its index in rows, 0 where there are none'),
    answer: count.nullable().optional().describe('the answer judged: its index in exchanges; null where none came'),
    exchange: exchange.optional().describe("the answer judged, where exchanges do not hold it (another check's)"),
    heard: z.unknown().optional().describe('for a clause of the WebSocket (V-WS): what the conversation heard that the judge read'),
    occasion: z.unknown().optional().describe('what the judge was told of the occasion, tokens redacted'),
    held: z.boolean(),
    kept: z.string().optional().describe('why the record cannot judge it again: it stays as judged'),
  })
  .strict();

const check = z
  .object({
    clause: z
      .string()
      .regex(/^(CL-|V-)?[A-Z]+-\d+$/)
      .describe(
        "a clause of spec/clauses.md, of spec/vendor-clauses.md (V-), or of spec/client-clauses.md (CL-) in certify-client's results; SOAK-: a soak's threshold",
      ),
    level: z.enum(LEVELS),
    title: z.string(),
    status,
    message: z.string().describe('why: for every status but pass, what was expected and what was observed, or the reason'),
    durationMs: z.number().min(0),
    deviation: z.string().optional().describe('the capability "In development" for the kind that makes a MUST violation a deviation'),
    area: z.enum([...new Set([...AREAS, ...CLIENT_AREAS, 'soak'])] as [string, ...string[]]),
    expected: z.string().optional(),
    observed: z.unknown().optional(),
    rows: z
      .array(z.object({ title: z.string(), status, message: z.string() }).strict())
      .optional()
      .describe('every case where the clause had more than one: a row of its table, or another check that judged it'),
    evidence: count.optional().describe('how many of exchanges, from the first, the outcome is about'),
    exchanges: z.array(exchange),
    judged: z.array(judged).optional().describe('what the occasion judges of lib/judge/device/table.ts judged, for rejudge'),
    known: z
      .object({ reason: z.string(), link: z.string().nullable(), owner: z.string().nullable(), expires: z.string(), expired: z.boolean() })
      .strict()
      .optional()
      .describe('run --known: the entry that matched this failure; unexpired, it does not fail the run (but with --strict)'),
  })
  .strict();

const cost = z.object({ sequences: count, steps: count, requests: count, switches: count, presses: count, seconds: z.number().nonnegative() }).strict();
const errorCounts = z.object(Object.fromEntries(ERROR_KINDS.map((k) => [k, count])) as Record<ErrorKind, typeof count>).strict();
const ms = z.number().nonnegative().nullable();
const seconds = z.number().nonnegative();
const soak = z
  .object({
    askedS: z.number().positive(),
    ranS: z.number().nonnegative(),
    stoppedBy: z.enum(['duration', 'interrupted']),
    clients: count,
    pollMs: z.number().positive(),
    intervalS: z.number().positive(),
    checkEveryS: z.number().positive(),
    spotChecks: count,
    endpoints: z.array(z.string()),
    thresholds: z
      .object({
        maxErrorPercent: z.number().nonnegative(),
        maxReboots: count,
        maxP99Ms: z.number().positive(),
        maxStaleS: z.number().positive().nullable().optional(),
        maxStallS: z.number().positive().optional(),
      })
      .strict(),
    intervals: z
      .array(
        z
          .object({
            from: z.number().nonnegative(),
            to: z.number().nonnegative(),
            connections: count,
            endpoints: z.record(z.string(), z.object({ requests: count, p50: ms, p90: ms, p99: ms, max: ms, errors: errorCounts }).strict()),
            staleS: seconds.nullable().optional(),
            stallS: seconds.nullable().optional(),
          })
          .strict(),
      )
      .describe(
        "per interval (s from the start): each endpoint's requests, latency percentiles (ms) and errors by kind, the connections opened, " +
          'the longest a measurement stood still (staleS) and an open WebSocket stayed silent (stallS)',
      ),
    reboots: z.array(z.object({ at: z.number().nonnegative(), how: z.enum(['uptime', 'absence']), awayS: z.number().nonnegative().optional() }).strict()),
    totals: z.object({ requests: count, errors: errorCounts, connections: count }).strict(),
    freshness: z
      .object({
        signals: z.record(z.string(), z.enum(['timestamp', 'values'])),
        longest: z.object({ endpoint: z.string(), fromS: seconds, toS: seconds, staleS: seconds }).strict().nullable(),
      })
      .strict()
      .optional()
      .describe("SOAK-04: what told each measurement's age, and its longest standstill while answered"),
    streams: z
      .object({
        clients: count,
        opened: count,
        messages: count,
        longest: z.object({ client: count, fromS: seconds, toS: seconds, stallS: seconds, ongoing: z.boolean() }).strict().nullable(),
      })
      .strict()
      .optional()
      .describe('SOAK-05: the WebSocket integrations, the sockets they opened, the messages heard, the longest silence on an open socket'),
    availability: z
      .object({
        absences: z.array(z.object({ from: seconds, awayS: seconds, ongoing: z.boolean() }).strict()),
        longestS: seconds,
        perHour: z.number().nonnegative(),
      })
      .strict()
      .optional()
      .describe('every absence the polls saw (every request failing for 2 s or more), the longest, and how many an hour'),
  })
  .strict();
const summary = z.object(Object.fromEntries(STATUSES.map((s) => [s, count])) as Record<Status, typeof count>).strict();

export const resultsSchema = z
  .object({
    tool: z.object({ name: z.literal('energy-conform'), version: z.string() }).strict(),
    target: z
      .object({
        host: z.string(),
        kind: z.string(),
        product_type: z.string().nullable(),
        serial: z.string().nullable(),
        firmware_version: z.string().nullable(),
        api_version: z.string().nullable(),
        certificate_sha256: z.string().nullable(),
        served_version: z
          .string()
          .nullable()
          .optional()
          .describe('the version the device served (GET /api without X-Api-Version, before any check): what the VER clauses compare with'),
        certificate: z
          .object({ pem: z.string(), chain_error: z.string().nullable(), issuer: z.string() })
          .strict()
          .nullable()
          .optional()
          .describe(
            'the certificate the device presented before any check (PEM), whether it chains to the given CA, and its issuer: what the TLS clauses judge',
          ),
      })
      .strict(),
    started: z.string(),
    finished: z.string(),
    durationMs: z.number().min(0),
    verdict: z.enum(['pass', 'fail', 'error']).describe('exit 0, 1 and 2'),
    summary,
    presses: z.object({ count, asked: count, backend: z.string().nullable() }).strict(),
    requests: count,
    connections: count,
    socket: z.object({ stateRequests: count, relaySwitches: count }).strict().nullable(),
    residue: z.array(z.string()).describe('what the run left changed on the device'),
    notes: z.array(z.string()),
    profiles: z
      .array(
        z
          .object({
            profile: z.enum(PROFILES),
            catalogue: z.string(),
            revision: count,
            verdict: z.enum(['pass', 'fail', 'error']),
            summary,
          })
          .strict(),
      )
      .optional()
      .describe('a device run: each profile that ran (--profile), its catalogue, its counts and its verdict (error: none of its checks ran)'),
    checks: z.array(check).describe('one per clause of the catalogues of the profiles that ran'),
    strict: z.boolean(),
    options: z.record(z.string(), z.unknown()),
    integration: z
      .object({ name: z.string(), version: z.string().nullable(), command: z.string().nullable() })
      .strict()
      .optional()
      .describe('certify-client: the integration judged; target is then the emulated device it was served'),
    explored: z
      .object({
        seed: count,
        budget: cost,
        spent: cost,
        stoppedBy: z.string().nullable(),
        broken: z.string().nullable(),
        drawn: z.array(z.string()),
        left: z.array(z.string()),
        adopted: z.record(z.string(), count),
        held: z.record(z.string(), count),
        finding: z
          .object({ clause: z.string(), expected: z.string(), observed: z.string(), sequence: z.array(z.string()) })
          .strict()
          .nullable(),
      })
      .strict()
      .optional()
      .describe(
        'explore, run --explore: the seed (--seed replays it), the budget and what the exploration cost, the clauses its steps held, and the shrunk sequence of a disagreement',
      ),
    claims: z
      .object({
        file: z.string(),
        sha256: z.string(),
        device: z.string(),
        kind: z.string(),
        api: z.array(z.string()),
        endpoints: z.array(z.object({ api: z.string(), endpoint: z.string(), level: z.string(), served: z.boolean(), why: z.string().optional() }).strict()),
        fields: z.array(z.object({ api: z.string(), endpoint: z.string(), field: z.string(), level: z.string(), seen: z.boolean().nullable() }).strict()),
        notJudged: z.array(z.string()),
      })
      .strict()
      .optional()
      .describe(
        'run --claims: the file, its SHA-256, what the device claims, whether each endpoint claimed IF-IMPLEMENTED is served, each claimed field seen or not, and the claims no clause judges',
      ),
    soak: soak.optional().describe('soak: what the simulated integrations saw per interval, the reboots, and the thresholds judged (the SOAK- checks)'),
    known: z
      .object({
        file: z.string(),
        sha256: z.string(),
        day: z.string(),
        entries: z.array(
          knownFileSchema.shape.known.element.extend({ state: z.enum(['known', 'expired', 'fixed', 'not-judged']), status: z.string() }).strict(),
        ),
      })
      .strict()
      .optional()
      .describe(
        'run --known: the file, its SHA-256, the day (UTC) it was applied on, and what became of each entry that matched the device (fixed: its clause passed, remove it)',
      ),
    scenario: z
      .object({
        catalogue: z.string(),
        phases: z.array(z.object({ phase: z.enum(PHASES), from: z.number(), to: z.number(), requests: count }).strict()),
        timeline: z.array(z.object({ at: z.number(), request: z.string(), status: z.number().int() }).strict()),
      })
      .strict()
      .optional()
      .describe('certify-client: the phases as they ran (ms from the start) and every request of the integration on them'),
  })
  .strict();

/** The JSON Schema of results.json (draft-07), as schemas/results.schema.json holds it. */
export function resultsJsonSchema(): string {
  const schema = { title: 'energy-conform results.json', ...z.toJSONSchema(resultsSchema, { target: 'draft-07' }) };
  return `${JSON.stringify(schema, null, 2)}\n`;
}
