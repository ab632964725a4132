import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { fold } from '../text-search.js';

/** Columns whose exact, case-insensitive filter reads a case-folded copy kept beside them. */
const FOLDED: [table: string, column: string, key: string][] = [
  ['servers', 'os', 'os_key'],
  ['routers', 'manufacturer', 'manufacturer_key'],
  ['contracts', 'vendor', 'vendor_key'],
];

/**
 * The `os`, `manufacturer` and `vendor` filters compare a copy folded in JavaScript (text-search.ts)
 * on a plain index: one rule on both databases, and no SQL function an index would depend on
 * (SQLite's lower() folds A–Z only; an index over estate_fold() would need the function on every
 * connection that writes the table). Filled here from the existing rows, in batches.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const [table, column, key] of FOLDED) {
    await db.schema.alterTable(table).addColumn(key, 'text').execute();
    const values = await sql<{
      value: string;
    }>`SELECT DISTINCT ${sql.ref(column)} AS value FROM ${sql.table(table)} WHERE ${sql.ref(column)} IS NOT NULL`.execute(
      db,
    );
    for (const { value } of values.rows) {
      await sql`UPDATE ${sql.table(table)} SET ${sql.ref(key)} = ${fold(value)} WHERE ${sql.ref(column)} = ${value}`.execute(
        db,
      );
    }
    await db.schema.createIndex(`${table}_${key}_idx`).on(table).columns(['workspace_id', key]).execute();
  }
  await sql`DROP INDEX IF EXISTS servers_os_fold_idx`.execute(db);
}
