/**
 * Bulk loading (`estate seed`): millions of rows in one transaction, in time linear in the rows.
 *
 * - SQLite: one prepared multi-row INSERT reused for every chunk. A load that at least doubles a
 *   table first drops the table's secondary indexes and its row-count and text-index triggers, and
 *   recreates them when the load ends: building an index from sorted rows is several times faster
 *   than growing it one random insert at a time, and the counts and the text index are filled by
 *   one statement each instead of once per row.
 *   Everything happens in the caller's transaction, so other connections never see a table
 *   without its indexes, and a failure rolls it all back.
 * - PostgreSQL: COPY, streamed through the client of the caller's transaction, one statement
 *   running while the caller makes its next rows. A load that at least doubles a table also loads
 *   it bare, as on SQLite: its secondary indexes, and its foreign keys to tables the load holds
 *   already, are dropped and made again when the load ends (a sorted build and one anti-join each);
 *   its count triggers (and a link's copy trigger, when the rows bring the copies) are off during
 *   the load and done once for all its rows. Dropping an index locks the table until the commit,
 *   which is why only a table the load at least doubles (a fresh database's) is taken.
 *
 * Every row of a call has the columns of its first row. The reasons in full:
 * docs/notes/seed-bulk-load.md.
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { finished } from 'node:stream/promises';
import { CompiledQuery, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { sqliteIpKey } from './address-keys.js';
import type { Database, Dialect } from './database.js';
import type { Tables } from './schema.js';
import {
  type NameCopy,
  POSTGRES_NEXT,
  SQLITE_NEXT,
  serviceStorage,
  type StorageOf,
  type TableStorage,
  valueCountsOn,
  valueOfRow,
} from './storage.js';
import { customSearchValue } from './storage-sql.js';
import { moveDataVersions } from './write.js';

type Row = Record<string, unknown>;

/** Below this many rows, a table keeps its indexes while it is loaded. */
export const SUSPEND_FROM_ROWS = 20_000;
/** Parameters of one SQLite INSERT, under its bound-parameter limit; rows of one PostgreSQL COPY. */
const SQLITE_PARAMETERS = 30_000;
const POSTGRES_CHUNK_ROWS = 25_000;
/**
 * FTS5's pending-terms hash (bytes) while a load's text is indexed: FTS5 writes a segment each
 * time the hash fills and merges segments as they pile up, so a small hash writes hundreds. The
 * setting is stored with the index, so it is put back after the load.
 */
const LOAD_FTS_HASH_BYTES = 128 * 1024 * 1024;
const DEFAULT_FTS_HASH_BYTES = 1024 * 1024;
/** SQLite: the page cache while a load builds its indexes, which bounds each piece of their sorts. */
const INDEX_SORT_KIB = 1024;
/**
 * SQLite: the page cache while a large load inserts its rows. A link's foreign keys look up the
 * servers' primary key for each row, in another order than the servers were written: at 1M servers
 * that index (90 MB) no longer fits the serving connection's 64 MiB, and most lookups miss.
 */
const LOAD_CACHE_KIB = 256 * 1024;

/** A table loaded without its indexes and insert triggers, to restore and catch up at the end. */
interface Suspended {
  /** The table's storage facts, whose triggers' work is caught up. */
  facts: TableStorage;
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
  /** On PostgreSQL the last rows may still be being written when it returns: `finish` waits for them. */
  insert(table: string, rows: readonly Row[], options?: LoadOptions): Promise<void>;
  /**
   * Waits for the rows, recreates what the load suspended; the last step before the transaction
   * commits, never to be left out. `progress` hears of a table's loaded rows when they are indexed.
   */
  finish(progress?: (indexed: number) => void): Promise<void>;
  /**
   * Waits for the rows still being written (PostgreSQL), throwing their failure: to call before
   * the caller's own statements in the transaction, which would otherwise fail in its place.
   */
  settle(): Promise<void>;
}

/**
 * A loader of rows into the tables of one transaction. `storageOf` gives the storage facts of the
 * tables it writes: the service's own unless a family defined elsewhere brings its tables' facts.
 */
export function bulkLoader(
  trx: Kysely<Tables>,
  database: Pick<Database, 'dialect' | 'clientOf'>,
  storageOf: StorageOf = serviceStorage,
): BulkLoader {
  const load: LoadState = {
    trx,
    database,
    storageOf,
    suspended: new Map(),
    decided: new Set(),
    loaded: new Set(),
    bare: new Map(),
    client: undefined,
    writing: inFlight(),
    servingCache: undefined,
    workspaces: new Set(),
  };
  return {
    async insert(table, rows, { progress, expected = rows.length } = {}) {
      if (rows.length === 0) return;
      for (const row of rows) if (typeof row.workspace_id === 'string') load.workspaces.add(row.workspace_id);
      if (database.dialect === 'postgres') {
        await insertPostgresLoad(load, table, rows, progress, expected);
        return;
      }
      try {
        await insertSqliteLoad(load, table, rows, progress, expected);
      } catch (error) {
        // The connection serves again with its own page cache, whatever the caller does next.
        if (load.servingCache !== undefined) {
          await sql`PRAGMA cache_size = ${sql.lit(load.servingCache)}`.execute(trx);
          load.servingCache = undefined;
        }
        throw error;
      }
    },
    settle: () => load.writing.wait(),
    async finish(progress) {
      if (database.dialect === 'postgres') await finishPostgresLoad(load, progress);
      else await finishSqliteLoad(load, progress);
      await moveDataVersions(trx, load.workspaces);
      load.workspaces.clear();
    },
  };
}

/** What one bulk loader holds between its calls: the transaction, and what its loads changed so far. */
interface LoadState {
  trx: Kysely<Tables>;
  database: Pick<Database, 'dialect' | 'clientOf'>;
  storageOf: StorageOf;
  suspended: Map<string, Suspended>;
  /** The tables whose first load decided whether they are loaded without their indexes. */
  decided: Set<string>;
  /** PostgreSQL: the tables loaded, whose GIN indexes' pending entries are merged at the end. */
  loaded: Set<string>;
  /** PostgreSQL: the tables loaded bare, to restore at the end. */
  bare: Map<string, SuspendedPostgres>;
  /** PostgreSQL: the client of the transaction's connection, and the COPY still running. */
  client: pg.PoolClient | undefined;
  writing: ReturnType<typeof inFlight>;
  /** SQLite: the connection's page cache before a large load raised it, put back by finish. */
  servingCache: number | undefined;
  /** The workspaces of the rows loaded: finish moves their data versions (db/write.ts). */
  workspaces: Set<string>;
}

