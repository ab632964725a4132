/**
 * Bulk loading (`estate seed`): millions of rows in one transaction, in time linear in the rows.
 *
 * - SQLite: one prepared multi-row INSERT reused for every chunk. A load that at least doubles a
 *   table first drops the table's secondary indexes and its row-count and text-index triggers, and
 *   recreates them when the load ends: building an index from sorted rows is several times faster
 *   than growing it one random insert at a time (1M servers: 14 s instead of 37 s), and the counts
 *   and the text index are filled by one statement each instead of once per row.
 *   Everything happens in the caller's transaction, so other connections never see a table
 *   without its indexes, and a failure rolls it all back.
 * - PostgreSQL: `json_populate_recordset`, one statement and one parameter per 5,000 rows, into
 *   the indexed table (dropping an index there would lock the table for every instance).
 */
import { availableParallelism } from 'node:os';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Dialect } from './database.js';
import { dynamic } from './dynamic.js';
import type { Tables } from './schema.js';
import { SQLITE_NEXT } from './migrations/0023-search-versions.js';
import { LINK_NAME_COPIES } from './migrations/0027-link-order.js';
import { talliesOn, tallyOf } from './tallies.js';

type Row = Record<string, unknown>;

/** Below this many rows, a table keeps its indexes while it is loaded. */
export const SUSPEND_FROM_ROWS = 20_000;
/** SQLite's bound-parameter limit is 32,766; PostgreSQL takes one JSON document per chunk. */
const SQLITE_PARAMETERS = 30_000;
const POSTGRES_CHUNK_ROWS = 5_000;
/**
 * FTS5's pending-terms hash (bytes) while a load's text is indexed. FTS5 writes a segment each
 * time the hash fills (1 MB by default) and merges segments as they pile up; 1M servers' trigrams
 * wrote hundreds. The setting is stored with the index, so it is put back after the load.
 */
const LOAD_FTS_HASH_BYTES = 128 * 1024 * 1024;
const DEFAULT_FTS_HASH_BYTES = 1024 * 1024;

/** A table loaded without its indexes and insert triggers, to restore and catch up at the end. */
interface Suspended {
  /** The table's largest rowid before the load: the loaded rows are the ones above it. */
  before: number;
  /** Rows loaded since. */
  rows: number;
  /** CREATE statements of the dropped indexes, run again first. */
  indexes: string[];
  /** CREATE statements of the dropped insert triggers, run again once their work is caught up. */
  triggers: { name: string; sql: string }[];
}

export interface LoadOptions {
  /** Hears of the rows as they are written. */
  progress?(written: number): void;
  /**
   * The rows this load will write to the table in all, when they come in several calls (a
   * streamed load): whether the table is loaded without its indexes is decided on the first call.
   */
  expected?: number;
}

export interface BulkLoader {
  insert(table: string, rows: readonly Row[], options?: LoadOptions): Promise<void>;
  /**
   * Recreates what the load suspended; the last step before the transaction commits. `progress`
   * hears of a table's loaded rows when they are indexed.
   */
  finish(progress?: (indexed: number) => void): Promise<void>;
}

export function bulkLoader(trx: Kysely<Tables>, dialect: Dialect): BulkLoader {
  const suspended = new Map<string, Suspended>();
  /** SQLite: the tables whose first load decided whether they are loaded without their indexes. */
  const decided = new Set<string>();
  /** PostgreSQL: the tables loaded, whose GIN indexes' pending entries are merged at the end. */
  const loaded = new Set<string>();
  return {
    async insert(table, rows, { progress, expected = rows.length } = {}) {
      if (rows.length === 0) return;
      if (dialect === 'postgres') {
        if (loaded.size === 0) await deferGinMerges(trx);
        loaded.add(table);
        return insertPostgres(trx, table, rows, progress);
      }
      if (!decided.has(table)) {
        decided.add(table);
        const before = expected >= SUSPEND_FROM_ROWS ? await largestRowid(trx, table) : Infinity;
        if (expected >= before) suspended.set(table, await suspend(trx, table, before));
      }
      const restored = suspended.get(table);
      if (restored) restored.rows += rows.length;
      await insertSqlite(trx, table, rows.length >= SUSPEND_FROM_ROWS ? inKeyOrder(rows, await primaryKeyOf(trx, table)) : rows, progress);
    },
    async finish(progress) {
      if (dialect === 'postgres') return mergeGinPending(trx, [...loaded]);
      if (suspended.size === 0) return;
      // The sorts of CREATE INDEX may use helper threads (SQLite's default is none).
      await sql`PRAGMA threads = ${sql.lit(Math.min(4, availableParallelism()))}`.execute(trx);
      for (const [table, { before, rows, indexes, triggers }] of suspended) {
        // A copy is caught up first: it writes the rows the indexes are then built from.
        const copies = triggers.filter((trigger) => trigger.name.endsWith('_copy_insert'));
        for (const trigger of copies) await catchUp(trx, table, trigger.name, before);
        for (const statement of indexes) await trx.executeQuery(CompiledQuery.raw(statement));
        for (const trigger of triggers) {
          if (!copies.includes(trigger)) await catchUp(trx, table, trigger.name, before);
          await trx.executeQuery(CompiledQuery.raw(trigger.sql));
        }
        progress?.(rows);
      }
      suspended.clear();
      decided.clear();
    },
  };
}

