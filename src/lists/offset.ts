import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { FIELD_PARAMETER, FIELD_PARAMETER_SCHEMA } from '../custom-fields/list-terms.js';
import { Type, type TProperties, type TSchema } from 'typebox';
import { countedTotal } from '../db/row-counts.js';
import {
  isSearchVersioned,
  rememberedPage,
  rememberedStart,
  rememberStart,
  searchPageKey,
  searchStartKey,
  searchTotal,
  searchVersion,
  startHolds,
} from '../db/search-counts.js';
import { SEARCHED } from '../db/storage.js';
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

/**
 * The query string of an offset list: paging, `q`, an allow-listed `sort` and the family's own
 * filters. Unknown parameters are rejected (a mistyped filter must never widen a result).
 */
export function listQuerySchema<P extends TProperties>(
  filters: P,
  sortFields: readonly string[],
  qDescription: string,
  options: { customFields?: boolean } = {},
) {
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
        options.customFields
          ? Type.Union([Type.Enum(sorts), Type.String({ pattern: CUSTOM_SORT })], {
              description: `${sortText}; or cf_<name> (-cf_<name>), a custom field's.`,
            })
          : Type.Enum(sorts, { description: `${sortText}.` }),
      ),
      ...filters,
    },
    {
      additionalProperties: false,
      ...(options.customFields && { patternProperties: { [FIELD_PARAMETER]: FIELD_PARAMETER_SCHEMA } }),
    },
  );
}

/** A sort by a custom field (custom-fields/list-terms.ts). */
const CUSTOM_SORT = '^-?cf_[a-z][a-z0-9_]{0,49}$';

/** The offset list envelope (`data`, `pagination`; docs/api.md, "Paging") around an item schema. */
export function offsetListSchema<T extends TSchema>(item: T, description: string) {
  return Type.Object(
    {
      data: Type.Array(item),
      pagination: Type.Object({
        limit: Type.Integer({ description: 'Effective (clamped) page size.' }),
        offset: Type.Integer({ description: 'Effective offset.' }),
        total: Type.Integer({ description: 'Count of all matching items.' }),
      }),
    },
    { description },
  );
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
  const cases = sort.ranks.map((value, rank) => sql`WHEN ${sql.lit(value)} THEN ${sql.lit(rank)}`);
  return [sql`CASE ${sql.ref(sort.column)} ${sql.join(cases, sql` `)} END`];
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
 * sort): its sort value and id, the bound of a walk of the sort's index. None when a row of the
 * window may have no sort value: a bound compares no NULL, which ascending orders put first.
 */