/** The storage facts of a table the load writes. */
const factsOf = (load: LoadState, table: string): TableStorage => load.storageOf(table) ?? {};

/** Writes one call's rows of `table`, of `expected` in all, reporting `progress`. */
type InsertLoad = (
  load: LoadState,
  table: string,
  rows: readonly Row[],
  progress: LoadOptions['progress'],
  expected: number,
) => Promise<void>;

/** PostgreSQL: a call's rows by COPY, the table loaded bare when the load at least doubles it (decided once). */
const insertPostgresLoad: InsertLoad = async (load, table, rows, progress, expected) => {
  const { trx, decided, loaded, bare, writing } = load;
  // The COPY before first, when the load sends statements of its own ahead of this one's: a
  // statement sent behind a failed one would fail with "current transaction is aborted" and
  // hide the cause. Otherwise the first rows' text is made while that COPY runs.
  if (loaded.size === 0 || !decided.has(table) || !load.client) await writing.wait();
  if (loaded.size === 0) await deferGinMerges(trx);
  loaded.add(table);
  if (!decided.has(table)) {
    decided.add(table);
    if (expected >= SUSPEND_FROM_ROWS && (await rowsUpTo(trx, table, expected + 1)) <= expected)
      bare.set(table, await suspendPostgres(trx, table, factsOf(load, table), Object.keys(rows[0]!), [...bare.keys()]));
  }
  load.client ??= await clientOf(trx, load.database);
  const client = load.client;
  const restored = bare.get(table);
  if (restored) restored.rows += rows.length;
  const ordered = restored ? inKeyOrder(rows, restored.key) : rows;
  for (let start = 0; start < ordered.length; start += POSTGRES_CHUNK_ROWS) {
    const slice = ordered.slice(start, start + POSTGRES_CHUNK_ROWS);
    // The rows' text is made while the COPY before runs; one COPY at a time runs while the
    // caller makes its next rows: this waits for the one before.
    const text = copyText(slice);
    await writing.wait();
    const copy = copyRows(client, table, Object.keys(slice[0]!), text, restored?.unchecked !== undefined);
    writing.start(copy.done.then(() => progress?.(slice.length)));
    // The caller's next rows are made without a pause of the event loop, which the server
    // would otherwise spend waiting for this COPY's rows: they are handed to the socket first.
    await copy.handedOver;
  }
};

/** SQLite: a call's rows, the table loaded bare when the load at least doubles it (decided on its first call). */
const insertSqliteLoad: InsertLoad = async (load, table, rows, progress, expected) => {
  const { trx, decided, suspended } = load;
  if (!decided.has(table)) {
    decided.add(table);
    const before = expected >= SUSPEND_FROM_ROWS ? await largestRowid(trx, table) : Infinity;
    if (expected >= before) {
      if (load.servingCache === undefined) load.servingCache = await loadingCache(trx);
      suspended.set(table, await suspend(trx, table, factsOf(load, table), before));
    }
  }
  const restored = suspended.get(table);
  if (restored) restored.rows += rows.length;
  await insertSqlite(
    trx,
    table,
    rows.length >= SUSPEND_FROM_ROWS ? inKeyOrder(rows, await primaryKeyOf(trx, load.database.dialect, table)) : rows,
    progress,
  );
};

/** PostgreSQL: waits for the last COPY, merges the GIN indexes' pending entries and restores the bare tables. */
async function finishPostgresLoad(load: LoadState, progress?: (indexed: number) => void): Promise<void> {
  const { trx, loaded, bare } = load;
  await load.writing.wait();
  await mergeGinPending(
    trx,
    [...loaded].filter((table) => !bare.has(table)),
  );
  for (const [table, restore] of bare) {
    await restorePostgres(trx, table, restore);
    progress?.(restore.rows);
  }
  // `decided` stays: a table is loaded bare once per transaction, so that its rows written
  // by this transaction (`xmin`) are the load's when they are counted.
  bare.clear();
  loaded.clear();
}

/** SQLite: rebuilds the suspended tables' indexes and triggers, catching up the triggers' work. */
async function finishSqliteLoad(load: LoadState, progress?: (indexed: number) => void): Promise<void> {
  const { trx, suspended } = load;
  if (suspended.size === 0) return;
  // The sorts of CREATE INDEX may use helper threads (SQLite's default is none).
  await sql`PRAGMA threads = ${sql.lit(Math.min(4, availableParallelism()))}`.execute(trx);
  const {
    rows: [cache],
  } = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(trx);
  // Each sort runs in pieces of at most the page cache, merged afterwards: small pieces, held by
  // the processor's caches, build the indexes faster than the cache the connection keeps for
  // serving. The triggers' catch-ups (text index, counts, copies) run with it too.
  await sql`PRAGMA cache_size = ${sql.lit(-INDEX_SORT_KIB)}`.execute(trx);
  try {
    for (const [table, { facts, before, rows, indexes, triggers }] of suspended) {
      // A copy, and servers' address keys, are caught up first: they write the rows the indexes are then built from.
      const copies = triggers.filter(
        (trigger) => trigger.name.endsWith('_copy_insert') || trigger.name.endsWith('_address_insert'),
      );
      for (const trigger of copies) await catchUp(trx, table, facts, trigger.name, before);
      for (const statement of indexes) await trx.executeQuery(CompiledQuery.raw(statement));
      // The search text of custom fields last: its UPDATE then writes the rows' text index again.
      const last = (trigger: { name: string }) => (trigger.name.endsWith('_custom_search_insert') ? 1 : 0);
      for (const trigger of [...triggers].sort((a, b) => last(a) - last(b))) {
        if (!copies.includes(trigger)) await catchUp(trx, table, facts, trigger.name, before);
        await trx.executeQuery(CompiledQuery.raw(trigger.sql));
      }
      progress?.(rows);
    }
  } finally {
    await sql`PRAGMA cache_size = ${sql.lit(load.servingCache ?? cache!.cache_size)}`.execute(trx);
    load.servingCache = undefined;
  }
  suspended.clear();
  load.decided.clear();
}

