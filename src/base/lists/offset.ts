import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { Type, type TProperties, type TSchema } from 'typebox';
import { countedTotal } from '../db/row-counts.js';
import {
  rememberedPage,
  rememberedStart,
  rememberStart,
  searchPageKey,
  searchStartKey,
  searchTotal,
  searchVersion,
  startHolds,
} from '../db/search-counts.js';
import { rankOf } from './filters.js';
import { columnTestWindows, evenReach, firstRowsWindows, pagedWindow, scanIsShorter } from './windows.js';
import type { Tables } from '../db/schema.js';

export const OFFSET_LIMIT_DEFAULT = 50;
export const OFFSET_LIMIT_MAX = 200;

/** Clamps an integer into [min, max]: out-of-range paging values are corrected, never rejected (docs/api.md). */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

export interface Page {
  limit: number;
  offset: number;
}

/** The effective page of an offset list: limit 1..200 (default 50), offset ≥ 0 (default 0). */
export function pageOf(query: { limit?: number; offset?: number }): Page {
  return {
    limit: clamp(query.limit ?? OFFSET_LIMIT_DEFAULT, 1, OFFSET_LIMIT_MAX),
    offset: Math.max(0, Math.trunc(query.offset ?? 0)),
  };
}

/** `sort` values for the allow-listed fields: `field` ascending, `-field` descending. */
export function sortValues(fields: readonly string[]): string[] {
  return fields.flatMap((field) => [field, `-${field}`]);
}

/** Parameters a list takes by the pattern of their names (a family's custom fields), and the sorts they add. */
export interface PatternParameters {
  /** The query's patternProperties: a name's pattern → the parameter's schema. */
  parameters: Record<string, TSchema>;
  /** The pattern of the sort values they add, and the words that describe them after the named sorts. */
  sort: { pattern: string; description: string };
}

/**
 * The query string of an offset list: paging, `q`, an allow-listed `sort` and the family's own
 * filters. Unknown parameters are rejected (a mistyped filter must never widen a result).
 */
export function listQuerySchema<P extends TProperties>(
  filters: P,
  sortFields: readonly string[],
  qDescription: string,
  options: { patterns?: PatternParameters } = {},
) {
  const { patterns } = options;
  const sorts = sortValues(sortFields);
  const sortText = `Sort field, prefixed with - for descending. One of: ${sorts.join(', ')}`;
  return Type.Object(
    {
      limit: Type.Optional(
        Type.Integer({
          description: `Page size, default ${OFFSET_LIMIT_DEFAULT}; clamped to 1..${OFFSET_LIMIT_MAX}.`,
          examples: [50],
        }),
      ),
      offset: Type.Optional(
        Type.Integer({
          minimum: -Number.MAX_SAFE_INTEGER,
          maximum: Number.MAX_SAFE_INTEGER,
          description:
            'Items to skip, default 0; a negative value becomes 0, one past the total gives an empty page. ' +
            'Not an integer, or beyond ±9007199254740991: 400.',
          examples: [0],
        }),
      ),
      q: Type.Optional(Type.String({ maxLength: 200, description: qDescription })),
      sort: Type.Optional(
        patterns
          ? Type.Union([Type.Enum(sorts), Type.String({ pattern: patterns.sort.pattern })], {
              description: `${sortText}; ${patterns.sort.description}`,
            })
          : Type.Enum(sorts, { description: `${sortText}.` }),
      ),
      ...filters,
    },
    {
      additionalProperties: false,
      ...(patterns && { patternProperties: patterns.parameters }),
    },
  );
}

/** An offset list's paging: its effective limit and offset, and its total (docs/api.md, "Paging"). */
const Pagination = Type.Object(
  {
    limit: Type.Integer({ description: 'Effective (clamped) page size.' }),
    offset: Type.Integer({ description: 'Effective offset.' }),
    total: Type.Integer({ description: 'Count of all matching items.' }),
  },
  { title: 'Pagination' },
);

/**
 * The offset list envelope (`data`, `pagination`) around an item schema; `title` names it in the
 * API document's components (http/components.ts).
 */
