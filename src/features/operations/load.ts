/**
 * Fills an empty database with a whole instance's rows (a backup's or another database's), in one
 * transaction: a failure anywhere, a damaged file included, leaves the database as it was. The
 * transaction has the target's tables to itself from its start (`beginAlone`), so the emptiness
 * check and the load are one step for every other writer.
 *
 * Derived storage is not carried but made again from the rows, as the service's writes make it:
 * the rows go through the bulk loader (db/bulk.ts), under which the triggers of the storage facts
 * (storage.ts) count the rows per workspace and per value, index their text and copy link names,
 * or, for a table of many rows, are suspended and replayed once for all of them. PostgreSQL computes
 * its generated `search_text` itself. The counts are checked against the rows before the commit,
 * and the planners' statistics refreshed after it.
 */
import { sql, type Kysely } from 'kysely';
import { bulkLoader } from '../../base/db/bulk.js';
import { refreshStatistics, type Database, type Dialect } from '../../base/db/database.js';
import { currentMigrationNames, migrateTo, migrationNames } from '../../base/db/migrate.js';
import type { Tables } from '../../base/db/schema.js';
import { COUNTED_TABLES } from '../../base/db/storage.js';
import { appliedMigrations } from './snapshot.js';
import { describeTables, kyselyQuery, quoted } from './tables.js';

export interface LoadTable {
  name: string;
  columns: string[];
  rows: number;
}

export interface LoadSource {
  migrations: string[];
  tables: LoadTable[];
  /** A table's rows in batches (values in the order of its columns), asked for in the order of `tables`. */
  rows(table: LoadTable): AsyncIterable<unknown[][]>;
  /** Runs after the last table, before the commit: a backup's trailer is checked here. */
  finish?(): Promise<void>;
  /**
   * Whether the rows' schema has this version's storage facts: only then may the loader suspend a
   * table's triggers and replay them as the current facts say (db/bulk.ts). Rows of an older
   * storage go through the triggers their schema has, row by row; later migrations move them on.
   */
  currentStorage: boolean;
}

/** The target holds rows, or another connection writes to it: restore and copy fill only an empty database. */
export class NotEmptyError extends Error {}

/** How long the load waits for a writer in the target to finish, as SQLite's busy_timeout (db/database.ts). */
const LOCK_WAIT_MS = 5_000;
/** Lock timeout and deadlock (PostgreSQL), a write lock not granted in time (SQLite). */
const LOCK_CONFLICTS = new Set(['55P03', '40P01', 'SQLITE_BUSY']);

/**
 * Brings the target to the schema of the rows: a database with no migration, or with the first
 * ones of the rows' list, is migrated up to the rows' last migration (the later ones run after
 * the load, as on any upgrade). A database at another schema, or rows from a version that knows
 * migrations this one does not, are refused.
 */
export async function prepareSchema(database: Database, recorded: readonly string[]): Promise<void> {
  // Rows recorded at a squashed chain's end are at the baseline; at a part of it, refused here.
  const wanted = currentMigrationNames(recorded);
  const query = kyselyQuery(database.db as unknown as Kysely<unknown>);
  const applied = await appliedMigrations(database.dialect, query);
  const prefix = applied.every((name, i) => wanted[i] === name);
  if (prefix && applied.length < wanted.length) {
    try {
      await migrateTo(database, wanted.at(-1)!);
    } catch (error) {
      if (error instanceof Error && /^unknown migration/.test(error.message))
        throw new Error(
          `the rows come from a newer Estate: its schema ends at migration ${wanted.at(-1)}, ` +
            'which this version does not know; upgrade Estate first',
        );
      throw error;
    }
  }
  const now = await appliedMigrations(database.dialect, query);
  if (now.length !== wanted.length || now.some((name, i) => wanted[i] !== name))
    throw new Error(
      `the target database is at schema ${now.at(-1) ?? '(none)'} and the rows at ${wanted.at(-1)}: ` +
        'fill a new, empty database (its schema is made to match), or bring both to the same version',
    );
}

/** The migrations this version brings a database to, by name. */
export async function latestMigrations(): Promise<string[]> {
  return migrationNames();
}

/** Whether rows at the schema of `migrations` have this version's storage facts (LoadSource.currentStorage). */
export async function isLatestSchema(recorded: readonly string[]): Promise<boolean> {
  const latest = await latestMigrations();
  const migrations = currentMigrationNames(recorded);
  return latest.length === migrations.length && latest.every((name, i) => migrations[i] === name);
}

/** Loads every table of `source` into the (empty, prepared) target; returns the rows per table. */
export async function loadDatabase(
  database: Database,
  source: LoadSource,
  progress?: (done: number, planned: number) => void,
): Promise<Record<string, number>> {
  await checkShapes(database, source.tables);
  const planned = source.tables.reduce((sum, table) => sum + table.rows, 0);
  let done = 0;
  await database.db.connection().execute(async (trx) => {
    await beginAlone(trx, database.dialect, source.tables);
    try {
      await requireEmpty(trx, source.tables);
      // A tree's rows come parents first; SQLite checks the keys at the commit all the same.
      if (database.dialect === 'sqlite') await sql`PRAGMA defer_foreign_keys = ON`.execute(trx);
      const bulk = bulkLoader(trx, database);
      for (const table of source.tables) {
        for await (const batch of source.rows(table)) {
          const rows = batch.map((values) => Object.fromEntries(table.columns.map((column, i) => [column, values[i]])));
          await bulk.insert(table.name, rows, {
            expected: source.currentStorage ? table.rows : 0,
            progress: (written) => {
              done += written;
              progress?.(done, planned);
            },
          });
        }
      }
      await source.finish?.();
      await bulk.finish();
      await checkCounts(trx, source.tables);
      await sql`COMMIT`.execute(trx);
    } catch (error) {
      await sql`ROLLBACK`.execute(trx).catch(() => undefined);
      throw error;
    }
  });
  await refreshStatistics(
    database,
    source.tables.filter((table) => table.rows > 0).map((table) => table.name),
  );
  return Object.fromEntries(source.tables.map((table) => [table.name, table.rows]));
}

