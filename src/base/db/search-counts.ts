/**
 * Totals of searches, remembered until the searched text changes. A search's total is exact and
 * costs in proportion to its matches; a client paging through a broad search's results asks for
 * the same total on every page. This module keeps, per database handle, the total of each count
 * statement with the workspace's search version of its table (search_versions) read in the same
 * statement, and answers from memory while that version has not moved: one primary-key read
 * instead of counting. Every instance keeps its own memory; the version is the database's, so each
 * answers exactly. Under the same version it also keeps where a search's matches begin in an order
 * and which rows its pages held (SearchStart, SearchPage), which the reads of a page check in the
 * statement that reads it.
 */
import { sql, type Compilable, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Tables } from './schema.js';

/** Remembered totals per database handle; the oldest goes first past this many. */
const REMEMBERED = 1000;

interface Remembered {
  version: number;
  total: number;
}

const memory = new WeakMap<Kysely<Tables>, Map<string, Remembered>>();

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

/**
 * Where a search's matches begin in one order: the sort value and id of its first match, with the
 * search version (search_versions) read before the read that found it. No row before it in that
 * order matched then, and none can while the version stays: every insert, delete or change of a
 * searched column moves the version, so this holds for orders by a searched column or by one that
 * never changes (an audit event's timestamp). A broad search whose matches sit late in its order
 * (`q=app-prod` by name: every match past all `app-deve-…` and `app-disa-…` servers) then walks
 * from there instead of from the start (lists/offset.ts, audit/audit.repository.ts).
 */
export interface SearchStart {
  version: number;
  value: unknown;
  id: unknown;
}

/** A page of a search as it was read at `version`: its rows' ids, in its order. */
export interface SearchPage {
  version: number;
  ids: unknown[];
}

const starts = new WeakMap<Kysely<Tables>, Map<string, SearchStart | SearchPage>>();

/** The key of a search's start: the workspace, the table, the order and the search, with what it is searched by. */
export const searchStartKey = (workspaceId: string, table: string, order: string, search: string): string =>
  `${workspaceId}\u0000${table}\u0000${order}\u0000${search}`;

/** The start remembered for `key`, whatever the version now (a read using it checks the version: startHolds). */
export function rememberedStart(db: Kysely<Tables>, key: string): SearchStart | undefined {
  const start = starts.get(db)?.get(key);
  return start && 'value' in start ? start : undefined;
}

/**
 * The key of one page of a search (its offset or cursor, and its size) under a start's key. While
 * the version holds, the page holds the same rows in the same order, by the same reasoning as
 * SearchStart's: a page asked again (a client refreshing it, a dashboard polling it) is read by its
 * rows' ids. Its rows are read again, so a change to a column neither searched nor sorted shows.
 */
export const searchPageKey = (startKey: string, position: string, limit: number): string =>
  `${startKey}\u0000page\u0000${position}\u0000${limit}`;

/** The page remembered for `key`, whatever the version now (its read checks the version: startHolds). */
export function rememberedPage(db: Kysely<Tables>, key: string): SearchPage | undefined {
  const page = starts.get(db)?.get(key);
  return page && 'ids' in page ? page : undefined;
}

/** The workspace's search version of `table` now (0 before its first change). */
export async function searchVersion(db: Kysely<Tables>, workspaceId: string, table: string): Promise<number> {
  const { rows } = await sql<{ version: number | null }>`SELECT (SELECT version FROM search_versions
    WHERE workspace_id = ${workspaceId} AND table_name = ${table}) AS version`.execute(db);
  return Number(rows[0]?.version ?? 0);
}

/**
 * A condition true only while the search version of `table` is still `version`: a read from a
 * remembered start holds it, so that it returns no row once the start may be wrong, in the
 * snapshot it reads.
 */
export function startHolds(workspaceId: string, table: string, version: number): Expression<SqlBool> {
  const own = sql`workspace_id = ${workspaceId} AND table_name = ${table}`;
  const current = sql`(SELECT version FROM search_versions WHERE ${own})`;
  return sql<SqlBool>`coalesce(${current}, 0) = ${version}`;
}

/**
 * Remembers where the search of `key` begins (SearchStart), or one of its pages (SearchPage), as
 * found by a read made after the version was `version`.
 */
export function rememberStart(db: Kysely<Tables>, key: string, start: SearchStart | SearchPage): void {
  let remembered = starts.get(db);
  if (!remembered) {
    remembered = new Map();
    starts.set(db, remembered);
  }
  remembered.delete(key);
  remembered.set(key, start);
  if (remembered.size > REMEMBERED) remembered.delete(remembered.keys().next().value!);
}

/** Forgets the starts and pages remembered for a database handle (the remembered totals stay): for measuring. */
export function forgetStarts(db: Kysely<Tables>): void {
  starts.delete(db);
}