/** A PostgreSQL table loaded bare: what to make again when the load ends. */
interface SuspendedPostgres {
  /** The table's storage facts, whose triggers' work is done once at the end. */
  facts: TableStorage;
  rows: number;
  /** The table's primary key, whose order the rows are loaded in. */
  key: string[];
  /** CREATE INDEX statements of the dropped secondary indexes (not those of a constraint). */
  indexes: string[];
  /** The dropped foreign keys, added again (each checked by one join over the table). */
  foreignKeys: { name: string; definition: string }[];
  /** Disabled per-row copy triggers (`nameCopy` in storage.ts), whose work the load brought. */
  copies: string[];
  /** Disabled statement triggers counting the rows (REPLAYED_ON_POSTGRES), done once at the end. */
  counts: string[];
  /** The per-value count trigger's filters and their SQL, as its arguments name them. */
  valueCounts: [string, string][];
  /**
   * The foreign keys kept (to tables the load does not hold), when the rows are copied without
   * their per-row checks (a superuser's load, `session_replication_role = replica`): checked by
   * one anti-join each at the end. Undefined where each row is checked as it is written.
   */
  unchecked?: ForeignKey[];
}

/** A foreign key, by its columns and those of the table it refers to. */
interface ForeignKey {
  name: string;
  columns: string[];
  parent: string;
  parentColumns: string[];
}

/**
 * PostgreSQL's insert triggers a bare load replays once for all its rows: the row count, the
 * per-value counts, the search version, the search text of custom fields (storage.ts) and the
 * servers' address keys. They run per statement, yet over many statements they group the rows
 * again for each counted filter each time.
 */
const REPLAYED_ON_POSTGRES = [
  'count_insert',
  'tally_insert',
  'search_version_insert',
  'address_insert',
  'custom_search',
];

/** The table's rows, counted up to `limit`: whether a load at least doubles it, read in O(load). */
async function rowsUpTo(trx: Kysely<Tables>, table: string, limit: number): Promise<number> {
  const { rows } = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM (SELECT 1 FROM ${sql.table(table)} LIMIT ${limit}) counted`.execute(trx);
  return Number(rows[0]!.n);
}

/**
 * Drops the table's secondary indexes and its foreign keys to tables the load holds, disables its
 * count triggers, and its link copy trigger when the rows bring the copy. DROP INDEX takes the
 * table's ACCESS EXCLUSIVE lock until the commit.
 */
async function suspendPostgres(
  trx: Kysely<Tables>,
  table: string,
  facts: TableStorage,
  columns: readonly string[],
  locked: readonly string[],
): Promise<SuspendedPostgres> {
  const relation = sql`${table}::regclass`;
  // Dropping a foreign key takes the referenced table's ACCESS EXCLUSIVE lock too: only keys to
  // tables this load holds already (itself, or a table loaded bare before it) are dropped. The
  // others (workspaces, users, applications…) stay, checked row by row (or at the end:
  // uncheckedKeys), and those tables stay open to every other request.
  const held = sql.join([table, ...locked].map((name) => sql`${name}::regclass`));
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE i.indrelid = ${relation} AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)
    ORDER BY c.relname`.execute(trx);
  const { rows: foreignKeys } = await sql<{ name: string; definition: string }>`
    SELECT conname AS name, pg_get_constraintdef(oid) AS definition FROM pg_constraint
    WHERE conrelid = ${relation} AND contype = 'f' AND confrelid IN (${held}) ORDER BY conname`.execute(trx);
  for (const { name } of indexes) await sql`DROP INDEX ${sql.id(name)}`.execute(trx);
  for (const { name } of foreignKeys)
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.id(name)}`.execute(trx);
  const link = facts.nameCopy;
  const copies = link && columns.includes(link.copy) ? [`${table}_name_copy`] : [];
  const { rows: counting } = await sql<{
    name: string;
  }>`SELECT tgname AS name FROM pg_trigger WHERE tgrelid = ${relation}
    AND tgname IN (${sql.join(REPLAYED_ON_POSTGRES.map((suffix) => `${table}_${suffix}`))}) ORDER BY tgname`.execute(
    trx,
  );
  const counts = counting.map((trigger) => trigger.name);
  // The filters the installed trigger counts (a database on an older schema counts fewer).
  const { rows: tallied } = await sql<{
    args: Buffer;
  }>`SELECT tgargs AS args FROM pg_trigger WHERE tgrelid = ${relation} AND tgname = ${`${table}_tally_insert`}`.execute(
    trx,
  );
  const args = tallied[0] ? tallied[0].args.toString('utf8').split('\0').slice(0, -1) : [];
  const valueCounts = Array.from({ length: args.length / 2 }, (_, i): [string, string] => [
    args[2 * i]!,
    args[2 * i + 1]!,
  ]);
  for (const trigger of [...copies, ...counts])
    await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER ${sql.id(trigger)}`.execute(trx);
  const key = await primaryKeyOf(trx, 'postgres', table);
  const unchecked = await uncheckedKeys(trx, table, held);
  return {
    facts,
    rows: 0,
    key,
    indexes: indexes.map((index) => index.definition),
    foreignKeys,
    copies,
    counts,
    valueCounts,
    unchecked,
  };
}

/**
 * The foreign keys the load checks at the end instead of per row, or undefined to check each row
 * as it is written. A kept key's check is a lookup in the referenced table for every row, a
 * sizeable part of a large seed; `session_replication_role = replica` leaves it out, and every other
 * trigger too, so only for a table with no insert trigger left enabled but the foreign keys' own.
 * It is a superuser's setting. The check at the end reads the referenced tables as they are then
 * (READ COMMITTED only: a snapshot of the transaction's start would miss a delete since), and a
 * delete of a referenced row after it waits for the commit: it must read the referencing table,
 * which the load holds in ACCESS EXCLUSIVE mode (taken here too, should nothing have been dropped).
 */