async function windowEnd<DB, TB extends keyof DB, O>(
  walked: Walked<DB, TB, O>,
  counted: CountedTotals,
  sort: Sort,
  column: string,
  idColumn: string,
  direction: 'asc' | 'desc',
  size: number,
  from?: Expression<SqlBool>,
): Promise<{ value: unknown; id: unknown } | undefined> {
  const paged = sql`${sql.table(walked.table)} as ${sql.id(walked.alias)}`;
  const inWindow = sql`from ${paged} where ${sql.ref(`${walked.alias}.workspace_id`)} = ${counted.workspaceId}${
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
  alone?: Record<string, (value: unknown) => Promise<number>>;
  /** `q` searches `table` itself, so the total of `q` alone is remembered by its search version (search-counts.ts). */
  searched?: boolean;
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
  if (name === 'q' && counted.searched && isSearchVersioned(counted.table))
    return searchTotal(counted.db, counted.workspaceId, counted.table, count, counted.everyRow?.(String(value)));
  return counted.alone?.[name]?.(value);
}

export interface ListOptions<O, Dto, DB = unknown, TB extends keyof DB = keyof DB> {
  sorts: Record<string, Sort>;
  /** `name` or `-createdAt`. */
  defaultSort: string;
  /** Last ordering column, so that pages are stable when the sort has ties. */
  idColumn: string;
  /** Where the totals of an unfiltered list and of a tallied filter alone are kept. */
  counted?: CountedTotals;
  /** SQLite: the same rows written for reads that walk the sort's index (listPage). */
  walked?: Walked<DB, TB, O>;
  /**
   * By filter: the filter alone, read in the order of one sort from the filter's own index (a
   * link that keeps a copy of the sort column); used for a query of that filter alone in that sort.
   */
  ordered?: Record<string, OrderedRead<DB, TB, O>>;
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
export interface OrderedRead<DB, TB extends keyof DB, O> {
  sort: string;
  read(value: unknown): { rows: SelectQueryBuilder<DB, TB, O>; order: Expression<unknown>[] };
}

/**
 * SQLite does not weigh a LIMIT: for `tagId=` it reads all of a tag's matches and sorts them where
 * walking the name index meets a page of them within a few entries. So a list query with
 * conditions gives its rows twice more, for reads that walk the sort's index:
 *
 * - `rows`: link, date and text conditions kept from driving the read (`+column`, the text's
 *   matches listed from the text index), so the planner walks the sort's index and tests each
 *   row. Read instead of the plain rows when the walk is expected shorter than the matches, were
 *   they spread evenly: (offset + limit) × table rows / matches < matches.
 * - `tested` (with `q`): the text tested on each row's own columns by a walk of the sort's index
 *   that ends at the last row of a window of the first rows in the page's order (a column sort),
 *   so a broad search reads a few rows rather than list all its matches. The window is
 *   WINDOW_SLACK times the even-spread walk, tried only when testing it costs at most a quarter
 *   of listing the matches (testedWindow); when it holds too few matches (they cluster later in
 *   the order, `q=web-` in names sorted by role), a larger one whose test costs what the listing
 *   does (testedWindows), and the page is read from `rows` after all when that fails too.
 *
 * PostgreSQL weighs a LIMIT, but as if the matches were spread evenly through the sort's order:
 * for `q=web` (every match named `web-…`, last by name) it walked nearly every server by name.
 * There a search reads its page from a window too, in one statement:
 *
 * - `firstRows`: the list's conditions on the workspace's first `window` rows in the page's order
 *   (a derived table), for any sort; walking a row costs less than listing a match, so every
 *   window short of the table is tried, then one as large as the matches (firstRowsWindows).
 * - `matches`: when no window holds the page, every match, listed from the text index and sorted
 *   (a MATERIALIZED common table expression, which the planner cannot walk): its cost is bounded
 *   by the matches, a walk's only by the table.
 *
 * The reasons in full: docs/notes/list-windows.md.
 */
export interface Walked<DB, TB extends keyof DB, O> {
  rows: SelectQueryBuilder<DB, TB, O>;
  tested?: SelectQueryBuilder<DB, TB, O>;
  /** `from`: conditions on the rows the window is taken from (a remembered start, SearchStart). */
  firstRows?(window: number, order: Expression<unknown>[], from?: Expression<SqlBool>[]): SelectQueryBuilder<DB, TB, O>;
  matches?: SelectQueryBuilder<DB, TB, O>;
  /** The table whose rows the list pages, one item each, and the name the query gives it. */
  table: string;
  alias: string;
}

const WINDOW_SLACK = 2;
/**
 * SQLite, measured at 1,000,000 servers and 1.5M audit events (docs/notes/list-windows.md has the
 * figures and how, at a load of 3.5-6 on 2 cores): listing a match from the text index and reading
 * it in the page's order costs 0.55-0.60 µs (audit events), 1.1-3.1 µs (servers: eight columns,
 * longer trigram lists); testing a row of a walk (reading it, estate_fold on each searched column)
 * 3.0-6.4 µs (audit events), 5.7-8.0 µs (servers). So testing a row costs about WINDOW_ROW_COST = 5
 * times listing a match (2-4 for servers: 5 errs towards listing). It was assumed 40 before.
 */
const WINDOW_ROW_COST = 5;
const WINDOW_MIN_ROWS = 500;

/**
 * The rows of a window worth testing for a page's matches (Walked.tested; the audit log's search
 * too), or undefined: `reach`, the rows an even spread of the `matches` among `rows` needs to
 * meet the page's last one. Tried when testing it costs at most a quarter of listing the matches.
 */
export function testedWindow(reach: number, rows: number, matches: number): number | undefined {
  const window = pagedWindow(reach, rows);
  return window !== undefined && window * WINDOW_ROW_COST * 4 <= matches ? window : undefined;
}

/**
 * The windows to try in turn for a page (SQLite, testedWindow's first): then, when the matches are
 * clustered later in the order than an even spread puts them, the largest window whose test costs
 * what listing the matches does, so a page read costs at most twice the listing (a quarter more
 * for the first window), and a page found there costs what the rows before it do. The audit log's
 * newest events, say, are none of them server events at 1M servers: `query=server`'s first match
 * is some 12,000 events back, among 1,000,000 matches.
 */
export function testedWindows(reach: number, rows: number, matches: number): number[] {
  const first = testedWindow(reach, rows, matches);
  if (first === undefined) return [];
  const budget = Math.min(Math.floor(matches / WINDOW_ROW_COST), rows - 1);
  return budget >= first * 4 ? [first, budget] : [first];
}

/** The window of WINDOW_SLACK times `reach` rows (at least WINDOW_MIN_ROWS), if short of the table's `rows`. */
function pagedWindow(reach: number, rows: number): number | undefined {
  const window = Math.max(WINDOW_MIN_ROWS, Math.ceil(reach * WINDOW_SLACK));
  return window < rows ? window : undefined;
}

/**
 * PostgreSQL: the windows to try in turn (Walked.firstRows), the even spread's then one of the
 * matches' size: walking a row there costs less than listing a match from the text index (2-4 µs
 * against 8-11 µs, measured as testedWindow's figures), so a window as large as the matches costs
 * less than listing them, whether it holds the page or not.
 */
function firstRowsWindows(reach: number, rows: number, matches: number): number[] {
  const first = pagedWindow(reach, rows);
  if (first === undefined) return [];
  const budget = Math.min(matches, rows - 1);
  return budget >= first * 4 ? [first, budget] : [first];
}

/** The bare name of a column (`d.name` → `name`): the key of a row read with `select *`. */
const bare = (column: string): string => column.replace(/^.*\./, '');

/**
 * One page of an offset list in its envelope (offsetListSchema): the query's rows in the requested
 * order (ties broken by id), the clamped page and the count of all matching items.
 */
export async function listPage<DB, TB extends keyof DB, O, Dto>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: ListQuery,
  options: ListOptions<O, Dto, DB, TB>,
): Promise<OffsetList<Dto>> {
  const page = pageOf(query);
  const value = query.sort ?? options.defaultSort;
  const direction = value.startsWith('-') ? 'desc' : 'asc';
  const sortName =
    value.replace(/^-/, '') in options.sorts ? value.replace(/^-/, '') : options.defaultSort.replace(/^-/, '');
  const sort = options.sorts[sortName]!;
  const counted = base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total')) as unknown as SelectQueryBuilder<DB, TB, { total: number }>;
  const countTotal = () =>
    keptTotal(query, options.counted, counted as unknown as SelectQueryBuilder<unknown, never, { total: number }>) ??
    counted.executeTakeFirstOrThrow().then((row) => Number(row.total));
  const read = (rows: SelectQueryBuilder<DB, TB, O>, order = orderOf(sort, options.idColumn, direction)) => {
    let ordered = rows;
    for (const item of order) ordered = ordered.orderBy(item);
    return ordered.limit(page.limit).offset(page.offset).execute();
  };
  const parameters = selecting(query);
  const alone = parameters.length === 1 ? options.ordered?.[parameters[0]![0]] : undefined;
  if (alone && alone.sort === sortName) {
    const { rows, order } = alone.read(parameters[0]![1]);
    const [found, total] = await Promise.all([
      read(
        rows,
        order.map((expression) => sql`${expression} ${sql.raw(direction)}`),
      ),
      countTotal(),
    ]);
    return { data: await options.toDtos(found), pagination: { ...page, total } };
  }
  const { walked, counted: kept } = options;
  if (walked && kept && parameters.length > 0) {
    // The total decides how to read the page (SQLite's one connection reads in turn anyway; a
    // search's total on PostgreSQL is remembered, so counting first rarely costs a count).
    const total = await countTotal();
    const rows = total === 0 ? 0 : await countedTotal(kept.db, kept.workspaceId, kept.table);
    // The rows a walk of the sort's index reads to meet the page's last match, were the matches
    // spread evenly.
    const reach = total === 0 ? Infinity : ((page.offset + page.limit) * rows) / total;
    const column = plainColumn(sort);
    const done = async (found: O[]) => ({ data: await options.toDtos(found), pagination: { ...page, total } });
    const order = orderOf(sort, options.idColumn, direction);
    // `q` alone ordered by a searched column: where its matches begin can be remembered (SearchStart).
    const startKey =
      parameters.length === 1 &&
      parameters[0]![0] === 'q' &&
      kept.searched &&
      isSearchVersioned(kept.table) &&
      column !== undefined &&
      SEARCHED[kept.table]?.includes(bare(column))
        ? searchStartKey(kept.workspaceId, kept.table, `${column} ${direction}`, String(parameters[0]![1]))
        : undefined;
    const at = (end: { value: unknown; id: unknown }, comparison: string) => {
      const bound = sql`(${end.value}, ${end.id})`;
      return sql<SqlBool>`(${sql.ref(column!)}, ${sql.ref(options.idColumn)}) ${sql.raw(comparison)} ${bound}`;
    };
    const [from, upTo] = direction === 'asc' ? ['>=', '<='] : ['<=', '>='];
    const pageKey = startKey === undefined ? undefined : searchPageKey(startKey, String(page.offset), page.limit);
    // The same page read before, while the version holds: its rows by their ids (SearchPage).
    const known = pageKey === undefined ? undefined : rememberedPage(kept.db, pageKey);
    if (known) {
      let again = (walked.tested ?? walked.rows)
        .where(() => sql<SqlBool>`${sql.ref(options.idColumn)} in (${sql.join(known.ids)})`)
        .where(() => startHolds(kept.workspaceId, kept.table, known.version));
      for (const item of order) again = again.orderBy(item);
      const found = await again.limit(known.ids.length).execute();
      if (found.length === known.ids.length) return done(found);
    }
    // From the first match on, while the version holds: a window as an even spread needs.
    const remembered = startKey === undefined ? undefined : rememberedStart(kept.db, startKey);
    const window = pagedWindow(reach, rows);
    if (remembered && total > page.offset && window !== undefined) {
      const after = [at(remembered, from), startHolds(kept.workspaceId, kept.table, remembered.version)];
      let found: O[] | undefined;
      if (walked.firstRows) found = await read(walked.firstRows(window, order, after));
      else if (walked.tested && column !== undefined) {
        // No end: fewer rows than the window are left from the start, all of them walked.
        const end = await windowEnd(walked, kept, sort, column, options.idColumn, direction, window, after[0]);
        let tested = walked.tested;
        for (const condition of end ? [...after, at(end, upTo)] : after) tested = tested.where(() => condition);
        found = await read(tested);
      }
      if (found?.length === page.limit) return done(found);
    }
    // Read from the start of the order: the page at offset 0 tells where the matches begin.
    const version =
      startKey !== undefined && total > page.offset
        ? await searchVersion(kept.db, kept.workspaceId, kept.table)
        : undefined;
    const found = await readFromStart();
    if (version !== undefined && found.length > 0 && startKey !== undefined && pageKey !== undefined) {
      const rowsFound = found as Record<string, unknown>[];
      rememberStart(kept.db, pageKey, { version, ids: rowsFound.map((row) => row[bare(options.idColumn)]) });
      const value = rowsFound[0]![bare(column!)];
      if (page.offset === 0 && value !== null && value !== undefined)
        rememberStart(kept.db, startKey, { version, value, id: rowsFound[0]![bare(options.idColumn)] });
    }
    return done(found);

    async function readFromStart(): Promise<O[]> {
      if (walked!.firstRows && walked!.matches) {
        for (const window of firstRowsWindows(reach, rows, total)) {
          const found = await read(walked!.firstRows(window, order));
          if (found.length === page.limit) return found;
        }
        return read(walked!.matches);
      }
      if (walked!.tested && column !== undefined) {
        for (const window of testedWindows(reach, rows, total)) {
          const end = await windowEnd(walked!, kept!, sort, column, options.idColumn, direction, window);
          if (!end) break;
          const found = await read(walked!.tested.where(() => at(end, upTo)));
          if (found.length === page.limit) return found;
        }
      }
      return read(total > 0 && reach < total ? walked!.rows : base);
    }
  }
  // A read another way walks the sort's order and tests each row (ListingDefinition.pagedRows),
  // where `base` lists the matches from their indexes and sorts them. With filters whose total is
  // kept (so knowing it first costs one read), the walk is taken when it meets the page's end well
  // before as many rows as there are matches, were they spread evenly. Not with `q`: its total may
  // need a count, and testing each row's text costs more than listing it from the text index.
  const paged = options.paged?.(direction, page.offset + page.limit);
  const keptCount =
    paged && parameters.length > 0 && !parameters.some(([name]) => name === 'q')
      ? keptTotal(query, kept, counted as unknown as SelectQueryBuilder<unknown, never, { total: number }>)
      : undefined;
  if (paged && keptCount && kept) {
    const [total, rows] = await Promise.all([keptCount, countedTotal(kept.db, kept.workspaceId, kept.table)]);
    const reach = total === 0 ? Infinity : ((page.offset + page.limit) * rows) / total;
    return {
      data: await options.toDtos(await read(reach * WINDOW_SLACK < total ? paged : base)),
      pagination: { ...page, total },
    };
  }
  const [rows, total] = await Promise.all([read(paged && parameters.length === 0 ? paged : base), countTotal()]);
  return { data: await options.toDtos(rows), pagination: { ...page, total } };
}
