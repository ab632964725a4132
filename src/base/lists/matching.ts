/**
 * The conditions of a list query and the forms of its rows for scans of the sort's index: the
 * reads listPage (offset.ts) chooses among. A family gives its filters and search columns; how
 * each read writes them (through the conditions' indexes, or scanning the sort's index and testing
 * each row) is decided here.
 */
import type { Expression, Kysely, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Dialect } from '../db/dialect.js';
import type { DynamicTables } from '../db/dynamic.js';
import { matchesText, type TextIndex, type TextRead } from '../db/text-search.js';
import type { Alongside, Filter } from './filters.js';
import type { ListQuery } from './offset.js';

/** How a list searches: its columns and their text index. */
export interface Search {
  dialect: Dialect;
  index: TextIndex;
  columns: readonly string[];
}

/** What a list query asks of a list: the query, how the list searches, its filters and the workspace. */
export interface Conditions {
  query: ListQuery;
  search: Search;
  filters: Record<string, Filter>;
  workspaceId: string;
}

/** Equality filters answered in a link filter's index (linkCopies), and the conditions that stand for them. */
export interface LinkCopies {
  /** By link filter name: conditions on its link's copies. */
  alongside: Map<string, Alongside[]>;
  /** The equality filters those conditions replace. */
  absorbed: Set<string>;
}

/**
 * Which of the asked filters (name, filter, value) an asked link filter's rows answer: an equality
 * filter on a column the link keeps a copy of (FilterLink.copies) becomes a condition on the copy,
 * so the link's index (its other side, the copy, the name's copy) lists exactly the matches.
 */
export function linkCopies(asked: readonly (readonly [string, Filter, unknown])[]): LinkCopies {
  const alongside = new Map<string, Alongside[]>();
  const absorbed = new Set<string>();
  const links = asked.filter(([, filter]) => filter.link?.copies);
  for (const [name, filter, value] of asked) {
    if (!filter.equals || !['string', 'number'].includes(typeof value)) continue;
    const into = links.find(([, link]) => link.link!.copies![filter.equals!] !== undefined);
    if (!into) continue;
    const [linkName, link] = into;
    alongside.set(linkName, [...(alongside.get(linkName) ?? []), [link.link!.copies![filter.equals]!, value]]);
    absorbed.add(name);
  }
  return { alongside, absorbed };
}

/**
 * How a list query's conditions are written: `TextRead`, or `narrow`: the filters through their
 * indexes and `q` on each row's own columns, for filters that select few rows (ListOptions.narrow).
 */
export type MatchRead = TextRead | 'narrow';

/**
 * The rows a list query selects: `q` in any search column, and every filter the query names.
 * `read`: written for a read through the indexes of the conditions (`index`), or for one that scans
 * the sort's index and tests each row (ListOptions.sortScan), `q` by the text index's matches
 * (`scan`) or by the row's own columns (`columns`); or `narrow` (MatchRead).
 */
export function whereMatching<Row>(
  rows: SelectQueryBuilder<DynamicTables, string, Row>,
  conditions: Conditions,
  read: MatchRead = 'index',
) {
  const { query, search, filters, workspaceId } = conditions;
  const asked = Object.entries(filters).filter(([name]) => query[name] !== undefined);
  const throughIndexes = read === 'index' || read === 'narrow';
  // SQLite probes the rows a link filter lists by id: an enum's condition on its rank lets the
  // sort's index (workspace_id, rank, id) answer each probe alone (Filter.ranked). PostgreSQL
  // hash-joins the link's rows with the enum's own index instead, which the rank would keep it from.
  const probed = throughIndexes && search.dialect === 'sqlite' && asked.some(([, filter]) => filter.link);
  const { alongside, absorbed } = linkCopies(asked.map(([name, filter]) => [name, filter, query[name]] as const));
  return rows.where((eb) => {
    const all: Expression<SqlBool>[] = [];
    if (typeof query.q === 'string' && query.q)
      all.push(
        matchesText(search.dialect, search.index, search.columns, query.q, read === 'narrow' ? 'columns' : read),
      );
    for (const [name, filter] of asked) {
      if (absorbed.has(name)) continue;
      all.push(
        probed && filter.ranked
          ? filter.ranked(eb, query[name])
          : filter.where(eb, query[name], workspaceId, !throughIndexes, alongside.get(name)),
      );
    }
    return eb.and(all);
  });
}

/**
 * The forms of a list's rows for scans of the sort's index, where a scan can help (ListOptions.sortScan). `paged`: the
 * table whose rows the list pages (one item each) and the name the query gives it. SQLite: every
 * list with conditions. PostgreSQL: a search of a list read from one table, given `db` (families),
 * whose page is read from all its matches when a window of the sort's first rows holds too few.
 */
export function sortScanOf<Row>(
  rows: SelectQueryBuilder<DynamicTables, string, Row>,
  conditions: Conditions,
  paged: { table: string; alias?: string },
  db?: Kysely<DynamicTables>,
) {
  const { query, search } = conditions;
  const searched = typeof query.q === 'string' && query.q !== '';
  if (search.dialect === 'postgres') {
    if (!db) return {};
    const alias = paged.alias ?? paged.table;
    const matching = whereMatching(rows, conditions);
    // MATERIALIZED: the planner cannot scan the sort's index through it; it lists the matches. Named
    // as the table (which its own body still reads), so that a sort's columns named by the table name its.
    const cte = matching as unknown as SelectQueryBuilder<DynamicTables, string, Record<string, unknown>>;
    const matches = db
      .with(
        (name) => name(alias).materialized(),
        () => cte,
      )
      .selectFrom(alias)
      .selectAll() as unknown as typeof matching;
    if (!searched) return { matched: matches };
    const firstRows = (window: number, order: Expression<unknown>[], from: Expression<SqlBool>[] = []) => {
      let first = rows;
      for (const condition of from) first = first.where(() => condition);
      for (const item of order) first = first.orderBy(item);
      // Named as the table, so that the conditions' columns name the window's.
      const windowed = db.selectFrom(first.limit(window).as(alias)).selectAll() as unknown as typeof rows;
      return whereMatching(windowed, conditions);
    };
    return { sortScan: { rows: matching, firstRows, matches, table: paged.table, alias }, matched: matches };
  }
  if (search.dialect !== 'sqlite') return {};
  return {
    sortScan: {
      rows: whereMatching(rows, conditions, 'scan'),
      ...(searched ? { textOnColumns: whereMatching(rows, conditions, 'columns') } : {}),
      table: paged.table,
      alias: paged.alias ?? paged.table,
    },
    ...(searched ? { narrow: whereMatching(rows, conditions, 'narrow') } : {}),
  };
}
