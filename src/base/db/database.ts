import { chmodSync, closeSync, existsSync, openSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  sql,
  SqliteDialect,
  type CompiledQuery,
  type LogEvent,
  type PostgresPoolClient,
} from 'kysely';
import pg from 'pg';
import { secureDatabaseDirectory } from './data-directory.js';
import type { Tables } from './schema.js';
import type { Dialect } from './dialect.js';
import { fold, gramText } from './text-search.js';
import { addressKey } from './address-keys.js';
import { buildRows, rowBuilder, RowBuilders, type RowBuilder } from './row-builder.js';
import { preparedNameOf } from './compiled.js';

export type { Dialect } from './dialect.js';

/** The one database handle the whole service shares: a Kysely instance and its dialect. */
export interface Database {
  db: Kysely<Tables>;
  /**
   * For reads that must not wait behind a write transaction (authentication): on SQLite a second,
   * read-only connection (WAL lets it read the last committed state while a write runs on the
   * first); on PostgreSQL the same pool.
   */
  reader: Kysely<Tables>;
  dialect: Dialect;
  /**
   * PostgreSQL: the client of the pooled connection whose server process is `processId`. A bulk
   * load (db/bulk.ts) streams COPY through the client of its Kysely transaction, which Kysely
   * does not hand out; the load finds it by `pg_backend_pid()`.
   */
  clientOf?(processId: number): pg.PoolClient | undefined;
  /** PostgreSQL: the connection pool's figures, for the metrics. */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  /**
   * SQLite file: runs `load` with a rollback journal instead of the WAL when no other connection has
   * the file open, so that each page of a large load is written once (the WAL writes it, then its
   * checkpoint again). For a process that does nothing else meanwhile (the CLI's seed): while
   * `load` runs, another connection waits for the file (busy_timeout) and may fail. With another
   * connection open, `load` runs in the WAL as any write. Resolves to what `load` returns.
   */
  alone?<T>(load: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const DEFAULT_DATABASE_URL = 'sqlite:./data/estate.db';

/** Parses `sqlite:PATH`, `sqlite::memory:` or `postgres://…` into a dialect and target. */
export function parseDatabaseUrl(url: string): { dialect: Dialect; target: string } {
  if (url.startsWith('sqlite:')) {
    const target = url.slice('sqlite:'.length);
    if (!target) throw new Error('DATABASE_URL sqlite: needs a file path, e.g. sqlite:./data/estate.db');
    return { dialect: 'sqlite', target };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return { dialect: 'postgres', target: url };
  }
  throw new Error(`DATABASE_URL must start with sqlite: or postgres:// (got "${url.split(':')[0]}:…")`);
}

/** PostgreSQL prints timestamptz as "2026-01-02 03:04:05.6+00" under TimeZone=UTC; the API speaks ISO with ms. */
export function pgTimestampToIso(value: string): string {
  const match = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d+))?\+00$/.exec(value);
  if (!match) return new Date(value).toISOString();
  const millis = (match[3] ?? '').padEnd(3, '0').slice(0, 3);
  return `${match[1]}T${match[2]}.${millis}Z`;
}

const TIMESTAMPTZ_OID = 1184;
const INT8_OID = 20;
const DATE_OID = 1082;
const NUMERIC_OID = 1700;

const CHECKPOINT_INTERVAL_MS = 1000;

/**
 * SQLite's automatic WAL checkpoint runs inside whichever write commits, on the event loop. A
 * worker thread with its own connection checkpoints every second instead (PASSIVE: it never
 * blocks readers or writers), so requests do not pay for it. If the worker cannot start, the
 * automatic checkpoint stays on. The worker starts a second after the file is opened (openDatabase):
 * starting a thread costs more CPU than most `estate` commands' own work, and they end before.
 */
function startCheckpointer(path: string, sqlite: SqliteDatabase.Database): Worker | undefined {
  const source = `
    const { workerData } = require('node:worker_threads');
    const Database = require('better-sqlite3');
    const db = new Database(workerData.path);
    db.pragma('busy_timeout = 5000');
    setInterval(() => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} }, workerData.interval);
  `;
  try {
    const worker = new Worker(source, { eval: true, workerData: { path, interval: CHECKPOINT_INTERVAL_MS } });
    worker.unref();
    worker.on('error', () => sqlite.pragma('wal_autocheckpoint = 1000'));
    sqlite.pragma('wal_autocheckpoint = 0');
    return worker;
  } catch {
    return undefined;
  }
}