export function offsetListSchema<T extends TSchema>(item: T, description: string, title?: string) {
  return Type.Object({ data: Type.Array(item), pagination: Pagination }, { description, ...(title && { title }) });
}

export interface OffsetList<T> {
  data: T[];
  pagination: { limit: number; offset: number; total: number };
}

/**
 * What a sort orders by before the id: a column, an enum column in the order of its ranks'
 * meaning (`low` < `critical`), or several columns (a count shared by a group of rows, then the
 * group, so an index of the groups in count order serves it). `nullable`: a column some rows
 * hold no value in (orderOf puts those rows in the same place on both databases).
 */
export type Sort =
  | string
  | { column: string; ranks?: readonly string[]; nullable?: boolean }
  | { columns: readonly string[] }
  /** A computed value (a custom field's, custom-fields/list-terms.ts). */
  | { expression: Expression<unknown>; nullable?: boolean };

/** The SQL expressions a sort orders by, in turn. */
function sortExpressions(sort: Sort): Expression<unknown>[] {
  if (typeof sort === 'string') return [sql.ref(sort)];
  if ('columns' in sort) return sort.columns.map((column) => sql.ref(column));
  if ('expression' in sort) return [sort.expression];
  if (!sort.ranks) return [sql.ref(sort.column)];
  return [rankOf(sort.column, sort.ranks)];
}

/** The one column a sort orders by as it is (not ranked, not a group): a row-value bound can follow it. */
function plainColumn(sort: Sort): string | undefined {
  if (typeof sort === 'string') return sort;
  return 'column' in sort && !sort.ranks ? sort.column : undefined;
}

/**
 * Everything a page is ordered by, in `direction`: the sort's expressions, then the id. Rows
 * without a value for a nullable sort come first ascending and last descending on both databases:
 * SQLite's own order, which PostgreSQL is told (the baseline builds its indexes of those sorts NULLS
 * FIRST, so an index still serves the order).
 */
export function orderOf(sort: Sort, idColumn: string, direction: 'asc' | 'desc'): Expression<unknown>[] {
  const nulls =
    typeof sort !== 'string' && 'nullable' in sort && sort.nullable
      ? sql.raw(direction === 'asc' ? ' nulls first' : ' nulls last')
      : sql.raw('');
  return [
    ...sortExpressions(sort).map((expression) => sql`${expression} ${sql.raw(direction)}${nulls}`),
    sql`${sql.ref(idColumn)} ${sql.raw(direction)}`,
  ];
}

/**
 * The last row of a window of the workspace's first `size` rows in the page's order (a column
 * sort): its sort value and id, the bound of a scan of the sort's index. None when a row of the
 * window may have no sort value: a bound compares no NULL, which ascending orders put first.
 */
async function windowEnd<DB, TB extends keyof DB, O>(
  sortScan: SortScan<DB, TB, O>,
  counted: CountedTotals,
  sort: Sort,
  column: string,
  idColumn: string,
  direction: 'asc' | 'desc',
  size: number,
  from?: Expression<SqlBool>,
): Promise<{ value: unknown; id: unknown } | undefined> {
  const paged = sql`${sql.table(sortScan.table)} as ${sql.id(sortScan.alias)}`;
  const inWindow = sql`from ${paged} where ${sql.ref(`${sortScan.alias}.workspace_id`)} = ${counted.workspaceId}${
    from ? sql` and ${from}` : sql``
  }`;
  // From a start (a row value), no row without a sort value is in the window.
  if (direction === 'asc' && !from) {
    const { rows } = await sql`select 1 ${inWindow} and ${sql.ref(column)} is null limit 1`.execute(counted.db);
    if (rows.length > 0) return undefined;
  }
  const order = sql.join(orderOf(sort, idColumn, direction));
  const { rows } = await sql<{
    value: unknown;
    id: unknown;
  }>`select ${sql.ref(column)} as value, ${sql.ref(idColumn)} as id ${inWindow}
    order by ${order} limit 1 offset ${size - 1}`.execute(counted.db);
  const end = rows[0];
  return end && end.value !== null ? end : undefined;
}

/** The query parameters every offset list takes; the rest are the family's q and filters. */
export interface ListQuery {
  limit?: number;
  offset?: number;
  sort?: string;
  [parameter: string]: unknown;
}

