/**
 * `storyletengine/sqlite`: saved flows in SQLite. See docs/scaling.md.
 *
 * **API boundary:** everything users may import from this entry is exported here.
 *
 * @example
 * ```ts
 * import { createSqliteFlowStore } from 'storyletengine/sqlite';
 * const engine = createEngine(bundle, { seed: 'demo', flows: createSqliteFlowStore({ file: 'saves.db' }) });
 * ```
 *
 * @packageDocumentation
 * @module storyletengine/sqlite
 */
export { createSqliteFlowStore, SQLITE_SCHEMA_VERSION } from './flows.js';
export type { SqliteDatabase, SqliteFlowStore, SqliteFlowStoreOptions, SqliteStatement } from './flows.js';
