import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { presentColumns, searchedColumns, searchRebuildStatements } from '../storage-sql.js';

/**
 * `q` finds hosts the way admins look for them: servers and workstations by OS, manufacturer,
 * model, serial number and location too, applications by their catalog entry (storage.ts,
 * `searched`). The text index and search-version triggers of those tables are made again over
 * the new columns, and the rows already there are indexed.
 *
 * And the lists' saved views (src/console/views.routes.ts): a list's filters, sort and columns
 * under a name, its creator's or shared with the workspace.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const present = await presentColumns(db);
  for (const table of ['applications', 'servers', 'workstations']) {
    // Over the columns there now: a column added later (custom_search, 0010) is searched from then.
    const columns = searchedColumns(table, present.get(table));
    for (const statement of searchRebuildStatements(dialect, table, columns)) await sql.raw(statement).execute(db);
  }
  const [id, time] = dialect === 'postgres' ? ['uuid', 'timestamp with time zone'] : ['text', 'text'];
  await sql
    .raw(
      `CREATE TABLE IF NOT EXISTS saved_views (
        workspace_id ${id} NOT NULL REFERENCES workspaces(id) ON DELETE CASCADE,
        id ${id} NOT NULL,
        family text NOT NULL,
        name text NOT NULL,
        owner_user_id ${id} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        shared integer NOT NULL,
        query text NOT NULL,
        created_at ${time} NOT NULL,
        PRIMARY KEY (workspace_id, id)
      )`,
    )
    .execute(db);
  await sql
    .raw('CREATE INDEX IF NOT EXISTS saved_views_family_idx ON saved_views (workspace_id, family, name, id)')
    .execute(db);
}

/** The storage this migration brings the schema to (storageFingerprint()). */
export const storageFingerprint = '7f94863b0d3052ea';