/**
 * Switches the connection's file from the WAL to a rollback journal, at once or not at all: when
 * another connection has it open, SQLite refuses (SQLITE_BUSY) and the file stays in the WAL. A
 * rollback journal keeps the pages a transaction changes, not the ones it adds past the file's end:
 * a load into a small file writes its pages once. Commits sync fully, as the WAL's NORMAL does not
 * protect a rollback journal from a power loss.
 */
function toRollbackJournal(sqlite: SqliteDatabase.Database): boolean {
  const timeout = sqlite.pragma('busy_timeout', { simple: true }) as number;
  sqlite.pragma('busy_timeout = 0');
  try {
    if (sqlite.pragma('journal_mode = DELETE', { simple: true }) !== 'delete') return false;
    sqlite.pragma('synchronous = FULL');
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return false;
    throw error;
  } finally {
    sqlite.pragma(`busy_timeout = ${timeout}`);
  }
}

/**
 * The file back in the WAL (every connection Estate opens sets it again, should this fail because
 * another connection is waiting for the file: the load has committed by then).
 */
function backToWal(sqlite: SqliteDatabase.Database): void {
  try {
    sqlite.pragma('journal_mode = WAL');
  } catch {
    // Left to the next connection: openDatabase sets the WAL first.
  }
  sqlite.pragma('synchronous = NORMAL');
}

/**
 * The SQLite file holds every workspace and the password hashes: only its owner may read it. Its
 * directory is made or checked by secureDatabaseDirectory (Estate's own `./data` is tightened to
 * 0700); the database file is created 0600 before SQLite opens it (SQLite gives its -wal and -shm
 * files the database file's mode), and an existing database file or its -wal/-shm that others can
 * read is narrowed to 0600.
 */
function protectDatabaseFile(path: string, notice: DatabaseOptions['notice']): void {
  const directory = resolve(dirname(path));
  const ours = directory === resolve(dirname(parseDatabaseUrl(DEFAULT_DATABASE_URL).target));
  secureDatabaseDirectory(directory, { ours, notice });
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  for (const file of [path, `${path}-wal`, `${path}-shm`]) {
    try {
      if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    } catch {
      // absent (-wal/-shm before the first write) or not ours to change
    }
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * The page cache of the connection that serves the API, larger than better-sqlite3's default so
 * that lists read in turn do not evict each other's index pages (docs/notes/sqlite-connections.md).
 * The cache fills only as pages are read.
 */
const PAGE_CACHE_KIB = 64 * 1024;

/** What Kysely's SQLite driver calls on a statement. */
interface DriverStatement {
  readonly reader: boolean;
  all(parameters: readonly unknown[]): unknown[];
  run(parameters: readonly unknown[]): SqliteDatabase.RunResult;
  iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
}

/**
 * A statement that returns rows runs in raw mode: better-sqlite3 hands over arrays, and the
 * statement's generated builder makes the objects (db/row-builder.ts). Built again when the
 * statement's columns change (SQLite re-prepares a statement after a schema change).
 */
function rawRows(statement: SqliteDatabase.Statement): DriverStatement {
  if (!statement.reader) return statement as unknown as DriverStatement;
  statement.raw(true);
  let build: RowBuilder | undefined;
  const builderOf = (arity: number) => {
    if (build?.arity !== arity) build = rowBuilder(statement.columns().map((column) => column.name));
    return build;
  };
  return {
    reader: true,
    all(parameters) {
      const rows = statement.all(parameters) as unknown[][];
      return rows.length === 0 ? rows : buildRows(rows, builderOf(rows[0]!.length));
    },
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const row of statement.iterate(parameters) as IterableIterator<unknown[]>) yield builderOf(row.length)(row);
    },
  };
}