/** The table's largest rowid: its row count when nothing was deleted, found in O(log n). */
async function largestRowid(trx: Kysely<Tables>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | null }>`SELECT max(rowid) AS n FROM ${sql.table(table)}`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The insert triggers the load knows how to replay for a whole load at once, by name: the row
 * count (migration 0006), the text index (migration 0017), the per-value, per-day and per-link
 * counts (migrations 0018, 0021 and 0025, one trigger), the search version (migration 0023) and
 * a link's copy of its server's name (migration 0027). Any other trigger stays and fires per row.
 */
const REPLAYED_TRIGGERS = ['count_insert', 'text_insert', 'tally_insert', 'search_version_insert', 'copy_insert'];

/**
 * Drops the table's declared indexes (not its primary key or unique constraints, which SQLite
 * keeps as automatic indexes) and the insert triggers it can replay.
 */
async function suspend(trx: Kysely<Tables>, table: string, before: number): Promise<Suspended> {
  const { rows } = await sql<{ type: string; name: string; sql: string }>`
    SELECT type, name, sql FROM sqlite_master
    WHERE tbl_name = ${table} AND sql IS NOT NULL
      AND (type = 'index' OR (type = 'trigger' AND name IN (${sql.join(REPLAYED_TRIGGERS.map((suffix) => `${table}_${suffix}`))})))`.execute(trx);
  for (const { type, name } of rows) await sql`DROP ${sql.raw(type === 'index' ? 'INDEX' : 'TRIGGER')} ${sql.id(name)}`.execute(trx);
  return {
    before,
    rows: 0,
    indexes: rows.filter((row) => row.type === 'index').map((row) => row.sql),
    triggers: rows.filter((row) => row.type === 'trigger').map(({ name, sql }) => ({ name, sql })),
  };
}

