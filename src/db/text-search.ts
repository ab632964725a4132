import { sql, type RawBuilder, type SqlBool } from 'kysely';

/**
 * The case-folded form of a name, computed in JavaScript so that both databases compare the same
 * keys (SQLite's lower() folds ASCII only; PostgreSQL's depends on the server's locale).
 */
export const foldKey = (text: string): string => text.trim().toLowerCase();

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive substring match on both dialects (SQLite has no ILIKE). */
export function containsText(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;
}
