import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { SEARCHED, UNSCOPED } from './0017-text-index.js';

/**
 * Issue 14: the total of a search (`q` alone, the audit log's `query` alone) that matches very
 * many rows is counted exactly, which costs in proportion to the matches (143,600 of a million
 * servers: 150–220 ms), and a client paging through the results asked for it again on every page.
 *
 * `search_versions` holds, per workspace and searched table, a number that changes whenever the
 * answer of any search on that table may change: a row inserted or deleted, or a searched column
 * changed. Triggers keep it in the writing transaction (per row on SQLite; on PostgreSQL inserts
 * and deletes per statement, updates per row and only when a searched value changes). The
 * application remembers a search's total with the version it was counted at, read in the same
 * statement, and counts again only when the version has moved (db/search-counts.ts), so every
 * Estate instance on one database answers exactly.
 *
 * Deletes and updates only UPDATE the version (the row exists from the first insert, or from the
 * backfill below): a workspace's cascade delete may remove its versions before its rows.
 * Tables without a workspace (users) are not versioned: their lists do not keep totals.
 */
/**
 * A new version is a random number, not the next one: a counter restored from a backup would climb
 * back through values an instance remembers totals for, with other rows behind them. (Below 2^53,
 * so JavaScript reads it exactly.)
 */
export const SQLITE_NEXT = 'abs(random() % 9007199254740991)';
export const POSTGRES_NEXT = 'floor(random() * 9007199254740991)::bigint';

export const VERSIONED: Record<string, readonly string[]> = Object.fromEntries(
  Object.entries(SEARCHED).filter(([table]) => !UNSCOPED.has(table)),
);

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const uuid = dialect === 'postgres' ? 'uuid' : 'text';
  await db.schema
    .createTable('search_versions')
    .addColumn('workspace_id', uuid, (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_versions_pk', ['workspace_id', 'table_name'])
    .execute();
  if (dialect === 'postgres') await createPostgresFunctions(db);
  for (const [table, columns] of Object.entries(VERSIONED)) {
    const changed = (old: string, next: string) =>
      columns.map((column) => `${old}.${column} IS DISTINCT FROM ${next}.${column}`).join(' OR ');
    const name = (operation: string) => sql.id(`${table}_search_version_${operation}`);
    if (dialect === 'postgres') {
      await sql`CREATE TRIGGER ${name('insert')} AFTER INSERT ON ${sql.table(table)} REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_insert()`.execute(
        db,
      );
      await sql`CREATE TRIGGER ${name('update')} AFTER UPDATE OF ${sql.join(columns.map((column) => sql.ref(column)))} ON ${sql.table(table)}
        FOR EACH ROW WHEN (${sql.raw(changed('OLD', 'NEW'))}) EXECUTE FUNCTION search_versions_update()`.execute(db);
      await sql`CREATE TRIGGER ${name('delete')} AFTER DELETE ON ${sql.table(table)} REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION search_versions_delete()`.execute(
        db,
      );
    } else {
      const bump = (row: string) =>
        `UPDATE search_versions SET version = ${SQLITE_NEXT} WHERE workspace_id = ${row}.workspace_id AND table_name = '${table}';`;
      await sql
        .raw(`CREATE TRIGGER ${table}_search_version_insert AFTER INSERT ON ${table} BEGIN
        INSERT INTO search_versions (workspace_id, table_name, version) VALUES (new.workspace_id, '${table}', ${SQLITE_NEXT})
        ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = ${SQLITE_NEXT}; END`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_search_version_update AFTER UPDATE OF ${columns.join(', ')} ON ${table}
        WHEN ${columns.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ')} BEGIN ${bump('new')} END`)
        .execute(db);
      await sql
        .raw(`CREATE TRIGGER ${table}_search_version_delete AFTER DELETE ON ${table} BEGIN ${bump('old')} END`)
        .execute(db);
    }
    await sql`INSERT INTO search_versions (workspace_id, table_name, version) SELECT DISTINCT workspace_id, ${table}, 0 FROM ${sql.table(table)}`.execute(
      db,
    );
  }
}

async function createPostgresFunctions(db: Kysely<unknown>): Promise<void> {
  // Workspaces in order, so that concurrent statements lock version rows in one order.
  await sql`
    CREATE FUNCTION search_versions_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO search_versions (workspace_id, table_name, version)
      SELECT workspace_id, TG_TABLE_NAME, ${sql.raw(POSTGRES_NEXT)} FROM (SELECT DISTINCT workspace_id FROM inserted) written ORDER BY 1
      ON CONFLICT (workspace_id, table_name) DO UPDATE SET version = ${sql.raw(POSTGRES_NEXT)};
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION search_versions_delete() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE search_versions SET version = ${sql.raw(POSTGRES_NEXT)}
      WHERE table_name = TG_TABLE_NAME AND workspace_id IN (SELECT DISTINCT workspace_id FROM deleted);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE FUNCTION search_versions_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE search_versions SET version = ${sql.raw(POSTGRES_NEXT)} WHERE workspace_id = NEW.workspace_id AND table_name = TG_TABLE_NAME;
      RETURN NULL;
    END $$`.execute(db);
}
