import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Issue 14, PostgreSQL: estate_fold() is inlined again. Its SET clause (migration 0017) and
 * STRICT (0010, a CASE body since 0024 is not strict) each kept it a call of a SQL function,
 * about 2 µs, three or four of them for every row written to a searched table (its stored
 * `search_text`, migration 0020): a fifth of a seeded audit event's insert. Inlined, the call is
 * the lower(…) of its body, ten times faster (200,000 folds: 422 ms -> 39 ms).
 *
 * 0017 kept it a call so that the planner would price a filter on estate_fold(column) above a
 * text index; searches have compared `search_text` since 0020, and estate_fold() is left only in
 * generated columns and in the fallback of a search that holds U+001F, which reads no index. The
 * body is an SQL-standard `RETURN`, bound to its functions when it was created, so search_path
 * does not change what it calls. NULL still folds to NULL: the CASE and lower() return NULL for it.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`ALTER FUNCTION estate_fold(text) CALLED ON NULL INPUT RESET search_path`.execute(db);
}
