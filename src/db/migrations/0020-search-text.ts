import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { SEARCHED, UNSCOPED } from './0017-text-index.js';

/**
 * Issue 14, PostgreSQL: one folded search column per searched table instead of one pg_trgm index
 * per column (migration 0017). `search_text` is a stored generated column, the estate_fold() of the
 * search columns joined by U+001F (which a search never holds, so a match cannot span two
 * columns), under one GIN index with the workspace first.
 *
 * Measured at 1M servers: a search's recheck called estate_fold() on every candidate row, a
 * function call of about 4 µs (its SET clause keeps it from being inlined, migration 0017), so a
 * search matching 143,600 servers took 1,063 ms; a seed maintained 3 GIN indexes per server. The
 * recheck now compares a column, and a row is folded once, when written.
 *
 * The tables and columns are migration 0017's. SQLite keeps its FTS5 tables, whose columns are
 * already one index per table.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const [table, columns] of Object.entries(SEARCHED)) {
    const folded = sql.join(
      columns.map((column) => sql`estate_fold(coalesce(${sql.ref(column)}, ''))`),
      sql` || chr(31) || `,
    );
    await sql`ALTER TABLE ${sql.table(table)} ADD COLUMN search_text text GENERATED ALWAYS AS (${folded}) STORED`.execute(
      db,
    );
    for (const column of columns) await sql`DROP INDEX ${sql.id(`${table}_${column}_text_idx`)}`.execute(db);
    const keys = [...(UNSCOPED.has(table) ? [] : [sql.ref('workspace_id')]), sql`search_text gin_trgm_ops`];
    await sql`CREATE INDEX ${sql.id(`${table}_search_text_idx`)} ON ${sql.table(table)} USING gin (${sql.join(keys)})`.execute(
      db,
    );
  }
}