async function uncheckedKeys(
  trx: Kysely<Tables>,
  table: string,
  held: RawBuilder<unknown>,
): Promise<ForeignKey[] | undefined> {
  const relation = sql`${table}::regclass`;
  const { rows: settings } = await sql<{
    superuser: string;
    isolation: string;
    role: string;
  }>`SELECT current_setting('is_superuser') AS superuser, current_setting('transaction_isolation') AS isolation,
    current_setting('session_replication_role') AS role`.execute(trx);
  const { superuser, isolation, role } = settings[0]!;
  if (superuser !== 'on' || isolation !== 'read committed' || role !== 'origin') return undefined;
  // tgtype bit 2: an INSERT trigger. The foreign keys' own are the checks done at the end.
  const { rows: firing } = await sql<{
    name: string;
  }>`SELECT t.tgname AS name FROM pg_trigger t LEFT JOIN pg_constraint k ON k.oid = t.tgconstraint
    WHERE t.tgrelid = ${relation} AND t.tgenabled <> 'D' AND t.tgtype & 4 <> 0
      AND k.contype IS DISTINCT FROM 'f'`.execute(trx);
  if (firing.length > 0) return undefined;
  const names = (
    relation: string,
    numbers: string,
  ) => sql`ARRAY(SELECT a.attname::text FROM unnest(${sql.ref(numbers)}) WITH ORDINALITY AS n (number, position)
    JOIN pg_attribute a ON a.attrelid = ${sql.ref(relation)} AND a.attnum = n.number ORDER BY n.position)`;
  const { rows: keys } = await sql<ForeignKey & { match: string }>`
    SELECT k.conname AS name, p.relname AS parent, k.confmatchtype AS match,
      ${names('k.conrelid', 'k.conkey')} AS columns, ${names('k.confrelid', 'k.confkey')} AS "parentColumns"
    FROM pg_constraint k JOIN pg_class p ON p.oid = k.confrelid
    WHERE k.conrelid = ${relation} AND k.contype = 'f' AND k.confrelid NOT IN (${held}) ORDER BY k.conname`.execute(
    trx,
  );
  // MATCH SIMPLE, the default (a key with a NULL column refers to nothing): the check at the end.
  if (keys.length === 0 || keys.some((key) => key.match !== 's')) return undefined;
  await sql`LOCK TABLE ${sql.table(table)} IN ACCESS EXCLUSIVE MODE`.execute(trx);
  return keys.map(({ name, parent, columns, parentColumns }) => ({ name, parent, columns, parentColumns }));
}

/**
 * Fills the copies left empty, counts the loaded rows, enables the triggers, and makes the indexes
 * and foreign keys again.
 */
