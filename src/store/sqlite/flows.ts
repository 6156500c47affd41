/**
 * Saved flows in SQLite (better-sqlite3 12), so a game resumes each player's playthrough after a
 * restart (docs/scaling.md, "Saving flows").
 *
 * One row per flow and namespace; the snapshot is kept as the engine wrote it (JSON text, which
 * carries its own format and version), with the format, version and bundle hash copied into
 * columns so a game can find the saves an upgrade must migrate. The store never interprets a
 * snapshot: the engine validates what it reads back and refuses a corrupt or foreign one.
 *
 * **Architecture invariant:** only `src/store/sqlite/` knows SQLite; it is an extra entry
 * (`storyletengine/sqlite`) and the browser runtime never reaches it. better-sqlite3 is an
 * optional peer, loaded only when the store opens a file itself; the declarations name none of
 * its types, so a game that passes its own database (or none) compiles without them.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { StoryletError } from '../../core/errors.js';
import { loadPeer } from '../../core/peers.js';
import type { FlowStore } from '../../runtime/flow-store.js';

/**
 * The version of the tables this store writes. A database written by a newer version is refused
 * (`flows/schema`) rather than misread.
 *
 * @example
 * ```ts
 * SQLITE_SCHEMA_VERSION; // 1
 * ```
 */
export const SQLITE_SCHEMA_VERSION = 1;

/** Options of {@link createSqliteFlowStore}: a file to open, or the game's own database. */
export interface SqliteFlowStoreOptions {
  /** A database file, created if missing (opened in WAL mode, so several processes can share it). */
  file?: string;
  /** An open better-sqlite3 database; the store leaves its settings alone and does not close it. */
  db?: SqliteDatabase;
  /** Separates games or worlds sharing one database. Default `default`. */
  namespace?: string;
  /** The table's name. Default `storylet_flows`. */
  table?: string;
}

/**
 * What the store uses of a better-sqlite3 `Database` (12.x): a `new Database(file)` is one. Kept
 * to these few members so that the declarations need no better-sqlite3 types.
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * const db: SqliteDatabase = new Database('saves.db');
 * ```
 */
export interface SqliteDatabase {
  readonly open: boolean;
  exec(source: string): unknown;
  pragma(source: string): unknown;
  prepare(source: string): SqliteStatement;
  close(): unknown;
}

/** What the store uses of a better-sqlite3 `Statement`. */
export interface SqliteStatement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

/**
 * A {@link FlowStore} in SQLite.
 *
 * @example
 * ```ts
 * const flows = createSqliteFlowStore({ file: 'saves.db' });
 * flows.close();
 * ```
 */
export interface SqliteFlowStore extends FlowStore {
  /** Closes the database if the store opened it. */
  close(): void;
}

/**
 * Opens (or creates) the flow table. Throws `flows/bad-options`, `flows/schema` (the database was
 * written by a newer storyletengine), `flows/unavailable` (SQLite could not open it) or
 * `install/missing-peer` (given `file` without better-sqlite3 installed: `npm install better-sqlite3`).
 *
 * @example
 * ```ts
 * import { createEngine } from 'storyletengine';
 * import { createSqliteFlowStore } from 'storyletengine/sqlite';
 *
 * const engine = createEngine(bundle, { seed: 'demo', flows: createSqliteFlowStore({ file: 'saves.db' }) });
 * await engine.saveFlow('alice');
 * // after a restart, a new engine:
 * const { flow } = await engine.loadFlow('alice');
 * ```
 */