/**
 * Kysely prepares every query anew; preparing is a measurable share of a short SQLite query.
 * better-sqlite3 statements are reusable, and Kysely runs one query at a time on this connection,
 * so statements are cached by SQL text (bounded: dynamic IN-lists make many distinct texts).
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const cache = new Map<string, DriverStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.clear();
        statement = rawRows(sqlite.prepare(sql));
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * SQL functions the service's queries and triggers use on SQLite (the case folding of
 * text-search.ts, the address keys of address-keys.ts): for every connection that runs them.
 */
export function registerFunctions(sqlite: SqliteDatabase.Database): void {
  sqlite.function('estate_fold', { deterministic: true }, (value: unknown) =>
    value === null || value === undefined ? null : fold(String(value)),
  );
  // The gram index's text of a row's searched columns (text-search.ts), as many as the table has.
  sqlite.function('estate_grams', { deterministic: true, varargs: true }, (...values: unknown[]) => gramText(values));
  sqlite.function('estate_address_key', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? (addressKey(value) ?? null) : null,
  );
}

/** A read-only connection to the SQLite file (opened lazily: the file may not be migrated yet). */
function openSqliteReader(path: string): Kysely<Tables> {
  return new Kysely<Tables>({
    dialect: new SqliteDialect({
      database: async () => {
        const sqlite = new SqliteDatabase(path, { readonly: true });
        sqlite.pragma('busy_timeout = 5000');
        registerFunctions(sqlite);
        return withStatementCache(sqlite);
      },
    }),
  });
}

export interface DatabaseOptions {
  poolSize?: number;
  /** Called after every statement the writer connection or pool runs (query plans in tests, slow-query logs). */
  onQuery?(query: CompiledQuery, durationMs: number): void;
  /** Told what was done to, or is wrong with, the SQLite file's directory (the CLI prints it on stderr). */
  notice?(message: string): void;
}

export function openDatabase(url: string, options: DatabaseOptions = {}): Database {
  const { onQuery } = options;
  const log = onQuery
    ? (event: LogEvent) => (event.level === 'query' ? onQuery(event.query, event.queryDurationMillis) : undefined)
    : undefined;
  const { dialect, target } = parseDatabaseUrl(url);
  if (dialect === 'sqlite') {
    if (target !== ':memory:') protectDatabaseFile(target, options.notice);
    const sqlite = new SqliteDatabase(target);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
    registerFunctions(sqlite);
    let checkpointer: Worker | undefined;
    let starting: NodeJS.Timeout | undefined;
    const startLater = () => {
      starting = setTimeout(() => {
        starting = undefined;
        checkpointer = startCheckpointer(target, sqlite);
      }, CHECKPOINT_INTERVAL_MS);
      starting.unref();
    };
    const stop = async () => {
      clearTimeout(starting);
      starting = undefined;
      await checkpointer?.terminate();
      checkpointer = undefined;
    };
    if (target !== ':memory:') startLater();
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log });
    const reader = target === ':memory:' ? db : openSqliteReader(target);
    return {
      db,
      reader,
      dialect,
      async alone(load) {
        if (target === ':memory:' || sqlite.inTransaction) return load();
        // The checkpointer's own connection would keep the file in the WAL: it stops meanwhile.
        await stop();
        const rollback = toRollbackJournal(sqlite);
        try {
          return await load();
        } finally {
          if (rollback) backToWal(sqlite);
          startLater();
        }
      },
      close: async () => {
        await stop();
        if (reader !== db) await reader.destroy();
        await db.destroy();
        // Kysely closes the connection only if a query made it take it.
        if (sqlite.open) sqlite.close();
      },
    };
  }
  const pool = new pg.Pool({
    connectionString: target,
    max: options.poolSize ?? 10,
    // A request waits at most this long for a connection (a refused connection fails at once).
    connectionTimeoutMillis: 10_000,
    keepAlive: true,
    // JIT compilation pays off for long analytic queries, not for Estate's short ones: a row estimate
    // past jit_above_cost (a join on a VALUES list, a count over a large workspace) spent more time
    // compiling than the statement took to run.
    options: '-c TimeZone=UTC -c jit=off',
    types: {
      getTypeParser(oid: number, format?: string) {
        if (oid === TIMESTAMPTZ_OID) return pgTimestampToIso;
        if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
        // Calendar dates stay 'YYYY-MM-DD' strings, as SQLite stores them, never shifted by a time zone.
        if (oid === DATE_OID) return (value: string) => value;
        return pg.types.getTypeParser(oid, format as 'text');
      },
    } as pg.CustomTypesConfig,
  });
  // A connection killed by the server (restart, pg_terminate_backend) must not crash the process.
  // pg emits 'error' on the client: the pool handles it only while the client is idle, so every
  // client gets its own listener for the time it is checked out (between the statements of a
  // transaction). The failed statement rejects, and the pool discards the broken client on release.
  const logConnectionError = (error: Error) =>
    process.stderr.write(
      `${JSON.stringify({ level: 40, time: Date.now(), msg: 'PostgreSQL connection failed', err: error.message })}\n`,
    );
  // The pool re-emits an idle client's error, which the client's own listener has logged already.
  pool.on('error', () => undefined);
  // The pool's clients by their server process (pg sets `processID` from the server's key data).
  const clients = new Map<number, pg.PoolClient>();
  const processOf = (client: pg.PoolClient) => (client as pg.PoolClient & { processID: number }).processID;
  pool.on('connect', (client) => {
    client.on('error', logConnectionError);
    clients.set(processOf(client), client);
  });
  pool.on('remove', (client) => {
    if (clients.get(processOf(client)) === client) clients.delete(processOf(client));
  });
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool: arrayRows(pool) }), log });
  return {
    db,
    reader: db,
    dialect,
    clientOf: (processId) => clients.get(processId),
    pool,
    close: () => db.destroy(),
  };
}