async function restorePostgres(
  trx: Kysely<Tables>,
  table: string,
  { facts, rows, indexes, foreignKeys, copies, counts, valueCounts, unchecked = [] }: SuspendedPostgres,
): Promise<void> {
  if (copies.length > 0) {
    await fillEmptyCopies(trx, table, facts.nameCopy!, writtenHere);
    for (const trigger of copies)
      await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER ${sql.id(trigger)}`.execute(trx);
  }
  if (counts.length > 0) {
    // The rows this transaction wrote must be the load's, or the counts below would be wrong.
    const { rows: written } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${writtenHere(table)}`.execute(trx);
    if (Number(written[0]!.n) !== rows)
      throw new Error(
        `bulk load of ${table}: the transaction wrote ${written[0]!.n} rows, the load ${rows} ` +
          '(a savepoint, or another writer in the transaction)',
      );
  }
  if (unchecked.length > 0)
    await withoutNestedLoops(trx, async () => {
      for (const key of unchecked) await checkLoaded(trx, table, key);
    });
  for (const trigger of counts) {
    if (trigger.endsWith('_address_insert'))
      await withoutAddressChecks(trx, () => countLoaded(trx, table, facts, trigger, valueCounts));
    else await countLoaded(trx, table, facts, trigger, valueCounts);
    await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER ${sql.id(trigger)}`.execute(trx);
  }
  for (const statement of indexes) await trx.executeQuery(CompiledQuery.raw(statement));
  if (foreignKeys.length === 0) return;
  // Each key is checked by one anti-join of the table with the referenced one.
  await withoutNestedLoops(trx, async () => {
    for (const { name, definition } of foreignKeys)
      await trx.executeQuery(CompiledQuery.raw(`ALTER TABLE "${table}" ADD CONSTRAINT "${name}" ${definition}`));
  });
}

/**
 * PostgreSQL: runs `write`, the address keys of the loaded servers, without the foreign key check
 * of each key written, in a superuser's load (`session_replication_role = replica`, as a bare
 * table's COPY): the keys are read from the servers they name, which the load holds (ACCESS
 * EXCLUSIVE) until the commit. A check per row is a query of its own, most of the statement's time.
 * server_addresses keeps its indexes, and stays open to other requests.
 */
async function withoutAddressChecks(trx: Kysely<Tables>, write: () => Promise<void>): Promise<void> {
  const { rows } = await sql<{
    superuser: string;
    role: string;
  }>`SELECT current_setting('is_superuser') AS superuser,
    current_setting('session_replication_role') AS role`.execute(trx);
  if (rows[0]!.superuser !== 'on' || rows[0]!.role !== 'origin') return write();
  await sql`SET LOCAL session_replication_role = replica`.execute(trx);
  await write();
  await sql`SET LOCAL session_replication_role = origin`.execute(trx);
}

/**
 * Runs key checks over loaded rows with hash joins: without statistics of the new rows the planner
 * probes the referenced key's index once per row, several times slower than hashing the referenced
 * table.
 */
async function withoutNestedLoops(trx: Kysely<Tables>, run: () => Promise<void>): Promise<void> {
  await sql`SET LOCAL enable_nestloop = off`.execute(trx);
  await run();
  await sql`RESET enable_nestloop`.execute(trx);
}

/**
 * What a foreign key checks of each written row, for all the loaded rows at once: a loaded row
 * whose key columns are all set names a row of the referenced table (MATCH SIMPLE). One hash
 * anti-join (withoutNestedLoops); the referenced tables left to it are the small ones (workspaces,
 * people, applications…). The row-by-row check also locks the row it finds (FOR KEY SHARE) against a
 * delete before the commit: here the loaded table's own ACCESS EXCLUSIVE lock does it, as a
 * delete of a referenced row must read or update the referencing table.
 */
async function checkLoaded(
  trx: Kysely<Tables>,
  table: string,
  { name, columns, parent, parentColumns }: ForeignKey,
): Promise<void> {
  const set = sql.join(
    columns.map((column) => sql`${sql.id('loaded', column)} IS NOT NULL`),
    sql` AND `,
  );
  const same = sql.join(
    columns.map((column, i) => sql`${sql.id('referenced', parentColumns[i]!)} = ${sql.id('loaded', column)}`),
    sql` AND `,
  );
  const { rows } = await sql<{
    values: string;
  }>`SELECT concat_ws(', ', ${sql.join(columns.map((column) => sql.id('loaded', column)))}) AS values
    FROM ${sql.table(table)} AS loaded WHERE ${writtenHere('loaded')} AND ${set}
      AND NOT EXISTS (SELECT 1 FROM ${sql.table(parent)} AS referenced WHERE ${same}) LIMIT 1`.execute(trx);
  const missing = rows[0];
  if (missing)
    throw new Error(
      `insert or update on table "${table}" violates foreign key constraint "${name}": ` +
        `(${columns.join(', ')})=(${missing.values}) is not present in table "${parent}"`,
    );
}

/**
 * Does for the rows the load wrote what the statement trigger would have done for them. They are
 * the table's rows written by this transaction (`xmin`, the transaction's id: the load runs no
 * savepoints), as on SQLite they are the rows above the rowid the load started from: a table is
 * loaded bare only by the load, which nothing else in its transaction writes.
 */
async function countLoaded(
  trx: Kysely<Tables>,
  table: string,
  facts: TableStorage,
  trigger: string,
  valueCounts: readonly [string, string][],
): Promise<void> {
  if (trigger.endsWith('_count_insert')) await addRowCounts(trx, table, writtenHere);
  else if (trigger.endsWith('_search_version_insert')) await bumpSearchVersions(trx, table, writtenHere, POSTGRES_NEXT);
  else if (trigger.endsWith('_address_insert')) await indexAddresses(trx, 'postgres', writtenHere);
  else if (trigger.endsWith('_custom_search')) await writeCustomSearch(trx, 'postgres', table, facts, writtenHere);
  else if (valueCounts.length > 0) {
    // Every counted filter in one pass over the rows, a grouping set each: about half the time of
    // one (filter, value) row per filter and row.
    const value = (i: number) => sql.ref(`v${i}`);
    const grouped = (i: number) => sql.ref(`g${i}`);
    const groupings = sql.join(valueCounts.map((_, i) => sql`${value(i)}, GROUPING(${value(i)}) AS ${grouped(i)}`));
    const values = sql.join(
      valueCounts.map(
        ([, expression], i) => sql`CAST(${sql.raw(valueOfRow(expression, 'loaded'))} AS text) AS ${value(i)}`,
      ),
    );
    const sets = sql.join(valueCounts.map((_, i) => sql`(workspace_id, ${value(i)})`));
    const perFilter = sql.join(valueCounts.map(([filter], i) => sql`(${filter}, ${value(i)}, ${grouped(i)})`));
    await sql`INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total)
      SELECT grouped.workspace_id, ${table}, counted.filter, counted.value, grouped.total
      FROM (
        SELECT workspace_id, ${groupings}, count(*) AS total
        FROM (SELECT workspace_id, ${values}
              FROM ${sql.table(table)} AS loaded WHERE ${writtenHere('loaded')}) AS counted_rows
        GROUP BY GROUPING SETS (${sets})
      ) AS grouped
      CROSS JOIN LATERAL (VALUES ${perFilter}) AS counted (filter, value, grouping)
      WHERE counted.grouping = 0 AND counted.value IS NOT NULL
      ORDER BY 1, 3, 4
      ON CONFLICT (workspace_id, table_name, filter_name, value)
      DO UPDATE SET total = value_counts.total + excluded.total`.execute(trx);
  }
}

/** Which of a table's rows a load wrote, as a condition on the row named `row`. */
type Loaded = (row: string) => RawBuilder<SqlBool>;

/** PostgreSQL: the rows this transaction wrote (its id is their `xmin`; the load runs no savepoints). */
const writtenHere: Loaded = (row) => sql<SqlBool>`${sql.ref(`${row}.xmin`)} = pg_current_xact_id()::xid`;

/** What the custom fields' search text trigger (storage-sql.ts customSearchObjects) does, for the loaded rows. */
async function writeCustomSearch(
  trx: Kysely<Tables>,
  dialect: Dialect,
  table: string,
  facts: TableStorage,
  loaded: Loaded,
): Promise<void> {
  const value = sql.raw(customSearchValue(dialect, facts.customFields!, table));
  // Only rows whose text changes: a workspace with no searchable field of the family writes none.
  const differs = dialect === 'postgres' ? sql`IS DISTINCT FROM` : sql`IS NOT`;
  await sql`UPDATE ${sql.table(table)} SET custom_search = ${value}
    WHERE ${loaded(table)} AND custom_fields <> '{}' AND custom_search ${differs} ${value}`.execute(trx);
}

/** What a row-count insert trigger (`counted` in storage.ts) does, for the loaded rows at once. */
async function addRowCounts(trx: Kysely<Tables>, table: string, loaded: Loaded): Promise<void> {
  await sql`INSERT INTO row_counts (workspace_id, table_name, total)
    SELECT workspace_id, ${table}, count(*) FROM ${sql.table(table)} WHERE ${loaded(table)}
    GROUP BY workspace_id ORDER BY 1
    ON CONFLICT (workspace_id, table_name) DO UPDATE SET total = row_counts.total + excluded.total`.execute(trx);
}

/** What a search-version insert trigger (search-counts.ts) does: a new version for each workspace loaded into. */
async function bumpSearchVersions(trx: Kysely<Tables>, table: string, loaded: Loaded, next: string): Promise<void> {
  await sql`INSERT INTO search_versions (workspace_id, table_name, version)
    SELECT workspace_id, ${table}, ${sql.raw(next)}
    FROM (SELECT DISTINCT workspace_id FROM ${sql.table(table)} WHERE ${loaded(table)}) written WHERE true ORDER BY 1
    ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = ${sql.raw(next)}`.execute(trx);
}

/**
 * What a link's copy trigger (`nameCopy` in storage.ts) does, for loaded rows without a copy. A
 * copy the load brought is taken as it is (the seed writes its servers' names and environments):
 * checking each would cost a lookup of its server per row, and writing the copies afterwards would
 * rewrite every row. Rows without a name's copy, or without a copy of a column alongside (a backup
 * made before that copy was kept), get theirs from their server.
 */
async function fillEmptyCopies(
  trx: Kysely<Tables>,
  table: string,
  { key, from, source, copy, alongside = {} }: NameCopy,
  loaded: Loaded,
): Promise<void> {
  const copies = [[copy, source], ...Object.entries(alongside).map(([column, kept]) => [kept, column])];
  const missing = [
    sql`${sql.ref(`${table}.${copy}`)} = ''`,
    ...Object.values(alongside).map((kept) => sql`${sql.ref(`${table}.${kept}`)} IS NULL`),
  ];
  await sql`UPDATE ${sql.table(table)}
    SET ${sql.join(copies.map(([kept, column]) => sql`${sql.ref(kept!)} = copied.${sql.ref(column!)}`))}
    FROM ${sql.table(from)} AS copied
    WHERE copied.workspace_id = ${sql.ref(`${table}.workspace_id`)} AND copied.id = ${sql.ref(`${table}.${key}`)}
      AND ${loaded(table)} AND (${sql.join(missing, sql` OR `)})`.execute(trx);
}

/**
 * What the servers' address insert trigger does, for the loaded servers at once:
 * the keys of each one's addresses into server_addresses, made by the database's
 * estate_address_key() as the trigger makes them.
 */
async function indexAddresses(trx: Kysely<Tables>, dialect: Dialect, loaded: Loaded): Promise<void> {
  if (dialect === 'postgres') {
    // A list that is a JSON array of plain strings (no escapes: valid JSON) has the keys of its
    // elements, as estate_address_keys() makes them, without its parse in a subtransaction of its
    // own (its EXCEPTION block) for each server; any other list is read by the function. A key
    // met twice is written once (DISTINCT, as the function's). No key of a loaded server is there
    // before (only its trigger writes them, off during the load), so the plain INSERT cannot
    // conflict: a speculative insertion (ON CONFLICT) per row costs a third of the statement.
    const plain = sql<SqlBool>`servers.ip_addresses ~ ${PLAIN_ADDRESS_LIST}`;
    // An IPv4 address (estate_address_key's first pattern) has the key the function makes of it,
    // made inline: '4' and its four bytes in hexadecimal (inet_send's, after its 4-byte header).
    await sql`INSERT INTO server_addresses (workspace_id, server_id, address)
      SELECT DISTINCT servers.workspace_id, servers.id, keys.address
      FROM servers CROSS JOIN LATERAL (SELECT CASE WHEN element.value ~ ${PLAIN_IPV4}
          THEN '4' || encode(substring(inet_send(element.value::inet) FROM 5), 'hex')
          ELSE estate_address_key(element.value) END AS address
        FROM jsonb_array_elements_text(CASE WHEN ${plain} THEN servers.ip_addresses::jsonb END) AS element (value)
      ) AS keys
      WHERE ${loaded('servers')} AND ${plain} AND keys.address IS NOT NULL
      ORDER BY 1, 2, 3`.execute(trx);
    await sql`INSERT INTO server_addresses (workspace_id, server_id, address)
      SELECT servers.workspace_id, servers.id, keys.address
      FROM servers CROSS JOIN LATERAL unnest(estate_address_keys(servers.ip_addresses)) AS keys (address)
      WHERE ${loaded('servers')} AND NOT ${plain} ORDER BY 1, 2, 3 ON CONFLICT DO NOTHING`.execute(trx);
    return;
  }
  // Each server's first address's key, as the insert trigger writes it (migration 0014).
  await sql`UPDATE servers SET ip_key = ${sql.raw(sqliteIpKey('servers'))} WHERE ${loaded('servers')}`.execute(trx);
  // A key the function does not make (NULL) breaks the column's NOT NULL, and OR IGNORE leaves that
  // element out: as the trigger's `IS NOT NULL`, with one call of the function per element.
  await sql`INSERT OR IGNORE INTO server_addresses (workspace_id, server_id, address)
    SELECT servers.workspace_id, servers.id, estate_address_key(element.value)
    FROM servers, json_each(CASE WHEN json_valid(servers.ip_addresses) AND json_type(servers.ip_addresses) = 'array'
      THEN servers.ip_addresses ELSE '[]' END) AS element
    WHERE ${loaded('servers')} AND element.type = 'text'`.execute(trx);
}

/**
 * SQLite: runs `write`, which adds about `adding` rows to `table`, without the table's secondary
 * indexes when that at least doubles it: they are built once afterwards (a sorted build) instead
 * of growing at random pages, a row at a time (the servers' address keys, in address order).
 */
async function withIndexesAfter(
  trx: Kysely<Tables>,
  table: string,
  adding: number,
  write: () => Promise<void>,
): Promise<void> {
  const indexes =
    adding >= SUSPEND_FROM_ROWS && adding >= (await largestRowid(trx, table))
      ? (
          await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master
            WHERE type = 'index' AND tbl_name = ${table} AND sql IS NOT NULL ORDER BY name`.execute(trx)
        ).rows
      : [];
  for (const { name } of indexes) await sql`DROP INDEX ${sql.id(name)}`.execute(trx);
  await write();
  for (const index of indexes) await trx.executeQuery(CompiledQuery.raw(index.sql));
}