/** Does for the loaded rows (rowid above `before`) what a replayed trigger would have done for each. */
async function catchUp(trx: Kysely<Tables>, table: string, trigger: string, before: number): Promise<void> {
  const loaded = sql`FROM ${sql.table(table)} WHERE rowid > ${before}`;
  if (trigger.endsWith('_count_insert')) {
    await sql`INSERT INTO row_counts (workspace_id, table_name, total) SELECT workspace_id, ${table}, count(*) ${loaded} GROUP BY workspace_id
      ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = row_counts.total + excluded.total`.execute(trx);
    return;
  }
  if (trigger.endsWith('_search_version_insert')) {
    await sql`INSERT INTO search_versions (workspace_id, table_name, version) SELECT workspace_id, ${table}, ${sql.raw(SQLITE_NEXT)} FROM (SELECT DISTINCT workspace_id ${loaded}) written WHERE true
      ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = ${sql.raw(SQLITE_NEXT)}`.execute(trx);
    return;
  }
  if (trigger.endsWith('_copy_insert')) {
    // A copy the load brought is taken as it is (the seed writes its servers' names): checking
    // each would cost a lookup of its server per row (1M links: 6 s), and writing the copies
    // afterwards rewrites every row (33 s). Rows without one get it from their server.
    const { key, from, source, copy } = LINK_NAME_COPIES[table]!;
    await sql`UPDATE ${sql.table(table)} SET ${sql.ref(copy)} = copied.${sql.ref(source)} FROM ${sql.table(from)} AS copied
      WHERE copied.workspace_id = ${sql.ref(`${table}.workspace_id`)} AND copied.id = ${sql.ref(`${table}.${key}`)}
        AND ${sql.ref(`${table}.rowid`)} > ${before} AND ${sql.ref(`${table}.${copy}`)} = ''`.execute(trx);
    return;
  }
  if (trigger.endsWith('_tally_insert')) {
    for (const [filter, expression] of Object.entries(talliesOn('sqlite', table))) {
      await sql`INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total)
        SELECT workspace_id, ${table}, ${filter}, value, count(*) FROM (SELECT workspace_id, ${sql.raw(tallyOf(expression, table))} AS value ${loaded}) counted
        WHERE value IS NOT NULL GROUP BY workspace_id, value
        ON CONFLICT (workspace_id, table_name, filter_name, value) DO UPDATE SET total = value_counts.total + excluded.total`.execute(trx);
    }
    return;
  }
  const text = `${table}_text`;
  const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${text}) ORDER BY cid`.execute(trx);
  const columns = rows.map((row) => sql.ref(row.name));
  const folded = rows.map((row) => sql`estate_fold(${sql.ref(row.name)})`);
  const hash = (bytes: number) => sql`INSERT INTO ${sql.table(text)} (${sql.table(text)}, rank) VALUES ('hashsize', ${sql.lit(bytes)})`.execute(trx);
  await hash(LOAD_FTS_HASH_BYTES);
  await sql`INSERT INTO ${sql.table(text)} (rowid, ${sql.join(columns)}) SELECT rowid, ${sql.join(folded)} ${loaded}`.execute(trx);
  await hash(DEFAULT_FTS_HASH_BYTES);
}

async function primaryKeyOf(trx: Kysely<Tables>, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string; pk: number }>`SELECT name, pk FROM pragma_table_info(${table}) WHERE pk > 0 ORDER BY pk`.execute(trx);
  return rows.map((row) => row.name);
}

/**
 * The rows in primary-key order, so the key's index grows at its end instead of at random pages
 * (1M links of random applications to servers: 13.6 s unsorted). Rows already in order (UUID v7
 * ids made in sequence) are returned as they are.
 */
function inKeyOrder(rows: readonly Row[], key: readonly string[]): readonly Row[] {
  const compare = (a: Row, b: Row): number => {
    for (const column of key) {
      const [x, y] = [String(a[column]), String(b[column])];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };
  for (let i = 1; i < rows.length; i += 1) if (compare(rows[i - 1]!, rows[i]!) > 0) return [...rows].sort(compare);
  return rows;
}

async function insertSqlite(trx: Kysely<Tables>, table: string, rows: readonly Row[], progress?: (written: number) => void): Promise<void> {
  const columns = Object.keys(rows[0]!);
  const chunk = Math.max(1, Math.floor(SQLITE_PARAMETERS / columns.length));
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  const into = `INSERT INTO "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES `;
  for (let start = 0; start < rows.length; start += chunk) {
    const slice = rows.slice(start, start + chunk);
    const parameters: unknown[] = [];
    for (const row of slice) for (const column of columns) parameters.push(row[column] ?? null);
    // The same text for every full chunk: the connection's statement cache prepares it once.
    await trx.executeQuery(CompiledQuery.raw(into + Array(slice.length).fill(tuple).join(', '), parameters));
    progress?.(slice.length);
  }
}

/**
 * PostgreSQL's GIN indexes (the text index of migration 0017) take new entries into a pending list
 * and merge it into the index when it passes gin_pending_list_limit (4 MB): a load would merge
 * hundreds of times. For the load's transaction the list may grow to 1 GB, merged once per index
 * at the end with the memory of a maintenance task.
 */
async function deferGinMerges(trx: Kysely<Tables>): Promise<void> {
  await sql`SET LOCAL gin_pending_list_limit = '1GB'`.execute(trx);
  await sql`SET LOCAL maintenance_work_mem = '512MB'`.execute(trx);
}

async function mergeGinPending(trx: Kysely<Tables>, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await sql`SELECT gin_clean_pending_list(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
    WHERE a.amname = 'gin' AND i.indrelid = ANY (${sql.raw(`ARRAY[${tables.map((table) => `'${table}'::regclass`).join(', ')}]`)})`.execute(trx);
}

async function insertPostgres(trx: Kysely<Tables>, table: string, rows: readonly Row[], progress?: (written: number) => void): Promise<void> {
  const columns = sql.join(Object.keys(rows[0]!).map((column) => sql.ref(column)));
  for (let start = 0; start < rows.length; start += POSTGRES_CHUNK_ROWS) {
    const slice = rows.slice(start, start + POSTGRES_CHUNK_ROWS);
    await sql`INSERT INTO ${sql.table(table)} (${columns}) SELECT ${columns} FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(slice)})`.execute(dynamic(trx));
    progress?.(slice.length);
  }
}