/**
 * The pool as Kysely sees it: each client's statements ask pg for rows as arrays, which the
 * statement's generated builder makes into objects (db/row-builder.ts). Streams (a Cursor) pass
 * through unchanged.
 */
function arrayRows(pool: pg.Pool) {
  const builders = new RowBuilders(STATEMENT_CACHE_SIZE);
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient) =>
    ({
      query(text: string | pg.Submittable, values?: readonly unknown[]) {
        if (typeof text !== 'string') return client.query(text);
        const name = preparedNameOf(text);
        const query = { text, values: values as unknown[], rowMode: 'array' as const, ...(name && { name }) };
        return client.query(query).then((result) => {
          const { fields, rows } = result;
          if (rows.length > 0) {
            const build = builders.of(text, fields.length, () => fields.map((field) => field.name));
            buildRows(rows, build);
          }
          return result;
        });
      },
      release: () => client.release(),
    }) as unknown as PostgresPoolClient;
  return {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      const known = wrapped.get(client);
      if (known) return known;
      const driverClient = wrap(client);
      wrapped.set(client, driverClient);
      return driverClient;
    },
    end: () => pool.end(),
  };
}

/** Tables filled by triggers from another's rows (server_addresses: the keys of servers' addresses). */
const DERIVED_TABLES: Record<string, string[]> = { servers: ['server_addresses'] };

/**
 * Refreshes the query planner's statistics of tables after a bulk write (seed, imports):
 * ANALYZE on PostgreSQL (autovacuum may be off or late), a full ANALYZE on SQLite. SQLite's
 * bounded ANALYZE (`analysis_limit`) reads the first entries of each index, not a random sample:
 * when those all hold one tag, the planner takes a tag for a large share of the workspace and reads
 * every server_tags row of the workspace for `tagId=` (docs/notes/sqlite-statistics.md).
 */
export async function refreshStatistics(database: Database, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  // The rows the database's triggers write for a table are refreshed with it.
  tables = [...new Set(tables.flatMap((table) => [table, ...(DERIVED_TABLES[table] ?? [])]))];
  if (database.dialect === 'postgres') {
    await sql`ANALYZE ${sql.join(tables.map((table) => sql.table(table)))}`.execute(database.db);
    return;
  }
  await sql`PRAGMA analysis_limit = 0`.execute(database.db);
  for (const table of tables) await sql`ANALYZE ${sql.table(table)}`.execute(database.db);
  await sql`PRAGMA optimize`.execute(database.db);
}