/** PostgreSQL: a JSON array of strings without escapes or control characters, which `::jsonb` reads. */
const JSON_SPACE = String.raw`[ \t\n\r]*`;
const PLAIN_STRING = String.raw`"[^"\\\x01-\x1f]*"`;
const PLAIN_ELEMENT = `${PLAIN_STRING}${JSON_SPACE}`;
const PLAIN_ADDRESS_LIST = String.raw`^\[${JSON_SPACE}(${PLAIN_ELEMENT}(,${JSON_SPACE}${PLAIN_ELEMENT})*)?\]$`;

/** An IPv4 address as node:net's isIP reads one (estate_address_key's first pattern). */
const IPV4_BYTE = '(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
const PLAIN_IPV4 = String.raw`^${IPV4_BYTE}(\.${IPV4_BYTE}){3}$`;

/** SQLite: raises the connection's page cache for a large load (LOAD_CACHE_KIB), returning the one it had. */
async function loadingCache(trx: Kysely<Tables>): Promise<number> {
  const {
    rows: [cache],
  } = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(trx);
  const kib = cache!.cache_size < 0 ? -cache!.cache_size : cache!.cache_size * 4;
  if (kib < LOAD_CACHE_KIB) await sql`PRAGMA cache_size = ${sql.lit(-LOAD_CACHE_KIB)}`.execute(trx);
  return cache!.cache_size;
}

