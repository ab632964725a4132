import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { fold, foldingCharacters } from '../text-search.js';

/**
 * Issue 14, PostgreSQL: estate_fold() (migration 0010) maps the letters the server's lower() does
 * not know with translate() before lowering, and translate() compares every character of the text
 * with each of those letters: about 5 µs a call, three or four calls for every row written to a
 * searched table (its `search_text`, migration 0020), a tenth of a seeded server's insert. Text of
 * ASCII characters only, which holds none of them, is now lowered directly (0.7 µs): same
 * answers, as the test of case folding checks on both databases.
 *
 * The letters are found as 0010 found them; the function keeps its search_path and cost (0017).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  const { rows } = await sql<{
    c: string;
    l: string;
  }>`SELECT c, lower(c) AS l FROM unnest(${foldingCharacters()}::text[]) AS c`.execute(db);
  const missing = rows.filter((row) => row.l !== fold(row.c));
  if (missing.length === 0 || missing.some((row) => /^[\x00-\x7f]$/.test(row.c))) return;
  const translated = sql`lower(translate($1, ${sql.lit(missing.map((row) => row.c).join(''))}, ${sql.lit(missing.map((row) => fold(row.c)).join(''))}))`;
  await sql`CREATE OR REPLACE FUNCTION estate_fold(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    SET search_path = pg_catalog, public COST 100
    RETURN CASE WHEN octet_length($1) = length($1) THEN lower($1) ELSE ${translated} END`.execute(db);
}