const PAGING_PARAMETERS = new Set(['limit', 'offset', 'sort']);

/** The parameters that select rows (`q` and filters), without those left out. */
function selecting(query: ListQuery): [string, unknown][] {
  return Object.entries(query).filter(([name, value]) => value !== undefined && !PAGING_PARAMETERS.has(name));
}

/** Where the totals of a list are kept by triggers instead of counted per request. */
export interface CountedTotals {
  db: Kysely<Tables>;
  workspaceId: string;
  /** The table whose row count is the unfiltered total (row_counts). */
  table: string;
  /** Filters whose total, used alone, is read rather than counted (value_counts, a link index). */
  singleFilter?: Record<string, (value: unknown) => Promise<number>>;
  /**
   * The columns of `table` that `q` searches, when it searches the table itself and its searches
   * keep a version: the total of `q` alone is remembered by that version (search-counts.ts).
   */
  searched?: readonly string[];
  /** A search's count over the whole table, where the text index can give it (text-search.ts textIndexCount). */
  everyRow?(text: string): Expression<number> | undefined;
}

/**
 * The kept total of a list query, when it has one: unfiltered, one filter alone that keeps its
 * totals, or `q` alone, counted once per change of the searched text.
 */
function keptTotal(
  query: ListQuery,
  counted: CountedTotals | undefined,
  count: SelectQueryBuilder<unknown, never, { total: number }>,
): Promise<number> | undefined {
  if (!counted) return undefined;
  const parameters = selecting(query);
  if (parameters.length === 0) return countedTotal(counted.db, counted.workspaceId, counted.table);
  if (parameters.length > 1) return undefined;
  const [[name, value]] = parameters as [[string, unknown]];
  if (name === 'q' && counted.searched)
    return searchTotal(counted.db, counted.workspaceId, counted.table, count, counted.everyRow?.(String(value)));
  return counted.singleFilter?.[name]?.(value);
}

export interface ListOptions<O, Dto, DB = unknown, TB extends keyof DB = keyof DB> {
  sorts: Record<string, Sort>;
  /** `name` or `-createdAt`. */
  defaultSort: string;
  /** Last ordering column, so that pages are stable when the sort has ties. */
  idColumn: string;
  /** Where the totals of an unfiltered list and of a tallied filter alone are kept. */
  counted?: CountedTotals;
  /** The same rows written for reads that scan the sort's index (listPage). */
  sortScan?: SortScan<DB, TB, O>;
  /**
   * With `q`, the same rows with the text tested on each row's own columns, the filters read through
   * their indexes (SQLite): read where a link's rows bound the matches to a few (NARROW_ROWS),
   * instead of listing every match of the text from the text index.
   */
  narrow?: SelectQueryBuilder<DB, TB, O>;
  /**
   * The same rows listed whole and then sorted, never read in a sort's order (PostgreSQL: a
   * MATERIALIZED common table expression): read where a link's rows bound the matches to a few,
   * where the planner would scan the sort's index expecting the matches spread evenly through it.
   */
  matched?: SelectQueryBuilder<DB, TB, O>;
  /**
   * By filter: the filter alone, read in the order of one sort from the filter's own index (a
   * link that keeps a copy of the sort column); used for a query of that filter alone in that sort.
   */
  filterOrders?: Record<string, FilterOrderRead<DB, TB, O>>;
  /**
   * The page's rows read another way than `base` in the page's direction, up to its end (`reach`,
   * offset + limit), or undefined; the count of `base` stays the total (ListingDefinition.pagedRows).
   * With filters, read only where their total is kept and the matches are dense, never with `q`
   * (listPage).
   */
  paged?(direction: 'asc' | 'desc', reach: number): SelectQueryBuilder<DB, TB, O> | undefined;
  toDtos(rows: O[]): Dto[] | Promise<Dto[]>;
}

