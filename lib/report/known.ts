// Known failures (`run --known FILE`): a firmware team's list of the clauses a device is known to fail, each with its
// reason, a link, an owner and an expiry, as the OpenID conformance suite's expected failures and web-platform-tests'
// expectations keep them. A failure an entry matches is shown apart and does not fail the run (but with --strict); an
// entry whose clause passes now is reported fixed; an expired entry no longer excuses anything. Pure.
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { hasClause } from '../spec/catalogue.js';
import { PROBLEMS, type CheckResult, type RunResults } from './results.js';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** `x.yy` or `x.yyzz`, as the specification writes firmware versions (GET /api firmware_version). */
const FIRMWARE = /^\d+\.\d{2}(\d{2})?$/;
const firmware = z.string().regex(FIRMWARE, 'a firmware version as the device writes it: x.yy or x.yyzz');

const entry = z
  .object({
    clause: z.string().describe('the clause ID, as the catalogues write it (PAIR-09, V-WS-05)'),
    device: z
      .object({
        serial: z
          .string()
          .regex(/^[0-9a-f]{12}$/, '12 lowercase hex digits')
          .optional(),
        product_type: z.string().min(1).optional().describe('as GET /api answers it: HWE-P1, HWE-SKT, …'),
        firmware: z
          .union([firmware, z.object({ min: firmware.optional(), max: firmware.optional() }).strict()])
          .optional()
          .describe('one version, or a range: min and max included, either may be left out'),
      })
      .strict()
      .optional()
      .describe('which devices it is known on; every field given must match, none given: every device'),
    reason: z.string().min(1).describe('why it fails, for whoever reads the report'),
    link: z
      .string()
      .regex(/^https?:\/\/\S+$/, 'an http(s) address')
      .optional()
      .describe('the ticket or the firmware note that tracks it'),
    owner: z.string().min(1).optional(),
    expires: z.string().regex(DAY, 'a day, YYYY-MM-DD').describe('the last day the entry holds (UTC): from the next, the failure fails the run again'),
  })
  .strict();

export const knownFileSchema = z
  .object({
    known: z.array(entry).describe('the known failures, first match wins'),
  })
  .strict();

export type KnownEntry = z.infer<typeof entry>;
export type KnownFile = z.infer<typeof knownFileSchema>;

/**
 * What became of an entry that matches the device: `known` (its clause failed and the entry excused it), `expired`
 * (its clause failed, and the entry is past its day), `fixed` (its clause passed: remove it), `not-judged` (skipped).
 */
export type KnownState = 'known' | 'expired' | 'fixed' | 'not-judged';
export interface KnownOutcome extends KnownEntry {
  state: KnownState;
  status: string;
}

/** What results.json records of a --known file: it, its hash, and what became of each entry that matched the device. */
export interface KnownFacts {
  file: string;
  sha256: string;
  day: string;
  entries: KnownOutcome[];
}

/** The JSON Schema of a --known file (draft-07), as schemas/known.schema.json holds it. */
export function knownJsonSchema(): string {
  return `${JSON.stringify({ title: 'energy-conform known failures', ...z.toJSONSchema(knownFileSchema, { target: 'draft-07' }) }, null, 2)}\n`;
}

/** The file's entries (JSON, or YAML where the name ends .yaml or .yml); what is wrong with it, entry by entry, thrown. */
export function parseKnown(text: string, name: string): KnownEntry[] {
  let doc: unknown;
  try {
    doc = /\.ya?ml$/i.test(name) ? parseYaml(text) : JSON.parse(text);
  } catch (err) {
    throw new Error(`${name} is not ${/\.ya?ml$/i.test(name) ? 'YAML' : 'JSON'}: ${(err as Error).message.split('\n')[0]}`);
  }
  const parsed = knownFileSchema.safeParse(doc);
  if (!parsed.success) {
    throw new Error(
      `${name} is not a known-failures file (schemas/known.schema.json): ${parsed.error.issues
        .map((i) => `${i.path.join('.') || 'the file'}: ${i.message}`)
        .join('; ')}`,
    );
  }
  const unknown = parsed.data.known.map((e, i) => [i, e.clause] as const).filter(([, id]) => !hasClause(id));
  if (unknown.length) throw new Error(`${name}: ${unknown.map(([i, id]) => `known.${i}.clause: no clause ${id} in the catalogues`).join('; ')}`);
  return parsed.data.known;
}

/** Firmware versions in release order: major, then minor, then patch (none: 00). */
export function compareFirmware(a: string, b: string): number {
  const parts = (v: string) => {
    const [major = '0', rest = ''] = v.split('.');
    return [Number(major), Number(rest.slice(0, 2) || 0), Number(rest.slice(2, 4) || 0)];
  };
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

type Device = Pick<RunResults['target'], 'serial' | 'product_type' | 'firmware_version'>;

export function matchesDevice(e: KnownEntry, d: Device): boolean {
  const want = e.device ?? {};
  if (want.serial !== undefined && want.serial !== d.serial) return false;
  if (want.product_type !== undefined && want.product_type !== d.product_type) return false;
  if (want.firmware === undefined) return true;
  const fw = d.firmware_version;
  if (fw === null || !FIRMWARE.test(fw)) return false;
  if (typeof want.firmware === 'string') return compareFirmware(fw, want.firmware) === 0;
  const { min, max } = want.firmware;
  return (min === undefined || compareFirmware(fw, min) >= 0) && (max === undefined || compareFirmware(fw, max) <= 0);
}

/**
 * The checks with each problem an entry matches marked (`known`), and what became of every entry that matches the
 * device. `day`: the run's day (UTC, YYYY-MM-DD); an entry holds through its `expires`.
 */
export function applyKnown(
  checks: readonly CheckResult[],
  entries: readonly KnownEntry[],
  device: Device,
  day: string,
): { checks: CheckResult[]; outcomes: KnownOutcome[] } {
  const mine = entries.filter((e) => matchesDevice(e, device));
  const outcomes: KnownOutcome[] = [];
  const marked = checks.map((c) => {
    const e = mine.find((x) => x.clause === c.clause);
    if (!e) return c;
    const failed = PROBLEMS.includes(c.status);
    const state: KnownState = failed ? (day > e.expires ? 'expired' : 'known') : c.status === 'pass' ? 'fixed' : 'not-judged';
    outcomes.push({ ...e, state, status: c.status });
    return failed ? { ...c, known: { reason: e.reason, link: e.link ?? null, owner: e.owner ?? null, expires: e.expires, expired: state === 'expired' } } : c;
  });
  // An entry whose clause was not in this run at all (another profile's, say).
  for (const e of mine) if (!outcomes.some((o) => o.clause === e.clause)) outcomes.push({ ...e, state: 'not-judged', status: 'not run' });
  return { checks: marked, outcomes };
}