/** The target's tables and stored columns must be the rows' (the same migrations make them so). */
async function checkShapes(database: Database, tables: readonly LoadTable[]): Promise<void> {
  const shapes = await describeTables(database.dialect, kyselyQuery(database.db as unknown as Kysely<unknown>));
  const byName = new Map(shapes.map((shape) => [shape.name, shape]));
  for (const table of tables) {
    const shape = byName.get(table.name);
    if (!shape) throw new Error(`the target database has no table ${table.name}`);
    const missing = table.columns.filter((column) => !shape.columns.includes(column));
    const extra = shape.columns.filter((column) => !table.columns.includes(column));
    if (missing.length > 0 || extra.length > 0)
      throw new Error(`table ${table.name} has other columns in the target: ${[...missing, ...extra].join(', ')}`);
    byName.delete(table.name);
  }
  if (byName.size > 0) throw new Error(`the rows carry no table ${[...byName.keys()].join(', ')}`);
}

/**
 * Begins the load's transaction holding what other writers need: SQLite's one write lock (BEGIN
 * IMMEDIATE), on PostgreSQL every table the rows go to IN EXCLUSIVE MODE (reads go on, writes wait).
 * A writer already in the target finishes first, and its rows make the emptiness check refuse; one
 * that comes later waits for the commit and writes after the restored rows. A writer that holds on
 * longer than LOCK_WAIT_MS, or a deadlock with one, refuses the load.
 */
async function beginAlone(trx: Kysely<Tables>, dialect: Dialect, tables: readonly LoadTable[]): Promise<void> {
  try {
    if (dialect === 'sqlite') {
      await sql`BEGIN IMMEDIATE`.execute(trx);
      return;
    }
    await sql`BEGIN`.execute(trx);
    if (tables.length === 0) return;
    await sql.raw(`SET LOCAL lock_timeout = ${LOCK_WAIT_MS}`).execute(trx);
    await sql.raw(`LOCK TABLE ${tables.map((table) => quoted(table.name)).join(', ')} IN EXCLUSIVE MODE`).execute(trx);
    await sql`SET LOCAL lock_timeout TO DEFAULT`.execute(trx);
  } catch (error) {
    if (dialect === 'postgres') await sql`ROLLBACK`.execute(trx).catch(() => undefined);
    if (!LOCK_CONFLICTS.has(String((error as { code?: unknown }).code))) throw error;
    throw new NotEmptyError(
      `another connection is writing to the target database (${error instanceof Error ? error.message : error}): ` +
        'restore and copy fill only a new, empty database nothing else writes to; stop its writers and try again',
    );
  }
}

async function requireEmpty(trx: Kysely<Tables>, tables: readonly LoadTable[]): Promise<void> {
  for (const table of tables) {
    const { rows } = await sql.raw(`SELECT 1 FROM ${quoted(table.name)} LIMIT 1`).execute(trx);
    if (rows.length > 0)
      throw new NotEmptyError(
        `the target database is not empty (table ${table.name} has rows): restore and copy fill only a new, ` +
          'empty database; make one (an empty file or CREATE DATABASE) and name it',
      );
  }
}

/**
 * Every table holds the rows loaded, and the row counts the triggers kept (or the load replayed)
 * add up to them: lists' totals read those counts.
 */
async function checkCounts(trx: Kysely<Tables>, tables: readonly LoadTable[]): Promise<void> {
  for (const table of tables) {
    const counted = COUNTED_TABLES.includes(table.name)
      ? `(SELECT coalesce(sum(total), 0) FROM row_counts WHERE table_name = '${table.name}')`
      : 'NULL';
    const { rows } = await sql
      .raw<{ n: number | string; counted: number | string | null }>(
        `SELECT (SELECT count(*) FROM ${quoted(table.name)}) AS n, ${counted} AS counted`,
      )
      .execute(trx);
    const { n, counted: total } = rows[0]!;
    if (Number(n) !== table.rows) throw new Error(`table ${table.name}: ${n} rows written, ${table.rows} expected`);
    if (total !== null && Number(total) !== table.rows)
      throw new Error(`table ${table.name}: its row counts add up to ${total}, not its ${table.rows} rows`);
  }
}

/** The rows of each table, counted: the check of a copy after its commit. */
export async function countRows(database: Database, tables: readonly LoadTable[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql
      .raw<{ n: number | string }>(`SELECT count(*) AS n FROM ${quoted(table.name)}`)
      .execute(database.db);
    counts[table.name] = Number(rows[0]!.n);
  }
  return counts;
}
