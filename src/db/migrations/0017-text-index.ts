import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 14: `q` (and the audit log's `query`) reads a text index instead of every row of the
 * workspace. The columns are each list's search columns, case-folded by estate_fold() as the
 * queries fold them (db/text-search.ts), so both databases give the answer LIKE gave.
 *
 * SQLite: one FTS5 table per listed table, `<table>_text`, trigram-tokenized (any substring of
 * three or more characters), contentless (it keeps only the index, keyed by the table's rowid) and
 * filled by triggers in the writing transaction. PostgreSQL: pg_trgm GIN indexes on
 * estate_fold(column), with the workspace first (btree_gin) where the table has one.
 */
export const SEARCHED: Record<string, string[]> = {
  applications: ['name', 'vendor', 'description'],
  categories: ['name', 'description'],
  teams: ['name', 'description'],
  servers: ['name', 'hostname', 'ip_addresses'],
  networks: ['name', 'cidr', 'location'],
  routers: ['name', 'model', 'management_ip'],
  workstations: ['name', 'hostname', 'serial_number', 'model'],
  data_objects: ['name', 'description'],
  contracts: ['name', 'vendor', 'reference'],
  flows: ['name', 'description'],
  announcements: ['title', 'body'],
  tags: ['name'],
  agents: ['name', 'hostname'],
  discovered_applications: ['name', 'vendor'],
  users: ['name', 'email'],
  audit_events: ['resource_name', 'actor_name', 'action', 'resource_type'],
};

/** Tables without a workspace column (people are shared by the workspaces they belong to). */
export const UNSCOPED = new Set(['users']);

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
    // The planner inlined estate_fold() into lower(translate(…)) and priced it as two cheap
    // operators, so it filtered a whole workspace rather than read the text index (~8 µs a call,
    // measured). A SET clause keeps it a function call, priced by its COST.
    await sql`ALTER FUNCTION estate_fold(text) SET search_path = pg_catalog, public`.execute(db);
    await sql`ALTER FUNCTION estate_fold(text) COST 100`.execute(db);
  }
  for (const [table, columns] of Object.entries(SEARCHED)) {
    if (dialect === 'postgres') {
      for (const column of columns) {
        const keys = [
          ...(UNSCOPED.has(table) ? [] : [sql.ref('workspace_id')]),
          sql`estate_fold(${sql.ref(column)}) gin_trgm_ops`,
        ];
        await sql`CREATE INDEX ${sql.id(`${table}_${column}_text_idx`)} ON ${sql.table(table)} USING gin (${sql.join(keys)})`.execute(
          db,
        );
      }
      continue;
    }
    const text = sql.table(`${table}_text`);
    const names = sql.join(columns.map((column) => sql.ref(column)));
    const folded = (row: string) => sql.join(columns.map((column) => sql`estate_fold(${sql.ref(`${row}.${column}`)})`));
    await sql`CREATE VIRTUAL TABLE ${text} USING fts5(${names}, tokenize = 'trigram case_sensitive 1', content = '', contentless_delete = 1)`.execute(
      db,
    );
    await sql`INSERT INTO ${text} (rowid, ${names}) SELECT rowid, ${folded(table)} FROM ${sql.table(table)}`.execute(
      db,
    );
    await sql`CREATE TRIGGER ${sql.id(`${table}_text_insert`)} AFTER INSERT ON ${sql.table(table)} BEGIN
      INSERT INTO ${text} (rowid, ${names}) VALUES (new.rowid, ${folded('new')}); END`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`${table}_text_update`)} AFTER UPDATE OF ${names} ON ${sql.table(table)} BEGIN
      DELETE FROM ${text} WHERE rowid = old.rowid;
      INSERT INTO ${text} (rowid, ${names}) VALUES (new.rowid, ${folded('new')}); END`.execute(db);
    await sql`CREATE TRIGGER ${sql.id(`${table}_text_delete`)} AFTER DELETE ON ${sql.table(table)} BEGIN
      DELETE FROM ${text} WHERE rowid = old.rowid; END`.execute(db);
  }
}
