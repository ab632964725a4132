import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { STORAGE } from '../storage.js';
import { storageObjects } from '../storage-sql.js';

/** The links that keep a server's environment beside its name (`alongside` in storage.ts). */
const LINKS = ['server_tags', 'application_servers'] as const;

/**
 * Links to servers keep the server's environment beside its name (`server_environment`), with an
 * index of (workspace_id, other side, environment, name, server): a list by tag or application and
 * environment (a role restricted to both) reads its matches, total and page from that index alone.
 * The copy triggers are made again to write it, and servers copy a changed environment to their
 * links as they copy a rename. A database the baseline made with this version has it all already:
 * the baseline's tables hold the column, and the baseline makes the storage the facts call for now.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (await hasColumn(db, dialect, 'server_tags', 'server_environment')) return;
  for (const link of LINKS) {
    await sql`ALTER TABLE ${sql.table(link)} ADD COLUMN server_environment text`.execute(db);
    await sql`UPDATE ${sql.table(link)} SET server_environment = copied.environment FROM servers AS copied
      WHERE copied.workspace_id = ${sql.ref(`${link}.workspace_id`)} AND copied.id = ${sql.ref(`${link}.server_id`)}
        AND copied.environment IS NOT NULL`.execute(db);
    if (dialect === 'postgres') {
      await sql`DROP TRIGGER ${sql.id(`${link}_name_copy`)} ON ${sql.table(link)}`.execute(db);
      await sql`DROP FUNCTION ${sql.id(`${link}_copy_name`)}()`.execute(db);
    } else {
      await sql`DROP TRIGGER ${sql.id(`${link}_copy_insert`)}`.execute(db);
      await sql`DROP TRIGGER ${sql.id(`${link}_copy_update`)}`.execute(db);
    }
    // The copy's function and triggers, and the index of the environment's copy.
    for (const object of storageObjects(dialect, link, STORAGE[link]))
      if (object.name.includes('_copy') || object.name.endsWith('_server_environment_idx'))
        await sql.raw(object.sql).execute(db);
  }
  for (const object of storageObjects(dialect, 'servers'))
    if (object.name.includes('environment')) await sql.raw(object.sql).execute(db);
  if (dialect === 'postgres') for (const link of LINKS) await sql`ANALYZE ${sql.table(link)}`.execute(db);
}

export const storageFingerprint = '38a122910ba88752';

async function hasColumn(db: Kysely<unknown>, dialect: Dialect, table: string, column: string): Promise<boolean> {
  const { rows } =
    dialect === 'postgres'
      ? await sql`SELECT 1 FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = ${table} AND column_name = ${column}`.execute(db)
      : await sql`SELECT 1 FROM pragma_table_info(${table}) WHERE name = ${column}`.execute(db);
  return rows.length > 0;
}