/** The rows a filter selects and the expressions that order them as the sort `sort` and the id would. */
export interface FilterOrderRead<DB, TB extends keyof DB, O> {
  sort: string;
  /** The filter's rows in the sort's order; with `others`, only those that meet those conditions too. */
  read(value: unknown, others?: ListQuery): { rows: SelectQueryBuilder<DB, TB, O>; order: Expression<unknown>[] };
  /** The filter's own index answers `others` too: its read lists exactly the matches, no row tested. */
  whole?(value: unknown, others: ListQuery): boolean;
  /** The total of the filter with `others`, counted in its own index, where it is `whole`. */
  count?(value: unknown, others: ListQuery): Promise<number>;
}

/**
 * SQLite does not weigh a LIMIT: for `tagId=` it reads all of a tag's matches and sorts them where
 * scanning the name index meets a page of them within a few entries. So a list query with
 * conditions gives its rows twice more, for reads that scan the sort's index:
 *
 * - `rows`: link, date and text conditions kept from driving the read (`+column`, the text's
 *   matches listed from the text index), so the database scans the sort's index and tests each
 *   row. Read instead of the plain rows when the scan is expected shorter than the matches, were
 *   they spread evenly (windows.ts, evenReach).
 * - `textOnColumns` (with `q`): the text tested on each row's own columns by a scan of the sort's
 *   index that ends at the last row of a window of the first rows in the page's order (a column
 *   sort), so a broad search reads a few rows rather than list all its matches; the windows and
 *   when each is tried: windows.ts (columnTestWindows). The page is read from `rows` after all
 *   when no window holds it.
 *
 * PostgreSQL weighs a LIMIT, but as if the matches were spread evenly through the sort's order:
 * for `q=web` (every match named `web-…`, last by name) it scanned nearly every server by name.
 * There a search reads its page from a window too, in one statement:
 *
 * - `firstRows`: the list's conditions on the workspace's first `window` rows in the page's order
 *   (a derived table), for any sort (windows.ts, firstRowsWindows).
 * - `matches`: when no window holds the page, every match, listed from the text index and sorted
 *   (a MATERIALIZED common table expression, which the planner cannot scan in order): its cost is
 *   bounded by the matches, a scan's only by the table.
 *
 * The reasons in full: docs/notes/list-windows.md.
 */
export interface SortScan<DB, TB extends keyof DB, O> {
  rows: SelectQueryBuilder<DB, TB, O>;
  textOnColumns?: SelectQueryBuilder<DB, TB, O>;
  /** `from`: conditions on the rows the window is taken from (a remembered start, SearchStart). */
  firstRows?(window: number, order: Expression<unknown>[], from?: Expression<SqlBool>[]): SelectQueryBuilder<DB, TB, O>;
  matches?: SelectQueryBuilder<DB, TB, O>;
  /** The table whose rows the list pages, one item each, and the name the query gives it. */
  table: string;
  alias: string;
}

/** The bare name of a column (`d.name` → `name`): the key of a row read with `select *`. */
const bare = (column: string): string => column.replace(/^.*\./, '');

/** What every way of reading a page shares: the page, its order, and how to read and count. */
interface PagePlan<DB, TB extends keyof DB, O, Dto> {
  base: SelectQueryBuilder<DB, TB, O>;
  query: ListQuery;
  options: ListOptions<O, Dto, DB, TB>;
  page: Page;
  sortName: string;
  sort: Sort;
  direction: 'asc' | 'desc';
  /** The sort's expressions, then the id's, in the page's direction. */
  order: Expression<unknown>[];
  /** The parameters that select rows (`q` and filters). */
  parameters: [string, unknown][];
  /** A link filter whose index answers every parameter (wholeLinkRead). */
  linked: WholeLinkRead<DB, TB, O> | undefined;
  /** The page of `rows` in `order`. */
  read(rows: SelectQueryBuilder<DB, TB, O>, order?: Expression<unknown>[]): Promise<O[]>;
  /** The total kept by triggers or remembered for the query, if it has one (keptTotal). */
  keptTotal(): Promise<number> | undefined;
  /** The kept total, else a count of `base`. */
  total(): Promise<number>;
  answer(rows: O[], total: number): Promise<OffsetList<Dto>>;
}

/** A link filter read from its own index alone, with the other parameters, the index answering them all. */
interface WholeLinkRead<DB, TB extends keyof DB, O> {
  inOrder: FilterOrderRead<DB, TB, O>;
  read(): ReturnType<FilterOrderRead<DB, TB, O>['read']>;
  count(): Promise<number>;
}