/** The table's largest rowid: its row count when nothing was deleted, found in O(log n). */
async function largestRowid(trx: Kysely<Tables>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | null }>`SELECT max(rowid) AS n FROM ${sql.table(table)}`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The insert triggers the load knows how to replay for a whole load at once, by name: the storage
 * facts of storage.ts (row count, text and gram indexes, per-value, per-day and per-link counts in one
 * trigger, search version, a link's copy of its server's name, the search text of custom fields)
 * and the servers' address keys. Any other trigger stays and fires per row.
 */
const REPLAYED_TRIGGERS = [
  'count_insert',
  'text_insert',
  'grams_insert',
  'tally_insert',
  'search_version_insert',
  'copy_insert',
  'address_insert',
  'custom_search_insert',
];

/**
 * Drops the table's declared indexes (not its primary key or unique constraints, which SQLite
 * keeps as automatic indexes) and the insert triggers it can replay.
 */
async function suspend(trx: Kysely<Tables>, table: string, facts: TableStorage, before: number): Promise<Suspended> {
  const replayed = sql.join(REPLAYED_TRIGGERS.map((suffix) => `${table}_${suffix}`));
  const { rows } = await sql<{ type: string; name: string; sql: string }>`
    SELECT type, name, sql FROM sqlite_master
    WHERE tbl_name = ${table} AND sql IS NOT NULL
      AND (type = 'index' OR (type = 'trigger' AND name IN (${replayed})))`.execute(trx);
  for (const { type, name } of rows)
    await sql`DROP ${sql.raw(type === 'index' ? 'INDEX' : 'TRIGGER')} ${sql.id(name)}`.execute(trx);
  return {
    facts,
    before,
    rows: 0,
    indexes: rows.filter((row) => row.type === 'index').map((row) => row.sql),
    triggers: rows.filter((row) => row.type === 'trigger').map(({ name, sql }) => ({ name, sql })),
  };
}

/** Does for the loaded rows (rowid above `before`) what a replayed trigger would have done for each. */
async function catchUp(
  trx: Kysely<Tables>,
  table: string,
  facts: TableStorage,
  trigger: string,
  before: number,
): Promise<void> {
  const above: Loaded = (row) => sql<SqlBool>`${sql.ref(`${row}.rowid`)} > ${before}`;
  const loaded = sql`FROM ${sql.table(table)} WHERE ${above(table)}`;
  if (trigger.endsWith('_count_insert')) return addRowCounts(trx, table, above);
  if (trigger.endsWith('_search_version_insert')) return bumpSearchVersions(trx, table, above, SQLITE_NEXT);
  if (trigger.endsWith('_custom_search_insert')) return writeCustomSearch(trx, 'sqlite', table, facts, above);
  if (trigger.endsWith('_copy_insert')) return fillEmptyCopies(trx, table, facts.nameCopy!, above);
  if (trigger.endsWith('_address_insert'))
    return withIndexesAfter(trx, 'server_addresses', (await largestRowid(trx, table)) - before, () =>
      indexAddresses(trx, 'sqlite', above),
    );
  if (trigger.endsWith('_tally_insert')) {
    for (const [filter, expression] of Object.entries(valueCountsOn('sqlite', facts))) {
      await sql`INSERT INTO value_counts (workspace_id, table_name, filter_name, value, total)
        SELECT workspace_id, ${table}, ${filter}, value, count(*)
        FROM (SELECT workspace_id, ${sql.raw(valueOfRow(expression, table))} AS value ${loaded}) counted
        WHERE value IS NOT NULL GROUP BY workspace_id, value
        ON CONFLICT (workspace_id, table_name, filter_name, value)
        DO UPDATE SET total = value_counts.total + excluded.total`.execute(trx);
    }
    return;
  }
  if (trigger.endsWith('_grams_insert')) {
    const grams = sql.table(`${table}_grams`);
    const columns = (facts.searched ?? []).map((column) => sql.ref(column));
    const hash = (bytes: number) =>
      sql`INSERT INTO ${grams} (${grams}, rank) VALUES ('hashsize', ${sql.lit(bytes)})`.execute(trx);
    await hash(LOAD_FTS_HASH_BYTES);
    await sql`INSERT INTO ${grams} (rowid, grams) SELECT rowid, estate_grams(${sql.join(columns)}) ${loaded}`.execute(
      trx,
    );
    await hash(DEFAULT_FTS_HASH_BYTES);
    return;
  }
  const text = `${table}_text`;
  const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${text}) ORDER BY cid`.execute(trx);
  const columns = rows.map((row) => sql.ref(row.name));
  // estate_fold() (text-search.ts) is JavaScript's toLowerCase(): on text of ASCII characters only
  // it is SQLite's lower(), which spares the call into JavaScript for each column of each row.
  const folded = rows.map(({ name }) => {
    const column = sql.ref(name);
    return sql`CASE WHEN typeof(${column}) = 'text' AND length(${column}) = octet_length(${column})
      THEN lower(${column}) ELSE estate_fold(${column}) END`;
  });
  const hash = (bytes: number) =>
    sql`INSERT INTO ${sql.table(text)} (${sql.table(text)}, rank) VALUES ('hashsize', ${sql.lit(bytes)})`.execute(trx);
  await hash(LOAD_FTS_HASH_BYTES);
  await sql`INSERT INTO ${sql.table(text)} (rowid, ${sql.join(columns)})
    SELECT rowid, ${sql.join(folded)} ${loaded}`.execute(trx);
  await hash(DEFAULT_FTS_HASH_BYTES);
}

async function primaryKeyOf(trx: Kysely<Tables>, dialect: Dialect, table: string): Promise<string[]> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table}) WHERE pk > 0 ORDER BY pk`.execute(trx)
      : await sql<{ name: string }>`
          SELECT a.attname AS name FROM pg_index i CROSS JOIN unnest(i.indkey) WITH ORDINALITY AS k(attnum, position)
          JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
          WHERE i.indrelid = ${table}::regclass AND i.indisprimary ORDER BY k.position`.execute(trx);
  return rows.map((row) => row.name);
}