export function createSqliteFlowStore(options: SqliteFlowStoreOptions): SqliteFlowStore {
  const bad = (problem: string): never => {
    throw new StoryletError('flows/bad-options', `createSqliteFlowStore: ${problem}`, { problem });
  };
  if (typeof options !== 'object' || options === null) bad('pass { file } or { db }');
  if ((options.file === undefined) === (options.db === undefined)) bad('pass exactly one of file and db');
  if (options.file !== undefined && (typeof options.file !== 'string' || options.file === '')) bad('file must be a path');
  const table = options.table ?? 'storylet_flows';
  if (typeof table !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(table)) bad(`table must be a plain SQL name; got ${JSON.stringify(table)}`);
  const namespace = options.namespace ?? 'default';
  if (typeof namespace !== 'string' || namespace === '') bad('namespace must be a non-empty string');

  const owned = options.db === undefined;
  const db = guard(() => {
    const d = options.db ?? openFile(options.file!);
    if (owned) {
      d.pragma('journal_mode = WAL');
      d.pragma('busy_timeout = 5000');
    }
    return d;
  });
  const meta = `${table}_meta`;
  guard(() =>
    db.exec(`
      CREATE TABLE IF NOT EXISTS ${meta} (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      INSERT OR IGNORE INTO ${meta} (key, value) VALUES ('schema', '${SQLITE_SCHEMA_VERSION}');
      CREATE TABLE IF NOT EXISTS ${table} (
        namespace TEXT NOT NULL,
        flow TEXT NOT NULL,
        format TEXT,
        version INTEGER,
        bundle TEXT,
        snapshot TEXT NOT NULL,
        PRIMARY KEY (namespace, flow)
      ) WITHOUT ROWID;
    `),
  );
  const schema = Number((guard(() => db.prepare(`SELECT value FROM ${meta} WHERE key = 'schema'`).get()) as { value: string }).value);
  if (schema !== SQLITE_SCHEMA_VERSION) {
    if (owned) db.close();
    throw new StoryletError(
      'flows/schema',
      `table ${table} was written by a storyletengine with schema ${schema}; this one reads schema ${SQLITE_SCHEMA_VERSION}: upgrade storyletengine`,
      { schema, supported: SQLITE_SCHEMA_VERSION },
    );
  }

  const put = db.prepare(`INSERT INTO ${table} (namespace, flow, format, version, bundle, snapshot) VALUES (?, ?, ?, ?, ?, ?)
    ON CONFLICT (namespace, flow) DO UPDATE SET format = excluded.format, version = excluded.version, bundle = excluded.bundle, snapshot = excluded.snapshot`);
  const get = db.prepare(`SELECT snapshot FROM ${table} WHERE namespace = ? AND flow = ?`);
  const all = db.prepare(`SELECT flow FROM ${table} WHERE namespace = ?`);
  const del = db.prepare(`DELETE FROM ${table} WHERE namespace = ? AND flow = ?`);

  return {
    async save(flow, snapshot) {
      const head = header(snapshot);
      guard(() => put.run(namespace, flow, head.format, head.version, head.bundle, snapshot));
    },
    async load(flow) {
      const row = guard(() => get.get(namespace, flow)) as { snapshot: unknown } | undefined;
      if (row === undefined) return undefined;
      // Whatever is in the column goes to the engine, which refuses what is not a snapshot.
      return typeof row.snapshot === 'string' ? row.snapshot : String(row.snapshot);
    },
    async list() {
      const rows = guard(() => all.all(namespace)) as { flow: string }[];
      return rows.map((r) => r.flow).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    },
    async remove(flow) {
      return guard(() => del.run(namespace, flow)).changes > 0;
    },
    close() {
      if (owned && db.open) db.close();
    },
  };
}

/** Opens a database file with better-sqlite3, loaded now: only a store that opens a file needs it. */
function openFile(file: string): SqliteDatabase {
  const Database = loadPeer('better-sqlite3', 'storyletengine/sqlite', () => createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3);
  return new Database(file);
}

/** The snapshot's format, version and bundle for the columns; null where it has none. */
function header(text: string): { format: string | null; version: number | null; bundle: string | null } {
  try {
    const s = JSON.parse(text) as Record<string, unknown>;
    return {
      format: typeof s.format === 'string' ? s.format : null,
      version: typeof s.version === 'number' ? s.version : null,
      bundle: typeof s.bundle === 'string' ? s.bundle : null,
    };
  } catch {
    return { format: null, version: null, bundle: null };
  }
}

function guard<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof StoryletError) throw err;
    const cause = err instanceof Error ? err.message : String(err);
    throw new StoryletError('flows/unavailable', `SQLite failed: ${cause}`, { cause });
  }
}
