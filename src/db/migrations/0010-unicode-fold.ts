import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { foldKey } from '../text-search.js';

/**
 * One case folding on both databases (text-search.ts): PostgreSQL gets estate_fold(), its lower()
 * (SQLite registers the same function in JavaScript on every connection). The operating-system
 * filter's index follows the function on PostgreSQL. Tag keys are recomputed with the simple mapping (they
 * differed only for U+0130 and a final sigma); a key another tag of the workspace already holds
 * is left as it was.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await sql`DROP INDEX servers_os_idx`.execute(db);
  if (dialect === 'postgres') {
    await sql`CREATE FUNCTION estate_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN lower($1)`.execute(db);
    await sql`CREATE INDEX servers_os_fold_idx ON servers (workspace_id, estate_fold(os))`.execute(db);
  }
  // No SQLite index over estate_fold(): every connection that writes the table would then need the
  // function, the sqlite3 shell and bulk loaders included. The filter reads the workspace's rows.

  const tags = await sql<{ workspace_id: string; id: string; name: string; name_key: string }>`SELECT workspace_id, id, name, name_key FROM tags ORDER BY created_at, id`.execute(db);
  const taken = new Set(tags.rows.map((tag) => `${tag.workspace_id}\u0000${tag.name_key}`));
  for (const tag of tags.rows) {
    const key = foldKey(tag.name);
    if (key === tag.name_key || taken.has(`${tag.workspace_id}\u0000${key}`)) continue;
    taken.delete(`${tag.workspace_id}\u0000${tag.name_key}`);
    taken.add(`${tag.workspace_id}\u0000${key}`);
    await sql`UPDATE tags SET name_key = ${key} WHERE workspace_id = ${tag.workspace_id} AND id = ${tag.id}`.execute(db);
  }
}
