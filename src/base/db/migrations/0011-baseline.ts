import { readFileSync } from 'node:fs';
import { installed } from '../../paths.js';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { storageStatements } from '../storage-sql.js';
import { fold, foldingCharacters } from '../text-search.js';

/**
 * The schema baseline (the migrations up to 0010 squashed): the tables, indexes and their own
 * triggers as src/base/db/baseline/<dialect>.sql holds them (written by scripts/schema-baseline.ts),
 * then the triggers, text indexes and counters the storage facts call for (db/storage-sql.ts).
 * On PostgreSQL it first makes the extensions and estate_fold(), which depends on the server.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === 'postgres') {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    await sql`CREATE EXTENSION IF NOT EXISTS btree_gin`.execute(db);
    await createFold(db);
  }
  for (const statement of baselineStatements(dialect)) await sql.raw(statement).execute(db);
  for (const statement of storageStatements(dialect)) await sql.raw(statement).execute(db);
}

/** The storage the baseline makes (storageFingerprint); a later migration that changes storage records its own. */
export const storageFingerprint = '1c98d167840ed67f';

/** The baseline's statements: each ends with `;` on a line of its own. */
export function baselineStatements(dialect: Dialect): string[] {
  // Compiled or not, the SQL is read from src/.
  const file = installed('src', 'base', 'db', 'baseline', `${dialect}.sql`);
  return readFileSync(file, 'utf8')
    .split('\n;\n')
    .map((statement) => statement.replace(/^--.*$/gm, '').trim())
    .filter(Boolean);
}

/**
 * estate_fold(): one case folding on both databases (text-search.ts). It is the server's lower(),
 * with the letters that lower() does not know (newer than the server's C library) mapped first by
 * translate(); text of ASCII characters only is lowered directly. Inlinable (no SET, not STRICT).
 */
async function createFold(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ c: string; l: string }>`SELECT c, lower(c) AS l
    FROM unnest(${foldingCharacters()}::text[]) AS c`.execute(db);
  const missing = rows.filter((row) => row.l !== fold(row.c));
  const translated = sql`lower(translate($1, ${sql.lit(missing.map((row) => row.c).join(''))}, ${sql.lit(
    missing.map((row) => fold(row.c)).join(''),
  )}))`;
  const body =
    missing.length === 0
      ? sql`lower($1)`
      : missing.some((row) => /^[\x00-\x7f]$/.test(row.c))
        ? translated
        : sql`CASE WHEN octet_length($1) = length($1) THEN lower($1) ELSE ${translated} END`;
  await sql`CREATE FUNCTION estate_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE COST 100
    RETURN ${body}`.execute(db);
}
