import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { gramIndex, gramIndexFill, presentColumns, searchedColumns } from '../storage-sql.js';
import { SERVICE_TABLES } from '../storage.js';

/**
 * SQLite: a gram index beside each trigram text index, so a search of one or two characters reads
 * its matches instead of comparing every column of every row on the event loop
 * (db/text-search.ts, docs/notes/short-searches.md). Made again from scratch, whatever an earlier
 * step made, and filled from the rows there. PostgreSQL keeps its indexes: nothing to do there.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'sqlite') return;
  // A table a later migration makes gets its gram index there (people, 0009).
  const present = await presentColumns(db);
  for (const table of SERVICE_TABLES.filter((name) => present.has(name))) {
    // Over the columns there now: a column added later (custom_search, 0010) is indexed from then.
    const columns = searchedColumns(table, present.get(table));
    if (!columns) continue;
    for (const event of ['insert', 'update', 'delete'])
      await sql.raw(`DROP TRIGGER IF EXISTS ${table}_grams_${event}`).execute(db);
    await sql.raw(`DROP TABLE IF EXISTS ${table}_grams`).execute(db);
    for (const object of gramIndex(table, columns)) await sql.raw(object.sql).execute(db);
    await sql.raw(gramIndexFill(table, columns)).execute(db);
  }
}

/** The storage this migration brings the schema to (storageFingerprint()). */
export const storageFingerprint = '66a0ba4bd1abcab4';