/**
 * The rows in primary-key order, so the key's index grows at its end instead of at random pages
 * (links of random applications to servers, say). Rows already in order (UUID v7 ids made in
 * sequence) are returned as they are.
 */
function inKeyOrder(rows: readonly Row[], key: readonly string[]): readonly Row[] {
  const compare = (a: Row, b: Row): number => {
    for (const column of key) {
      let x = a[column];
      let y = b[column];
      if (x === y) continue;
      // Compared as text (the ids are strings: no copy made).
      if (typeof x !== 'string') x = String(x);
      if (typeof y !== 'string') y = String(y);
      if (x !== y) return (x as string) < (y as string) ? -1 : 1;
    }
    return 0;
  };
  for (let i = 1; i < rows.length; i += 1) if (compare(rows[i - 1]!, rows[i]!) > 0) return [...rows].sort(compare);
  return rows;
}

async function insertSqlite(
  trx: Kysely<Tables>,
  table: string,
  rows: readonly Row[],
  progress?: (written: number) => void,
): Promise<void> {
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
 * PostgreSQL's GIN indexes (the text index, text-search.ts) take new entries into a pending list
 * and merge it into the index when it passes gin_pending_list_limit: a load would merge hundreds of
 * times. For the load's transaction the list may grow much larger, merged once per index at the
 * end with the memory of a maintenance task.
 */
async function deferGinMerges(trx: Kysely<Tables>): Promise<void> {
  await sql`SET LOCAL gin_pending_list_limit = '1GB'`.execute(trx);
  await sql`SET LOCAL maintenance_work_mem = '512MB'`.execute(trx);
  await sql`SET LOCAL work_mem = '256MB'`.execute(trx);
}

async function mergeGinPending(trx: Kysely<Tables>, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  const relations = sql.raw(`ARRAY[${tables.map((table) => `'${table}'::regclass`).join(', ')}]`);
  await sql`SELECT gin_clean_pending_list(i.indexrelid)
    FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
    WHERE a.amname = 'gin' AND i.indrelid = ANY (${relations})`.execute(trx);
}

/**
 * Streams the rows to the table with COPY, in its text format. PostgreSQL reads COPY's fields
 * several times faster than the same rows as arrays or a JSON document, and the text is quicker to
 * make than pg's array parameters.
 */
function copyRows(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  text: string,
  unchecked: boolean,
): { done: Promise<void>; handedOver: Promise<void> } {
  const copy = `COPY "${table}" (${columns.map((column) => `"${column}"`).join(', ')}) FROM STDIN`;
  // One query string, so that nothing sent meanwhile on the transaction runs between its
  // statements: only the COPY goes without the per-row foreign key checks (uncheckedKeys). The
  // server runs a query string's statements in turn, the COPY's rows coming in the middle.
  const stream = client.query(
    copyFrom(
      unchecked
        ? `SET LOCAL session_replication_role = replica; ${copy}; SET LOCAL session_replication_role = origin`
        : copy,
    ),
  );
  // The write's callback runs once the server has asked for the rows and the socket has taken
  // them all; a COPY that fails before that never calls it, and ends `done` instead.
  const written = new Promise<void>((resolve) => stream.write(text, () => resolve()));
  stream.end();
  const done = finished(stream);
  return { done, handedOver: Promise.race([written, done.catch(() => undefined)]) };
}

/** The rows as COPY's text format: a line each, the fields in the order of the first row's columns. */
function copyText(rows: readonly Row[]): string {
  const columns = Object.keys(rows[0]!);
  const lines: string[] = [];
  for (const row of rows) lines.push(columns.map((column) => copyField(row[column])).join('\t'));
  return `${lines.join('\n')}\n`;
}

/** A value as a field of COPY's text format: `\N` for NULL, and backslash, tab and line ends escaped. */
function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  const text =
    typeof value === 'boolean'
      ? value
        ? 't'
        : 'f'
      : value instanceof Date
        ? value.toISOString()
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  return /[\\\t\n\r]/.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : text;
}

const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/**
 * The pg client of the transaction's connection, which COPY streams through: the pool's client of
 * the server process running the transaction, checked by a setting only the transaction holds
 * (behind a connection pooler the process ids are the pooler's, and one could name another client).
 */
async function clientOf(trx: Kysely<Tables>, database: Pick<Database, 'clientOf'>): Promise<pg.PoolClient> {
  const mark = randomUUID();
  const { rows } = await sql<{
    pid: number;
  }>`SELECT pg_backend_pid() AS pid, set_config('estate.bulk_load', ${mark}, true)`.execute(trx);
  const client = database.clientOf?.(Number(rows[0]!.pid));
  const seen = client
    ? (await client.query<{ mark: string | null }>(`SELECT current_setting('estate.bulk_load', true) AS mark`)).rows[0]
        ?.mark
    : undefined;
  if (!client || seen !== mark)
    throw new Error(
      "bulk load: the client of the transaction's connection is not known " +
        '(a database not opened by openDatabase, or a connection pooler between Estate and PostgreSQL)',
    );
  return client;
}

/**
 * At most one statement running while the caller goes on (PostgreSQL: the seed makes its next
 * rows meanwhile). Its failure is thrown by the next wait;
 * the transaction is aborted by then, so nothing after it is written.
 */
function inFlight() {
  let running: Promise<void> | undefined;
  let failure: { error: unknown } | undefined;
  return {
    start(statement: Promise<void>): void {
      // Kept here, so that it is not reported as unhandled before the next wait, and thrown by
      // every wait after it: the transaction is aborted, and the first cause is the one to tell.
      running = statement.catch((error: unknown) => {
        failure ??= { error };
      });
    },
    async wait(): Promise<void> {
      await running;
      if (failure) throw failure.error;
    },
  };
}
