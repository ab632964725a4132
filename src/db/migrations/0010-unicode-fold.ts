import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { fold, foldingCharacters, foldKey } from '../text-search.js';

/**
 * One case folding on both databases (text-search.ts): PostgreSQL gets estate_fold(), its lower()
 * (SQLite registers the same function in JavaScript on every connection). Tag keys are recomputed with the simple mapping (they
 * differed only for U+0130 and a final sigma); a key another tag of the workspace already holds
 * is left as it was.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // The os filter's index moves to a folded copy of the column (migration 0012).
  await sql`DROP INDEX servers_os_idx`.execute(db);
  if (dialect === 'postgres') {
    // lower() knows the case pairs of the server's C library; letters added to Unicode since
    // (55 with PostgreSQL 15 on Debian 12, e.g. the Garay script) are mapped by translate() first,
    // so the function folds exactly as fold() does.
    const folding = foldingCharacters();
    const { rows } = await sql<{
      c: string;
      l: string;
    }>`SELECT c, lower(c) AS l FROM unnest(${folding}::text[]) AS c`.execute(db);
    const missing = rows.filter((row) => row.l !== fold(row.c));
    const body =
      missing.length === 0
        ? sql`lower($1)`
        : sql`lower(translate($1, ${sql.lit(missing.map((row) => row.c).join(''))}, ${sql.lit(missing.map((row) => fold(row.c)).join(''))}))`;
    await sql`CREATE FUNCTION estate_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE RETURN ${body}`.execute(
      db,
    );
  }

  const tags = await sql<{
    workspace_id: string;
    id: string;
    name: string;
    name_key: string;
  }>`SELECT workspace_id, id, name, name_key FROM tags ORDER BY created_at, id`.execute(db);
  const taken = new Set(tags.rows.map((tag) => `${tag.workspace_id}\u0000${tag.name_key}`));
  for (const tag of tags.rows) {
    const key = foldKey(tag.name);
    if (key === tag.name_key || taken.has(`${tag.workspace_id}\u0000${key}`)) continue;
    taken.delete(`${tag.workspace_id}\u0000${tag.name_key}`);
    taken.add(`${tag.workspace_id}\u0000${key}`);
    await sql`UPDATE tags SET name_key = ${key} WHERE workspace_id = ${tag.workspace_id} AND id = ${tag.id}`.execute(
      db,
    );
  }
}
