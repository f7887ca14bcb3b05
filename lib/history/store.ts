// The history database: SQLite through sql.js (SQLite compiled to WebAssembly: no native build that could
// fail on a fresh machine). The file is read whole, changed in memory and written back through a
// temporary file and a rename, so a run that is stopped half-way leaves the last good database.
import { createHash } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import initSqlJs, { type Database, type SqlValue } from 'sql.js';
import type { HistoryEntry } from './entry.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
  id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, command TEXT NOT NULL, started TEXT NOT NULL, duration_ms INTEGER NOT NULL,
  serial TEXT NOT NULL, kind TEXT NOT NULL, product_type TEXT, firmware TEXT NOT NULL, api_version TEXT,
  tool TEXT NOT NULL, catalogues TEXT NOT NULL, verdict TEXT NOT NULL, subject TEXT);
CREATE TABLE IF NOT EXISTS outcomes (
  run_id INTEGER NOT NULL REFERENCES runs(id), clause TEXT NOT NULL, level TEXT NOT NULL, status TEXT NOT NULL, duration_ms INTEGER NOT NULL,
  PRIMARY KEY (run_id, clause));
CREATE TABLE IF NOT EXISTS soaks (
  run_id INTEGER PRIMARY KEY REFERENCES runs(id), ran_s REAL NOT NULL, requests INTEGER NOT NULL, errors INTEGER NOT NULL,
  reboots INTEGER NOT NULL, connections INTEGER NOT NULL, worst_p99_ms REAL);
CREATE INDEX IF NOT EXISTS runs_by_device ON runs (serial, started);
CREATE TABLE IF NOT EXISTS documents (
  id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, type TEXT NOT NULL, kind TEXT NOT NULL, name TEXT NOT NULL, version TEXT NOT NULL,
  added TEXT NOT NULL, body TEXT NOT NULL);
