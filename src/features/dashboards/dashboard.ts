import { sql, type JoinBuilder, type RawBuilder, type SelectQueryBuilder, type SelectType } from 'kysely';
import type { Database } from '../../base/db/database.js';
import { rowsIn, type WorkspaceTable } from '../../base/db/rows-in.js';
import type { Widget } from './widgets.js';

/** What a dashboard computes from: the workspace's data at one instant. */
export interface DashboardContext {
  database: Database;
  workspaceId: string;
  /** The instant the figures are computed for (ISO-8601). */
  now: string;
  /** Its UTC day, YYYY-MM-DD. */
  today: string;
}

/** One dashboard of the public API: its name (path and scope), texts and its widgets. */
export interface DashboardDefinition {
  name: string;
  title: string;
  description: string;
  /** Every widget id, in order, for the OpenAPI description. */
  widgetIds: readonly string[];
  widgets(context: DashboardContext): Promise<Widget[]>;
}

export const dashboardScope = (name: string) => `${name}_dashboard:read`;

/** The workspace's rows of one table: what most figures count. */
export function rowsOf<T extends WorkspaceTable>({ database, workspaceId }: DashboardContext, table: T) {
  return rowsIn(database.db, workspaceId, table);
}

/**
 * The join condition `column = to`, the joined table (`column`'s alias) kept in the workspace:
 * `.innerJoin('applications as a', joinedOn(workspaceId, 'a.id', 'l.application_id'))`.
 */
export function joinedOn(workspaceId: string, column: string, to: string) {
  const alias = column.slice(0, column.indexOf('.'));
  // biome-ignore lint/suspicious/noExplicitAny: the columns are named by the caller's aliases, checked by its tests.
  return <J extends JoinBuilder<any, any>>(join: J): J =>
    join.onRef(column, '=', to).on(`${alias}.workspace_id`, '=', workspaceId) as J;
}

/** The UTC day (YYYY-MM-DD) of a timestamp column, the same text on both databases. */
export function dayOf(database: Database, column: string): RawBuilder<string> {
  return database.dialect === 'postgres'
    ? sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(${sql.ref(column)}, 1, 10)`;
}

/** An instant `days` days before `now`, ISO-8601. */
export const daysBefore = (now: string, days: number) => new Date(Date.parse(now) - days * 86_400_000).toISOString();
/** A day `days` days after `today` (negative: before), YYYY-MM-DD. */
export const dayAfter = (today: string, days: number) =>
  new Date(Date.parse(`${today}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The rows a query matches, counted per value of one of its table's columns: breakdown groups `{ key, value }`. */
export function countPer<DB, TB extends keyof DB, O, Column extends Extract<keyof DB[TB], string>>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: Column,
) {
  return query
    .select([sql.ref<SelectType<DB[TB][Column]>>(column).as('key'), sql<number>`count(*)`.as('value')])
    .groupBy(sql.ref(column))
    .execute();
}

/** A query's rows with a positive `column`, largest first (the caller adds its tie-break). */
export function largestFirst<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, column: string) {
  return query.where(sql.ref(column), '>', 0).orderBy(sql.ref(column), 'desc');
}

/** The sum of a numeric column over a query's rows, 0 when there are none. */
export async function sumOf<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, column: string) {
  const row = await query.select(sql<number | null>`sum(${sql.ref(column)})`.as('total')).executeTakeFirstOrThrow();
  return Number((row as unknown as { total: number | null }).total ?? 0);
}

/** Adds up grouped counts of several queries (servers and workstations) by key. */
export function mergeCounts<Key>(...groups: { key: Key; value: number | string }[][]): { key: Key; value: number }[] {
  const sums = new Map<Key, number>();
  for (const rows of groups) for (const row of rows) sums.set(row.key, (sums.get(row.key) ?? 0) + Number(row.value));
  return [...sums].map(([key, value]) => ({ key, value }));
}

export const HOST_TABLES = ['servers', 'workstations'] as const;
export type HostTable = (typeof HOST_TABLES)[number];
export const hostKind = (table: HostTable) => (table === 'servers' ? 'server' : 'workstation');

/** Appends `value` to the list kept under `key` (in place: no copy per append). */
export function pushTo<Key, Value>(lists: Map<Key, Value[]>, key: Key, value: Value): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}
