/**
 * A list's filters in domain words: a query-string schema and the condition it adds, with what the
 * planner (plan.ts) needs to know of it — the value it compares (`key`), the link it follows, the
 * date column it bounds. How a filter's page and total are read is the planner's choice, made
 * from the storage facts (db/storage.ts), never declared here.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { TSchema } from 'typebox';
import type { DynamicTables } from '../db/dynamic.js';
import { fold } from '../db/text-search.js';

export type Eb = ExpressionBuilder<DynamicTables, string>;

/** A link table between the list's rows (`ownColumn`) and another family's (`otherColumn`). */
export interface FilterLink {
  table: string;
  ownColumn: string;
  otherColumn: string;
  /**
   * Columns of the list's rows the link rows keep a copy of (the row's column → the link's; `alongside`
   * in db/storage.ts), set by the family: an equality filter on one is answered in the link's index.
   */
  copies?: Readonly<Record<string, string>>;
}

export interface Filter {
  schema: TSchema;
  /**
   * The condition. `scan`: the planner reads the page by scanning the sort's index; a filter's own
   * column is then written with led(), so the database tests it per row instead of seeking by it.
   * `alongside` (a link filter's): conditions on the link's copies (FilterLink.copies) that the
   * link's rows must meet too, in place of the equality filters they stand for (lists/matching.ts).
   */
  where(
    eb: Eb,
    value: unknown,
    workspaceId: string,
    scan?: boolean,
    alongside?: readonly Alongside[],
  ): Expression<SqlBool>;
  /** The value, as text, that the filter compares a column with (equality filters). */
  key?(value: unknown): string;
  /** The column an equality filter compares with the value as it is (equalsFilter without a conversion). */
  equals?: string;
  /**
   * The same condition on the rank an enum column's sort orders by (offset.ts rankOf), which the
   * sort's index holds before the id: where a query's rows are probed by id (a link filter lists
   * them), the planner writes this instead, so that index answers without reading the row.
   */
  ranked?(eb: Eb, value: unknown): Expression<SqlBool>;
  /** The link the filter follows (linkedFilter). */
  link?: FilterLink;
  /** The date column the filter bounds, and how (dateFilter). */
  day?: { column: string; comparison: '<' | '>' };
  /** The condition reads the clock: a list with it is never kept under a data version (lists/response-cache.ts). */
  clock?: true;
}

export const equalsFilter = (columnName: string, schema: TSchema, toColumn?: (value: unknown) => unknown): Filter => {
  const stored = toColumn ?? ((value: unknown) => value);
  return {
    schema,
    where: (eb, value) => eb(columnName, '=', stored(value)),
    key: (value) => String(stored(value)),
    ...(!toColumn && { equals: columnName }),
  };
};

/**
 * `filter` (an equality filter) with its condition on the rank of `ranks` as well (Filter.ranked),
 * for a column sorted by those ranks.
 */
export function withRanks(filter: Filter, ranks: readonly string[]): Filter {
  const column = filter.equals;
  if (!column) return filter;
  return { ...filter, ranked: (eb, value) => eb(rankOf(column, ranks), '=', sql.lit(ranks.indexOf(String(value)))) };
}

/** An enum column as its rank among `ranks` (`low` < `critical`): what its sort and the sort's index order by. */
export function rankOf(column: string, ranks: readonly string[]): Expression<number> {
  const cases = ranks.map((value, rank) => sql`WHEN ${sql.lit(value)} THEN ${sql.lit(rank)}`);
  return sql<number>`CASE ${sql.ref(column)} ${sql.join(cases, sql` `)} END`;
}

/**
 * Exact match ignoring letter case, with the same folding as every other case-insensitive rule,
 * on the column a field keeps its folded value in (`foldedInto`), so a plain index serves it.
 */
export const foldedEqualsFilter = (foldedColumn: string, schema: TSchema): Filter => ({
  schema,
  where: (eb, value) => eb(foldedColumn, '=', fold(String(value))),
  key: (value) => fold(String(value)),
});

/**
 * A filter's column, or on a sortScan read (SQLite) `+column`: the unary plus keeps SQLite from
 * reading the rows by that condition, so it scans the sort's index and tests each row instead.
 */
export function led(column: string, scan: boolean | undefined): Expression<unknown> {
  return scan ? sql`+${sql.ref(column)}` : sql.ref(column);
}

/** A condition on a link's copy of a column of the listed row: the link's column and the value. */
export type Alongside = readonly [column: string, value: unknown];

/**
 * "Linked through `table` to `value`": rows whose id is in the link table's `ownColumn` (of link
 * rows meeting `alongside` too). The workspace is a plain value, not a correlation: a correlated
 * subquery makes PostgreSQL rescan the link table once per row.
 */
export function linkedTo(
  eb: Eb,
  workspaceId: string,
  table: string,
  ownColumn: string,
  otherColumn: string,
  value: unknown,
  scan?: boolean,
  alongside: readonly Alongside[] = [],
): Expression<SqlBool> {
  let links = eb
    .selectFrom(table)
    .select(ownColumn)
    .where(`${table}.workspace_id`, '=', workspaceId)
    .where(otherColumn, '=', value);
  for (const [column, kept] of alongside) links = links.where(`${table}.${column}`, '=', kept);
  return eb(led('id', scan), 'in', links);
}

/** Rows linked through `table` (`ownColumn` the list's side) to the row `otherColumn` names. */
export const linkedFilter = (table: string, ownColumn: string, otherColumn: string, schema: TSchema): Filter => ({
  schema,
  // Ids are written in lower case; an id given in upper case names the same row (PostgreSQL's uuid
  // compares either case, SQLite's text would not).
  where: (eb, value, workspaceId, scan, alongside) =>
    linkedTo(eb, workspaceId, table, ownColumn, otherColumn, String(value).toLowerCase(), scan, alongside),
  link: { table, ownColumn, otherColumn },
});

/** Rows whose date column is before (`<`) or after (`>`) the value. */
export const dateFilter = (column: string, comparison: '<' | '>', schema: TSchema): Filter => ({
  schema,
  where: (eb, date, _workspaceId, scan) => eb(led(column, scan), comparison, date),
  day: { column, comparison },
});