/**
 * Where a link filter's index answers every other parameter too (FilterOrderRead.whole: a tag and
 * the environment its links copy), without `q`: its total is its index's count, and its page in
 * the link's order is read there.
 */
function wholeLinkRead<O, Dto, DB, TB extends keyof DB>(
  parameters: [string, unknown][],
  options: ListOptions<O, Dto, DB, TB>,
): WholeLinkRead<DB, TB, O> | undefined {
  if (parameters.length < 2 || parameters.some(([name]) => name === 'q')) return undefined;
  for (const [name, value] of parameters) {
    const inOrder = options.filterOrders?.[name];
    const others = Object.fromEntries(parameters.filter(([other]) => other !== name));
    if (!inOrder?.count || !inOrder.whole?.(value, others)) continue;
    return { inOrder, read: () => inOrder.read(value, others), count: () => inOrder.count!(value, others) };
  }
  return undefined;
}

function planOf<DB, TB extends keyof DB, O, Dto>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery,
  options: ListOptions<O, Dto, DB, TB>,
): PagePlan<DB, TB, O, Dto> {
  const page = pageOf(query);
  const value = query.sort ?? options.defaultSort;
  const direction = value.startsWith('-') ? 'desc' : 'asc';
  const sortName =
    value.replace(/^-/, '') in options.sorts ? value.replace(/^-/, '') : options.defaultSort.replace(/^-/, '');
  const sort = options.sorts[sortName]!;
  const order = orderOf(sort, options.idColumn, direction);
  const count = base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total')) as unknown as SelectQueryBuilder<
    unknown,
    never,
    { total: number }
  >;
  const parameters = selecting(query);
  const linked = wholeLinkRead(parameters, options);
  const kept = () => keptTotal(query, options.counted, count) ?? linked?.count();
  return {
    base,
    query,
    options,
    page,
    sortName,
    sort,
    direction,
    order,
    parameters,
    linked,
    read: (rows, by = order) => {
      let ordered = rows;
      for (const item of by) ordered = ordered.orderBy(item);
      return ordered.limit(page.limit).offset(page.offset).execute();
    },
    keptTotal: kept,
    total: () => kept() ?? count.executeTakeFirstOrThrow().then((row) => Number(row.total)),
    answer: async (rows, total) => ({ data: await options.toDtos(rows), pagination: { ...page, total } }),
  };
}

/**
 * One page of an offset list in its envelope (offsetListSchema): the query's rows in the requested
 * order (ties broken by id), the clamped page and the count of all matching items. Which read
 * gives the page is chosen here: a filter's own index in its order, a scan of the sort's index
 * (windows, remembered starts), or the matches listed from their indexes and sorted.
 */
export async function listPage<DB, TB extends keyof DB, O, Dto>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery,
  options: ListOptions<O, Dto, DB, TB>,
): Promise<OffsetList<Dto>> {
  let plan = planOf(base, query, options);
  const { parameters } = plan;
  const single = parameters.length === 1 ? options.filterOrders?.[parameters[0]![0]] : undefined;
  // A filter alone in its own index's order.
  if (single && single.sort === plan.sortName) return pageInFilterOrder(plan, single);
  const few = await fewMatches(parameters, options);
  if (few && options.narrow) plan = planOf(options.narrow, query, options);
  // A link's index answering every condition, in its order: exact at any offset.
  if (plan.linked?.inOrder.sort === plan.sortName) {
    const [found, total] = await Promise.all([readInFilterOrder(plan, plan.linked.read()), plan.total()]);
    return plan.answer(found, total);
  }
  if (few) return fewPage(plan, options.matched ?? plan.base);
  if (options.sortScan && options.counted && parameters.length > 0)
    return pageFromSortScan(plan, options.sortScan, options.counted);
  return plainPage(plan);
}

/**
 * Testing a row's text costs several times listing a match from the text index (3–6 µs against
 * 0.6 µs, docs/notes/list-windows.md), and a search that matches most rows lists them all: where
 * the filters select at most this many rows, each is tested instead.
 */
