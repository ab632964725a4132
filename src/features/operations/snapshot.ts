/**
 * A consistent read of a whole instance while it keeps serving and writing: every table as of one
 * moment. SQLite: one read transaction on a read-only connection of its own (WAL lets it read the
 * last committed state while writers go on). PostgreSQL: one REPEATABLE READ, READ ONLY
 * transaction, each table read through a cursor. Rows come in batches, so memory stays flat.
 */
import { existsSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { openDatabase, parseDatabaseUrl, type Dialect } from '../../base/db/database.js';
import { describeTables, kyselyQuery, quoted, selectRows, type Query, type TableShape } from './tables.js';

/** Rows per batch handed on: small enough for flat memory, large enough for the loader's chunks. */
export const BATCH_ROWS = 2_000;

export interface SnapshotTable extends TableShape {
  /** Its rows at the snapshot. */
  rows: number;
}

export interface Snapshot {
  dialect: Dialect;
  /** The migrations the database had, by name, in order. */
  migrations: string[];
  tables: SnapshotTable[];
  /** A table's rows in batches, each row its values in the order of `columns`. */
  rows(table: SnapshotTable): AsyncIterable<unknown[][]>;
}

/** Runs `work` over a snapshot of the database at `url`, ended (and its connection closed) when it returns. */
export async function withSnapshot<T>(url: string, work: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  const { dialect, target } = parseDatabaseUrl(url);
  return dialect === 'sqlite' ? sqliteSnapshot(target, work) : postgresSnapshot(url, work);
}

async function sqliteSnapshot<T>(path: string, work: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  if (path === ':memory:') throw new Error('an in-memory database cannot be read from another connection');
  if (!existsSync(path)) throw new Error(`there is no database at ${path}`);
  const connection = new SqliteDatabase(path, { readonly: true, fileMustExist: true });
  try {
    connection.pragma('busy_timeout = 5000');
    // The snapshot begins with the transaction's first read and lasts until its end.
    connection.exec('BEGIN');
    const query: Query = async (text, parameters = []) =>
      connection.prepare(text).all(...parameters) as Record<string, unknown>[];
    const result = await work({
      dialect: 'sqlite',
      ...(await describe('sqlite', query)),
      async *rows(table) {
        const statement = connection.prepare(selectRows(table)).raw(true);
        let batch: unknown[][] = [];
        for (const row of statement.iterate() as IterableIterator<unknown[]>) {
          batch.push(row);
          if (batch.length === BATCH_ROWS) {
            yield batch;
            batch = [];
          }
        }
        if (batch.length > 0) yield batch;
      },
    });
    connection.exec('COMMIT');
    return result;
  } finally {
    connection.close();
  }
}

async function postgresSnapshot<T>(url: string, work: (snapshot: Snapshot) => Promise<T>): Promise<T> {
  const database = openDatabase(url, { poolSize: 1 });
  try {
    return await database.db.connection().execute(async (connection) => {
      await sql`BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY`.execute(connection);
      try {
        let cursors = 0;
        const result = await work({
          dialect: 'postgres',
          ...(await describe('postgres', kyselyQuery(connection as Kysely<unknown>))),
          async *rows(table) {
            const cursor = `estate_snapshot_${++cursors}`;
            await sql.raw(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${selectRows(table)}`).execute(connection);
            for (;;) {
              const { rows } = await sql
                .raw<Record<string, unknown>>(`FETCH FORWARD ${BATCH_ROWS} FROM ${cursor}`)
                .execute(connection);
              if (rows.length === 0) break;
              yield rows.map((row) => table.columns.map((column) => row[column]));
            }
            await sql.raw(`CLOSE ${cursor}`).execute(connection);
          },
        });
        await sql`COMMIT`.execute(connection);
        return result;
      } catch (error) {
        await sql`ROLLBACK`.execute(connection).catch(() => undefined);
        throw error;
      }
    });
  } finally {
    await database.close();
  }
}

/** The migrations, tables and row counts, read in the snapshot. */
async function describe(dialect: Dialect, query: Query): Promise<Pick<Snapshot, 'migrations' | 'tables'>> {
  const migrations = await appliedMigrations(dialect, query);
  if (migrations.length === 0) throw new Error('the database holds no Estate schema (no migration applied)');
  const tables: SnapshotTable[] = [];
  for (const shape of await describeTables(dialect, query)) {
    const [counted] = await query(`SELECT count(*) AS n FROM ${quoted(shape.name)}`);
    tables.push({ ...shape, rows: Number(counted!.n) });
  }
  return { migrations, tables };
}

/** The migrations a database records, in order; none when it was never migrated. */
export async function appliedMigrations(dialect: Dialect, query: Query): Promise<string[]> {
  const exists =
    dialect === 'sqlite'
      ? await query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'estate_migrations'")
      : await query("SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'estate_migrations'");
  if (exists.length === 0) return [];
  return (await query('SELECT name FROM estate_migrations ORDER BY name')).map((row) => String(row.name));
}
