/**
 * Totals of searches, remembered until the searched text changes. A search's total is exact and
 * costs in proportion to its matches; a client paging through a broad search's results asks for
 * the same total on every page. This module keeps, per database handle, the total of each count
 * statement with the workspace's search version of its table (search_versions) read in the same
 * statement, and answers from memory while that version has not moved: one primary-key read
 * instead of counting. Every instance keeps its own memory; the version is the database's, so each
 * answers exactly.
 */
import { sql, type Compilable, type Expression, type Kysely } from 'kysely';
import { VERSIONED } from './storage.js';
import type { Tables } from './schema.js';

/** Remembered totals per database handle; the oldest goes first past this many. */
const REMEMBERED = 1000;

interface Remembered {
  version: number;
  total: number;
}

const memory = new WeakMap<Kysely<Tables>, Map<string, Remembered>>();

/** Whether searches of the table keep a version (scoped, searched tables). */
export const isSearchVersioned = (table: string): boolean => table in VERSIONED;

/**
 * The total `count` gives (a statement selecting one row, `total`), which matches rows of
 * `table` in the workspace by their searched text only: remembered until a row of the table in the
 * workspace is inserted, deleted or has a searched column changed. `everyRow`: the same search
 * counted over the whole table (SQLite's text index alone, text-search.ts), the answer when the
 * workspace holds every row of the table, as an estate of one workspace does; the row counts
 * (`counted` in storage.ts) tell, in the statement that counts.
 */
export async function searchTotal(
  db: Kysely<Tables>,
  workspaceId: string,
  table: string,
  count: Expression<unknown> & Compilable,
  everyRow?: Expression<number>,
): Promise<number> {
  const compiled = count.compile();
  const key = `${workspaceId}\u0000${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
  let remembered = memory.get(db);
  if (!remembered) {
    remembered = new Map();
    memory.set(db, remembered);
  }
  const known = remembered.get(key);
  const version = sql<number>`(SELECT version FROM search_versions
    WHERE workspace_id = ${workspaceId} AND table_name = ${table})`;
  if (known) {
    const { rows } = await sql<{ version: number | null }>`SELECT ${version} AS version`.execute(db);
    if (Number(rows[0]?.version ?? 0) === known.version) {
      remembered.delete(key);
      remembered.set(key, known);
      return known.total;
    }
  }
  // The version and the count in one statement: both read one snapshot.
  const total = everyRow
    ? sql`CASE WHEN (SELECT coalesce(sum(total), 0) FROM row_counts WHERE table_name = ${table})
          = (SELECT coalesce(sum(total), 0) FROM row_counts
             WHERE workspace_id = ${workspaceId} AND table_name = ${table})
        THEN ${everyRow} ELSE (${count}) END`
    : sql`(${count})`;
  const { rows } = await sql<{
    version: number | null;
    total: number;
  }>`SELECT ${version} AS version, ${total} AS total`.execute(db);
  const counted = { version: Number(rows[0]?.version ?? 0), total: Number(rows[0]!.total) };
  remembered.delete(key);
  remembered.set(key, counted);
  if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value!);
  return counted.total;
}
