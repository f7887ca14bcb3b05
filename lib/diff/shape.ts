// The shape of an answer's JSON, from one or more samples of it: per path (`measurement.power_w`, `permissions[]`)
// the JSON types seen, how its numbers are written (whole or decimal) and how big they are, how its strings
// are written (a version, a timestamp, hex), and the members of an array of words. What `diff` compares; the values
// themselves are not the shape, and never compared.

export type JsonType = 'null' | 'boolean' | 'integer' | 'decimal' | 'string' | 'array' | 'object';

export interface Leaf {
  types: Set<JsonType>;
  /** How strings were written (STRING_FORMATS), each seen. */
  formats: Set<string>;
  /** The numbers seen, for their order of magnitude. */
  numbers: number[];
  /** The strings seen, to tell whether one side's can be read as the other's were written. */
  strings: string[];
  /** The members of an array of words (`["charge_allowed", …]`): a set whose members are compared. */
  members: Set<string> | null;
}

/** How a string is written, first match: a changed format breaks a parser where a changed value does not. */
export const STRING_FORMATS: readonly [string, RegExp][] = [
  ['empty', /^$/],
  ['x.y.z version', /^\d+\.\d+\.\d+$/],
  ['x.yy version', /^\d+\.\d+$/],
  ['v-version', /^v\d+(\.\d+)*$/i],
  ['ISO timestamp', /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?$/],
  ['DSMR timestamp', /^\d{12}[SW]$/],
  ['number as text', /^-?\d+(\.\d+)?$/],
  ['uppercase hex', /^[0-9A-F]+$/],
  ['lowercase hex', /^[0-9a-f]+$/],
  ['word', /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/],
  ['text', /[\s\S]*/],
];

export const formatOf = (s: string): string => STRING_FORMATS.find(([, re]) => re.test(s))![0];

const typeOf = (v: unknown): JsonType =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'array'
      : typeof v === 'number'
        ? Number.isInteger(v)
          ? 'integer'
          : 'decimal'
        : typeof v === 'object'
          ? 'object'
          : (typeof v as JsonType);
const isWord = (v: unknown): v is string => typeof v === 'string' && formatOf(v) === 'word';

export type Shape = Map<string, Leaf>;

function leaf(shape: Shape, path: string): Leaf {
  let l = shape.get(path);
  if (!l) shape.set(path, (l = { types: new Set(), formats: new Set(), numbers: [], strings: [], members: null }));
  return l;
}

function walk(shape: Shape, path: string, v: unknown): void {
  const l = leaf(shape, path);
  const t = typeOf(v);
  l.types.add(t);
  if (typeof v === 'number') {
    l.numbers.push(v);
  } else if (typeof v === 'string') {
    l.formats.add(formatOf(v));
    l.strings.push(v);
  } else if (Array.isArray(v)) {
    if (v.length && v.every(isWord)) l.members = new Set([...(l.members ?? []), ...v]);
    for (const x of v) walk(shape, `${path}[]`, x);
  } else if (t === 'object') {
    for (const [k, x] of Object.entries(v as object)) walk(shape, path ? `${path}.${k}` : k, x);
  }
}

/** The shape of the samples of one answer, each a parsed JSON body. */
export function shapeOf(samples: readonly unknown[]): Shape {
  const shape: Shape = new Map();
  for (const s of samples) walk(shape, '', s);
  return shape;
}
