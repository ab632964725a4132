import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { searchRebuildStatements } from '../storage-sql.js';

/**
 * `q` finds hosts the way admins look for them: servers and workstations by OS, manufacturer,
 * model, serial number and location too, applications by their catalog entry (storage.ts,
 * `searched`). The text index and search-version triggers of those tables are made again over
 * the new columns, and the rows already there are indexed.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const table of ['applications', 'servers', 'workstations']) {
    for (const statement of searchRebuildStatements(dialect, table)) await sql.raw(statement).execute(db);
  }
}

/** The storage this migration brings the schema to (storageFingerprint()). */
export const storageFingerprint = '7f94863b0d3052ea';