export const NARROW_ROWS = 5000;

/**
 * Whether a link filter's rows bound the matches to at most NARROW_ROWS: with another condition or
 * `q`, the link's rows that meet the conditions its index answers (its copies) are counted there.
 * The matches are then read all at once and sorted (ListOptions.narrow, ListOptions.matched), where
 * a scan of the sort's index, or of the text index's matches, could read far more rows.
 */
async function fewMatches<O, Dto, DB, TB extends keyof DB>(
  parameters: [string, unknown][],
  options: ListOptions<O, Dto, DB, TB>,
): Promise<boolean> {
  if (parameters.length < 2) return false;
  for (const [name, value] of parameters) {
    const inOrder = options.filterOrders?.[name];
    if (!inOrder?.count) continue;
    const others = Object.fromEntries(parameters.filter(([other]) => other !== name && other !== 'q'));
    return (await inOrder.count(value, others)) <= NARROW_ROWS;
  }
  return false;
}

/** The column of the total each row of a few matches' page carries (fewPage). */
const COUNTED_OVER = 'estate_matches';

/**
 * Few matches (a link's rows bound them): all of them read, sorted, and counted in one statement (a
 * window's count over every match rides on each row of the page), where a count and a page would
 * read each match twice. A page past the end has no row to carry it: the total is counted then.
 */
async function fewPage<DB, TB extends keyof DB, O, Dto>(
  plan: PagePlan<DB, TB, O, Dto>,
  matches: SelectQueryBuilder<DB, TB, O>,
): Promise<OffsetList<Dto>> {
  const counted = (matches as SelectQueryBuilder<DB, TB, O & Record<string, unknown>>).select(
    sql<number>`count(*) over ()`.as(COUNTED_OVER),
  ) as unknown as SelectQueryBuilder<DB, TB, O>;
  const found = (await plan.read(counted)) as (O & Record<string, unknown>)[];
  if (found.length === 0) return plan.answer([], await plan.total());
  const total = Number(found[0]![COUNTED_OVER]);
  for (const row of found) delete row[COUNTED_OVER];
  return plan.answer(found, total);
}

/** A filter used alone, read in the order of its sort from the filter's own index (FilterOrderRead). */
async function pageInFilterOrder<DB, TB extends keyof DB, O, Dto>(
  plan: PagePlan<DB, TB, O, Dto>,
  inOrder: FilterOrderRead<DB, TB, O>,
): Promise<OffsetList<Dto>> {
  const [found, total] = await Promise.all([
    readInFilterOrder(plan, inOrder.read(plan.parameters[0]![1])),
    plan.total(),
  ]);
  return plan.answer(found, total);
}

function readInFilterOrder<DB, TB extends keyof DB, O, Dto>(
  plan: PagePlan<DB, TB, O, Dto>,
  { rows, order }: ReturnType<FilterOrderRead<DB, TB, O>['read']>,
): Promise<O[]> {
  const direction = sql.raw(plan.direction);
  return plan.read(
    rows,
    order.map((expression) => sql`${expression} ${direction}`),
  );
}

/**
 * With several conditions, one of them a link filter read in the sort's order (FilterOrderRead):
 * that read, each row the link lists tested against the other conditions in turn, where the page
 * ends within the first third of the matches. Were they spread evenly through the link's rows, it
 * then tests at most a third of them, where reading every match to sort them probes each of them.
 * Where the link's index answers the other conditions too (FilterOrderRead.whole), at any offset.
 */
function linkOrderRead<DB, TB extends keyof DB, O, Dto>(place: ScanPlace<DB, TB, O, Dto>) {
  const { plan, total } = place;
  const { parameters, page, options } = plan;
  if (parameters.length < 2 || parameters.some(([name]) => name === 'q')) return undefined;
  const early = (page.offset + page.limit) * 3 <= total;
  for (const [name, value] of parameters) {
    const inOrder = options.filterOrders?.[name];
    if (inOrder?.sort !== plan.sortName) continue;
    const others = Object.fromEntries(parameters.filter(([other]) => other !== name));
    if (early || inOrder.whole?.(value, others)) return inOrder.read(value, others);
  }
  return undefined;
}

