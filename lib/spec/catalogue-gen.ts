// The catalogues have one hand-written source each, the Markdown under spec/; their data in TypeScript is made from
// it (`npm run catalogue`), as schemas/ is made from the zod types, so that a clause ID stays a type tsc checks.
// catalogue-gen.spec.ts makes each again and holds the checked-in file to it. Pure: the Markdown in, the module out.

export interface CatalogueSource {
  /** The Markdown a person edits. */
  md: string;
  /** The module made from it (not formatted by Biome: biome.jsonc leaves *.data.ts alone). */
  ts: string;
  /** The name of the array it exports, and the row type it satisfies (from `rowFrom`). */
  name: string;
  rowType: string;
  rowFrom: string;
  /** The column after Level: a gate (device catalogues) or the phases a client clause judges. */
  third: 'gate' | 'phases';
  /** The area of a clause, by the prefix of its ID. */
  areas: Readonly<Record<string, string>>;
}

export const CATALOGUE_SOURCES: readonly CatalogueSource[] = [
  {
    md: 'spec/clauses.md',
    ts: 'lib/spec/clauses.data.ts',
    name: 'CATALOGUE',
    rowType: 'Row',
    rowFrom: './clause-types.js',
    third: 'gate',
    areas: {
      INFO: 'info',
      VER: 'versioning',
      AUTH: 'auth',
      PAIR: 'users',
      NAME: 'users',
      LIST: 'users',
      DEL: 'users',
      SOCK: 'socket',
      CLOUD: 'cloud',
      TLS: 'tls',
      MEAS: 'measurement',
      ERR: 'errors',
      KIND: 'kind',
    },
  },
  {
    md: 'spec/vendor-clauses.md',
    ts: 'lib/spec/vendor-clauses.data.ts',
    name: 'VENDOR_CATALOGUE',
    rowType: 'Row',
    rowFrom: './clause-types.js',
    third: 'gate',
    areas: {
      'V-SYS': 'vendor-system',
      'V-TEL': 'vendor-telegram',
      'V-BAT': 'vendor-batteries',
      'V-WS': 'vendor-websocket',
      'V-MEAS': 'vendor-measurement',
      'V-READ': 'vendor-readings',
    },
  },
  {
    md: 'spec/client-clauses.md',
    ts: 'lib/spec/client-clauses.data.ts',
    name: 'CLIENT_CATALOGUE',
    rowType: 'ClientRow',
    rowFrom: './client-clause-types.js',
    third: 'phases',
    areas: {
      'CL-AUTH': 'auth',
      'CL-PAIR': 'pair',
      'CL-TLS': 'tls',
      'CL-VER': 'versioning',
      'CL-LOAD': 'load',
      'CL-LIFE': 'life',
      'CL-BODY': 'body',
      'CL-SOCK': 'socket',
      'CL-CLOUD': 'cloud',
      'CL-WS': 'websocket',
      'CL-SYS': 'system',
      'CL-BAT': 'batteries',
    },
  },
];

const ROW = /^\| ((?:[A-Z]+-)*[A-Z]+-\d\d) \| (MUST|SHOULD|OBSERVE|MANUAL) \| ([^|]*) \| (.*) \| ([^|]*) \|$/;

/** The catalogue's rows, in its order: every table line whose first cell is a clause ID. */
export function rowsOf(md: string, source: CatalogueSource): Record<string, string>[] {
  return md.split('\n').flatMap((line) => {
    const m = ROW.exec(line);
    if (!m) return [];
    const id = m[1]!;
    const area = source.areas[id.replace(/-\d\d$/, '')];
    if (!area) throw new Error(`${source.md}: ${id} has a prefix of no area of this catalogue (${Object.keys(source.areas).join(', ')})`);
    return [{ id, level: m[2]!, area, [source.third]: m[3]!.trim(), statement: m[4]!.trim(), where: m[5]!.trim() }];
  });
}

/** The module: each row one line of JSON, `as const`, so that its IDs are a union type. */
export function catalogueModule(md: string, source: CatalogueSource): string {
  const rows = rowsOf(md, source);
  const ids = new Set(rows.map((r) => r.id));
  if (ids.size !== rows.length) throw new Error(`${source.md}: a clause ID is written twice`);
  return (
    `// Made from ${source.md} by \`npm run catalogue\` (lib/spec/catalogue-gen.ts): edit the Markdown, not this file.\n` +
    `import type { ${source.rowType} } from '${source.rowFrom}';\n\nexport const ${source.name} = [\n` +
    `${rows.map((r) => `  ${JSON.stringify(r)},`).join('\n')}\n] as const satisfies readonly ${source.rowType}[];\n`
  );
}