`;

/**
 * A capture (a firmware as a device serves it) or a contract (what an integration relied on), kept whole: `history`
 * holds every firmware's latest capture to every integration's latest contract (can-i-deploy across firmware).
 */
export interface StoredDocument {
  type: 'capture' | 'contract';
  kind: string;
  /** A capture's serial; a contract's integration. */
  name: string;
  /** A capture's firmware; a contract's integration version. */
  version: string;
  /** When it was captured or certified, ISO 8601. */
  added: string;
  /** The document's JSON. */
  body: string;
}
export const SCHEMA_VERSION = '1';

let sql: Promise<initSqlJs.SqlJsStatic> | undefined;

export class HistoryStore {
  private constructor(
    private readonly db: Database,
    readonly file: string,
  ) {}

  /** The database in `file`, or a new one where there is no file yet. */
  static async open(file: string): Promise<HistoryStore> {
    const SQL = await (sql ??= initSqlJs());
    const bytes = await readFile(file).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
    let db: Database;
    try {
      db = bytes ? new SQL.Database(bytes) : new SQL.Database();
      db.exec(SCHEMA);
    } catch (err) {
      throw new Error(`${file} is not a history database (${(err as Error).message})`);
    }
    const version = db.exec("SELECT value FROM meta WHERE key = 'schema'")[0]?.values[0]?.[0];
    if (version !== undefined && version !== SCHEMA_VERSION)
      throw new Error(`${file} is a history database of schema ${String(version)}; this energy-conform reads ${SCHEMA_VERSION}`);
    db.run("INSERT OR IGNORE INTO meta (key, value) VALUES ('schema', ?)", [SCHEMA_VERSION]);
    return new HistoryStore(db, file);
  }

  /** Adds the run unless it is there already (the same results imported again): whether it was added. */
  add(e: HistoryEntry): boolean {
    if (this.db.exec('SELECT 1 FROM runs WHERE key = ?', [e.key]).length) return false;
    this.db.run('BEGIN');
    try {
      this.db.run(
        `INSERT INTO runs (key, command, started, duration_ms, serial, kind, product_type, firmware, api_version, tool, catalogues, verdict, subject)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [e.key, e.command, e.started, e.durationMs, e.serial, e.kind, e.productType, e.firmware, e.apiVersion, e.tool, e.catalogues, e.verdict, e.subject],
      );
      const id = this.db.exec('SELECT last_insert_rowid()')[0]!.values[0]![0] as number;
      const insert = this.db.prepare('INSERT OR REPLACE INTO outcomes (run_id, clause, level, status, duration_ms) VALUES (?, ?, ?, ?, ?)');
      for (const o of e.outcomes) insert.run([id, o.clause, o.level, o.status, Math.round(o.durationMs)]);
      insert.free();
      if (e.soak) {
        const s = e.soak;
        this.db.run('INSERT INTO soaks (run_id, ran_s, requests, errors, reboots, connections, worst_p99_ms) VALUES (?, ?, ?, ?, ?, ?, ?)', [
          id,
          s.ranS,
          s.requests,
          s.errors,
          s.reboots,
          s.connections,
          s.worstP99Ms,
        ]);
      }
      this.db.run('COMMIT');
    } catch (err) {
      this.db.run('ROLLBACK');
      throw err;
    }
    return true;
  }

  /** Adds the capture or contract unless the very same is there already: whether it was added. */
  addDocument(d: StoredDocument): boolean {
    const key = createHash('sha256').update(`${d.type}|${d.body}`).digest('hex').slice(0, 32);
    if (this.db.exec('SELECT 1 FROM documents WHERE key = ?', [key]).length) return false;
    this.db.run('INSERT INTO documents (key, type, kind, name, version, added, body) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      key,
      d.type,
      d.kind,
      d.name,
      d.version,
      d.added,
      d.body,
    ]);
    return true;
  }

  /** Every capture and contract, oldest first. */
  documents(): StoredDocument[] {
    const r = this.db.exec('SELECT type, kind, name, version, added, body FROM documents ORDER BY added, id')[0];
    return r
      ? r.values.map(([type, kind, name, version, added, body]) => ({
          type: type as StoredDocument['type'],
          kind: kind as string,
          name: name as string,
          version: version as string,
          added: added as string,
          body: body as string,
        }))
      : [];
  }

  /** Every run, oldest first, with its outcomes and soak figures. */
  entries(): HistoryEntry[] {
    const rows = <T>(q: string): T[] => {
      const r = this.db.exec(q)[0];
      return r ? r.values.map((v) => Object.fromEntries(r.columns.map((c, i) => [c, v[i]])) as T) : [];
    };
    type Run = Record<string, SqlValue>;
    const outcomes = new Map<number, HistoryEntry['outcomes']>();
    for (const o of rows<Run>('SELECT run_id, clause, level, status, duration_ms FROM outcomes ORDER BY run_id, clause')) {
      const list = outcomes.get(o.run_id as number) ?? [];
      list.push({ clause: o.clause as string, level: o.level as string, status: o.status as string, durationMs: o.duration_ms as number });
      outcomes.set(o.run_id as number, list);
    }
    const soaks = new Map(
      rows<Run>('SELECT * FROM soaks').map((s) => [
        s.run_id as number,
        {
          ranS: s.ran_s as number,
          requests: s.requests as number,
          errors: s.errors as number,
          reboots: s.reboots as number,
          connections: s.connections as number,
          worstP99Ms: s.worst_p99_ms as number | null,
        },
      ]),
    );
    return rows<Run>('SELECT * FROM runs ORDER BY started, id').map((r) => ({
      key: r.key as string,
      command: r.command as HistoryEntry['command'],
      started: r.started as string,
      durationMs: r.duration_ms as number,
      serial: r.serial as string,
      kind: r.kind as string,
      productType: r.product_type as string | null,
      firmware: r.firmware as string,
      apiVersion: r.api_version as string | null,
      tool: r.tool as string,
      catalogues: r.catalogues as string,
      verdict: r.verdict as HistoryEntry['verdict'],
      subject: r.subject as string | null,
      outcomes: outcomes.get(r.id as number) ?? [],
      soak: soaks.get(r.id as number) ?? null,
    }));
  }

  async save(): Promise<void> {
    const temporary = `${this.file}.${process.pid}.tmp`;
    await writeFile(temporary, this.db.export());
    await rename(temporary, this.file);
  }

  close(): void {
    this.db.close();
  }
}