/**
 * The base rows, or where a scan of the sort's order tests each row (ListingDefinition.pagedRows)
 * while `base` lists the matches from their indexes and sorts them: with filters whose total is
 * kept (so knowing it first costs one read), the scan is taken when it meets the page's end well
 * before as many rows as there are matches, were they spread evenly. Not with `q`: its total may
 * need a count, and testing each row's text costs more than listing it from the text index.
 */
async function plainPage<DB, TB extends keyof DB, O, Dto>(plan: PagePlan<DB, TB, O, Dto>): Promise<OffsetList<Dto>> {
  const { base, options, page, parameters } = plan;
  const paged = options.paged?.(plan.direction, page.offset + page.limit);
  const filtered = parameters.length > 0;
  const keptCount = paged && filtered && !parameters.some(([name]) => name === 'q') ? plan.keptTotal() : undefined;
  if (paged && keptCount && options.counted) {
    const { db, workspaceId, table } = options.counted;
    const [total, rows] = await Promise.all([keptCount, countedTotal(db, workspaceId, table)]);
    const reach = evenReach(page.offset + page.limit, rows, total);
    return plan.answer(await plan.read(scanIsShorter(reach, total) ? paged : base), total);
  }
  const [rows, total] = await Promise.all([plan.read(paged && !filtered ? paged : base), plan.total()]);
  return plan.answer(rows, total);
}

/** Where a scan stands: the totals it is planned with and the bounds it is read between. */
interface ScanPlace<DB, TB extends keyof DB, O, Dto> {
  plan: PagePlan<DB, TB, O, Dto>;
  scan: SortScan<DB, TB, O>;
  kept: CountedTotals;
  total: number;
  /** The table's rows. */
  rows: number;
  /** The rows a scan reads to meet the page's end, were the matches spread evenly (evenReach). */
  reach: number;
  /** The sort's column, when it is one. */
  column: string | undefined;
  /** The condition that a row's (sort value, id) is at or past `end`, by `comparison`. */
  at(end: { value: unknown; id: unknown }, comparison: string): Expression<SqlBool>;
  /** The comparisons of a row from a start, and up to an end, in the page's direction. */
  from: string;
  upTo: string;
}

/**
 * A query with conditions, where the list gives its rows written for scans of the sort's index
 * (SortScan): the total decides how the page is read (SQLite's one connection reads in turn
 * anyway; a search's total on PostgreSQL is remembered, so counting first rarely costs a count).
 */
async function pageFromSortScan<DB, TB extends keyof DB, O, Dto>(
  plan: PagePlan<DB, TB, O, Dto>,
  scan: SortScan<DB, TB, O>,
  kept: CountedTotals,
): Promise<OffsetList<Dto>> {
  const { page, options, direction } = plan;
  const total = await plan.total();
  const rows = total === 0 ? 0 : await countedTotal(kept.db, kept.workspaceId, kept.table);
  const column = plainColumn(plan.sort);
  const [from, upTo] = direction === 'asc' ? ['>=', '<='] : ['<=', '>='];
  const place: ScanPlace<DB, TB, O, Dto> = {
    plan,
    scan,
    kept,
    total,
    rows,
    reach: evenReach(page.offset + page.limit, rows, total),
    column,
    at: (end, comparison) => {
      const bound = sql`(${end.value}, ${end.id})`;
      return sql<SqlBool>`(${sql.ref(column!)}, ${sql.ref(options.idColumn)}) ${sql.raw(comparison)} ${bound}`;
    },
    from,
    upTo,
  };
  const inLinkOrder = linkOrderRead(place);
  if (inLinkOrder) return plan.answer(await readInFilterOrder(plan, inLinkOrder), total);
  const startKey = searchStartKeyOf(place);
  if (startKey === undefined) return plan.answer(await readFromStart(place), total);
  const pageKey = searchPageKey(startKey, String(page.offset), page.limit);
  const remembered = await readRemembered(place, startKey, pageKey);
  if (remembered) return plan.answer(remembered, total);
  // Read from the start of the order: the page at offset 0 tells where the matches begin.
  const version = total > page.offset ? await searchVersion(kept.db, kept.workspaceId, kept.table) : undefined;
  const found = await readFromStart(place);
  if (version !== undefined && found.length > 0) {
    const rowsFound = found as Record<string, unknown>[];
    const id = bare(options.idColumn);
    rememberStart(kept.db, pageKey, { version, ids: rowsFound.map((row) => row[id]) });
    const value = rowsFound[0]![bare(column!)];
    if (page.offset === 0 && value !== null && value !== undefined)
      rememberStart(kept.db, startKey, { version, value, id: rowsFound[0]![id] });
  }
  return plan.answer(found, total);
}

