/**
 * The planner's choices that depend on storage facts (db/storage.ts) rather than on a filter: how
 * the total of one filter used alone is read, and which filters can read their page alone in a
 * sort's order from their own index. listPage (offset.ts) then picks among the reads it is given.
 */
import { sql, type Kysely } from 'kysely';
import { dynamic, type DynamicTables } from '../db/dynamic.js';
import { countedDays, countedValue } from '../db/row-counts.js';
import type { Tables } from '../db/schema.js';
import { linkCountKey, type StorageOf } from '../db/storage.js';
import type { Filter } from './filters.js';
import { linkCopies, whereMatching } from './matching.js';
import type { FilterOrderRead, ListQuery } from './offset.js';
import { dialectOf } from '../db/dialect.js';

type FilterTotal = (value: unknown) => Promise<number>;

/**
 * The total of each filter that keeps one, used alone: a per-value count where the table's
 * triggers keep one for the filter (its `key`), a link's rows (counted per linked id, or in the
 * link's index), or a date bound's whole days.
 */
export function singleFilterTotalsOf(
  filters: Record<string, Filter>,
  db: Kysely<Tables>,
  workspaceId: string,
  table: string,
  storageOf: StorageOf,
): Record<string, FilterTotal> {
  const totals: Record<string, FilterTotal> = {};
  for (const [name, filter] of Object.entries(filters)) {
    const total = singleFilterTotalOf(name, filter, db, workspaceId, table, storageOf);
    if (total) totals[name] = total;
  }
  return totals;
}

function singleFilterTotalOf(
  name: string,
  { key, link, day }: Filter,
  db: Kysely<Tables>,
  workspaceId: string,
  table: string,
  storageOf: StorageOf,
): FilterTotal | undefined {
  if (key && storageOf(table)?.valueCounts?.[name])
    return (value) => countedValue(db, workspaceId, table, name, key(value));
  if (link) {
    // A link row names one row of the list (its key holds both ids, its foreign keys cascade).
    const { table: links, otherColumn } = link;
    if (storageOf(links)?.linkCounts?.includes(otherColumn)) {
      return (value) => countedValue(db, workspaceId, links, linkCountKey(otherColumn), String(value).toLowerCase());
    }
    return async (value) => {
      const row = await dynamic(db)
        .selectFrom(links)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('workspace_id', '=', workspaceId)
        .where(otherColumn, '=', String(value).toLowerCase())
        .executeTakeFirstOrThrow();
      return Number(row.total);
    };
  }
  if (day && storageOf(table)?.days?.[day.column]) {
    const bound = (date: unknown) => (day.comparison === '<' ? { before: String(date) } : { after: String(date) });
    return (date) => countedDays(db, workspaceId, table, day.column, bound(date));
  }
  return undefined;
}

/**
 * Link filters whose link rows keep a copy of the listed row's name (`nameCopy`): the filter is
 * read in name order from the link's index, 50 links then their 50 rows. With other conditions
 * (`others`, of the same filters), those on the link's copies (linkCopies) are read in its index
 * too, and each row the link lists is tested against the rest in that order.
 */
export function filterOrderReadsOf(
  filters: Record<string, Filter>,
  db: Kysely<Tables>,
  workspaceId: string,
  storageOf: StorageOf,
): Record<string, FilterOrderRead<DynamicTables, string, Record<string, unknown>>> {
  const reads: Record<string, FilterOrderRead<DynamicTables, string, Record<string, unknown>>> = {};
  for (const [name, { link }] of Object.entries(filters)) {
    const copy = link && storageOf(link.table)?.nameCopy;
    if (!link || copy?.by !== link.otherColumn) continue;
    const { key, from, copy: copied, by } = copy;
    // The rows of the other conditions, as a table of the same name: their columns are the list's
    // alone (the link has some of the same names), and each database folds it into the join.
    const listed = (others: ListQuery) => {
      const own = dynamic(db).selectFrom(from).selectAll(from).where(`${from}.workspace_id`, '=', workspaceId);
      if (Object.keys(others).length === 0) return from;
      const search = { dialect: dialectOf(db), index: { table: from }, columns: [] };
      return whereMatching(own, { query: others, search, filters, workspaceId }).as(from);
    };
    // The other conditions the link's copies answer (linkCopies), and those left to test on each row.
    const split = (value: unknown, others: ListQuery) => {
      const asked = Object.entries(others).flatMap(([other, given]) =>
        filters[other] && given !== undefined ? [[other, filters[other], given] as const] : [],
      );
      const { alongside, absorbed } = linkCopies([[name, filters[name]!, value], ...asked]);
      const rest = Object.fromEntries(Object.entries(others).filter(([other]) => !absorbed.has(other)));
      return { alongside: alongside.get(name) ?? [], rest };
    };
    reads[name] = {
      sort: 'name',
      whole: (value, others) => Object.keys(split(value, others).rest).length === 0,
      // One link row per listed row (the link's key holds both ids): the link's rows are the total.
      count: async (value, others) => {
        const { alongside } = split(value, others);
        // The link's rows per linked id are kept (linkCounts): no condition on a copy, no count.
        if (alongside.length === 0 && storageOf(link.table)?.linkCounts?.includes(by))
          return countedValue(db, workspaceId, link.table, linkCountKey(by), String(value).toLowerCase());
        let links = dynamic(db)
          .selectFrom(link.table)
          .select((eb) => eb.fn.countAll<number>().as('total'))
          .where('workspace_id', '=', workspaceId)
          .where(by, '=', String(value).toLowerCase());
        for (const [column, kept] of alongside) links = links.where(column, '=', kept);
        return Number((await links.executeTakeFirstOrThrow()).total);
      },
      read: (value, others = {}) => {
        const { alongside, rest } = split(value, others);
        let rows = dynamic(db)
          .selectFrom(listed(rest))
          .innerJoin(`${link.table} as linked`, (join) =>
            join.onRef('linked.workspace_id', '=', `${from}.workspace_id`).onRef(`linked.${key}`, '=', `${from}.id`),
          )
          .selectAll(from)
          .where(`${from}.workspace_id`, '=', workspaceId)
          .where('linked.workspace_id', '=', workspaceId)
          .where(`linked.${by}`, '=', String(value).toLowerCase());
        for (const [column, kept] of alongside) rows = rows.where(`linked.${column}`, '=', kept);
        return { rows, order: [sql.ref(`linked.${copied}`), sql.ref(`linked.${key}`)] };
      },
    };
  }
  return reads;
}