/** `q` alone ordered by a searched column: where its matches begin can be remembered (SearchStart). */
function searchStartKeyOf<DB, TB extends keyof DB, O, Dto>(place: ScanPlace<DB, TB, O, Dto>): string | undefined {
  const { plan, kept, column } = place;
  const [only] = plan.parameters;
  if (plan.parameters.length !== 1 || only![0] !== 'q' || !kept.searched) return undefined;
  if (column === undefined || !kept.searched.includes(bare(column))) return undefined;
  return searchStartKey(kept.workspaceId, kept.table, `${column} ${plan.direction}`, String(only![1]));
}

/**
 * The page from what an earlier read remembered while the search version holds: the same page's
 * rows by their ids (SearchPage), else a window from the first match on (SearchStart). Undefined
 * when neither gives a whole page.
 */
async function readRemembered<DB, TB extends keyof DB, O, Dto>(
  place: ScanPlace<DB, TB, O, Dto>,
  startKey: string,
  pageKey: string,
): Promise<O[] | undefined> {
  const { plan, scan, kept, column } = place;
  const { options, page } = plan;
  const known = rememberedPage(kept.db, pageKey);
  if (known) {
    let again = (scan.textOnColumns ?? scan.rows)
      .where(() => sql<SqlBool>`${sql.ref(options.idColumn)} in (${sql.join(known.ids)})`)
      .where(() => startHolds(kept.workspaceId, kept.table, known.version));
    for (const item of plan.order) again = again.orderBy(item);
    const found = await again.limit(known.ids.length).execute();
    if (found.length === known.ids.length) return found;
  }
  const start = rememberedStart(kept.db, startKey);
  const window = pagedWindow(place.reach, place.rows);
  if (!start || place.total <= page.offset || window === undefined) return undefined;
  const after = [place.at(start, place.from), startHolds(kept.workspaceId, kept.table, start.version)];
  let found: O[] | undefined;
  if (scan.firstRows) found = await plan.read(scan.firstRows(window, plan.order, after));
  else if (scan.textOnColumns && column !== undefined) {
    // No end: fewer rows than the window are left from the start, all of them scanned.
    const end = await windowEnd(scan, kept, plan.sort, column, options.idColumn, plan.direction, window, after[0]);
    let bounded = scan.textOnColumns;
    for (const condition of end ? [...after, place.at(end, place.upTo)] : after)
      bounded = bounded.where(() => condition);
    found = await plan.read(bounded);
  }
  return found?.length === page.limit ? found : undefined;
}

/** The page read from the start of the order: windows of the first rows, then every match. */
async function readFromStart<DB, TB extends keyof DB, O, Dto>(place: ScanPlace<DB, TB, O, Dto>): Promise<O[]> {
  const { plan, scan, kept, column, reach, rows, total } = place;
  const { page, options } = plan;
  if (scan.firstRows && scan.matches) {
    for (const window of firstRowsWindows(reach, rows, total)) {
      const found = await plan.read(scan.firstRows(window, plan.order));
      if (found.length === page.limit) return found;
    }
    return plan.read(scan.matches);
  }
  if (scan.textOnColumns && column !== undefined) {
    for (const window of columnTestWindows(reach, rows, total)) {
      const end = await windowEnd(scan, kept, plan.sort, column, options.idColumn, plan.direction, window);
      if (!end) break;
      const found = await plan.read(scan.textOnColumns.where(() => place.at(end, place.upTo)));
      if (found.length === page.limit) return found;
    }
  }
  return plan.read(total > 0 && reach < total ? scan.rows : plan.base);
}
