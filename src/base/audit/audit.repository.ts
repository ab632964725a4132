import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database, Dialect } from '../db/database.js';
import { countedDaysQuery, countedTotal, countedValue } from '../db/row-counts.js';
import type { AuditEventsTable, Tables } from '../db/schema.js';
import type { CursorPosition } from '../lists/cursor.js';
import {
  rememberedPage,
  rememberStart,
  searchPageKey,
  searchStartKey,
  searchTotal,
  searchVersion,
  startHolds,
} from '../db/search-counts.js';
import { STORAGE } from '../db/storage.js';
import { matchesText, textIndexCount, type TextRead } from '../db/text-search.js';
import { columnTestWindows } from '../lists/windows.js';

export interface AuditFilters {
  from?: string;
  to?: string;
  actorId?: string;
  category?: string;
  actions?: string[];
  resourceType?: string;
  resourceId?: string;
  query?: string;
  /**
   * The events a restricted caller may read (resources/reach.ts, reachedEvents): only events about
   * items it reaches, or about no restricted family. A filter like the others: no kept total applies.
   */
  within?: (eb: ExpressionBuilder<Tables, 'audit_events'>) => Expression<SqlBool>;
}

/** The columns the audit log's `query` searches: the searched columns of audit_events (db/storage.ts). */
export const AUDIT_SEARCH_COLUMNS: readonly string[] = STORAGE.audit_events?.searched ?? [];

function filterConditions(
  eb: ExpressionBuilder<Tables, 'audit_events'>,
  dialect: Dialect,
  workspaceId: string,
  filters: AuditFilters,
  read: TextRead = 'index',
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('workspace_id', '=', workspaceId)];
  if (filters.from) conditions.push(eb('timestamp', '>=', filters.from));
  if (filters.to) conditions.push(eb('timestamp', '<=', filters.to));
  if (filters.actorId) conditions.push(eb('actor_id', '=', filters.actorId));
  if (filters.category) conditions.push(eb('category', '=', filters.category));
  if (filters.actions && filters.actions.length > 0) conditions.push(eb('action', 'in', filters.actions));
  if (filters.resourceType) conditions.push(eb('resource_type', '=', filters.resourceType));
  if (filters.resourceId) conditions.push(eb('resource_id', '=', filters.resourceId));
  if (filters.query)
    conditions.push(matchesText(dialect, { table: 'audit_events' }, AUDIT_SEARCH_COLUMNS, filters.query, read));
  if (filters.within) conditions.push(filters.within(eb));
  return eb.and(conditions);
}

/** The filters given, without those left out or empty. */
function givenFilters(filters: AuditFilters): [string, unknown][] {
  return Object.entries(filters).filter(
    ([, value]) => value !== undefined && !(Array.isArray(value) && value.length === 0),
  );
}

/** The audit filters counted per value (VALUE_COUNTS, db/storage.ts); `actions` adds up the counts of its actions. */
export const AUDIT_TALLIED = ['category', 'actions', 'resourceType'] as const;

/**
 * Events matching the filters: without filters, the trigger-kept per-workspace count (row_counts);
 * with one value-counted filter alone, its per-value counts (value_counts); with `from` and `to` alone,
 * the per-day counts of the whole days between and the events of the part-days at the ends;
 * with `query` alone, counted once per change of the searched text (db/search-counts.ts);
 * otherwise counted.
 */
export async function countAuditEvents(
  database: Database,
  workspaceId: string,
  filters: AuditFilters,
): Promise<number> {
  const given = givenFilters(filters);
  if (given.length === 0) return countedTotal(database.db, workspaceId, 'audit_events');
  const [name, value] = given[0]!;
  if (given.length === 1 && (AUDIT_TALLIED as readonly string[]).includes(name)) {
    const values = [...new Set(Array.isArray(value) ? value.map(String) : [String(value)])];
    const counts = await Promise.all(
      values.map((one) => countedValue(database.db, workspaceId, 'audit_events', name, one)),
    );
    return counts.reduce((sum, count) => sum + count, 0);
  }
  if (given.every(([filter]) => filter === 'from' || filter === 'to'))
    return countWindow(database, workspaceId, filters);
  if (given.length === 1 && name === 'query') {
    return searchTotal(
      database.db,
      workspaceId,
      'audit_events',
      countQuery(database, workspaceId, filters),
      textIndexCount(database.dialect, { table: 'audit_events' }, String(value)),
    );
  }
  return Number((await countQuery(database, workspaceId, filters).executeTakeFirstOrThrow()).count);
}

function countQuery(database: Database, workspaceId: string, filters: AuditFilters) {
  return database.db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => filterConditions(eb, database.dialect, workspaceId, filters));
}

const DAY_MS = 86_400_000;
/** The UTC day of an ISO instant, and the instant that day and the next begin. */
const dayOf = (instant: string) => instant.slice(0, 10);
const startOf = (day: string) => `${day}T00:00:00.000Z`;
const dayAfter = (day: string) => new Date(Date.parse(startOf(day)) + DAY_MS).toISOString().slice(0, 10);

/**
 * Events from `from` to `to` (both inclusive, ISO instants): the days wholly inside from their
 * per-day counts (`days` in db/storage.ts), and the events of the part-day at each end counted
 * in the timestamp index, so the cost is at most two days' events whatever the window. One
 * statement, so the parts are read from one snapshot.
 */
async function countWindow(database: Database, workspaceId: string, { from, to }: AuditFilters): Promise<number> {
  if (from !== undefined && to !== undefined && from > to) return 0;
  const parts =
    from !== undefined && to !== undefined && dayOf(from) === dayOf(to)
      ? [countQuery(database, workspaceId, { from, to })]
      : [
          countedDaysQuery(database.db, workspaceId, 'audit_events', 'timestamp', {
            after: from && dayOf(from),
            before: to && dayOf(to),
          }),
          ...(from === undefined
            ? []
            : [countQuery(database, workspaceId, { from }).where('timestamp', '<', startOf(dayAfter(dayOf(from))))]),
          ...(to === undefined ? [] : [countQuery(database, workspaceId, { from: startOf(dayOf(to)), to })]),
        ];
  const { rows } = await sql<{ total: number }>`SELECT ${sql.join(
    parts.map((part) => sql`(${part})`),
    sql` + `,
  )} AS total`.execute(database.db);
  return Number(rows[0]!.total);
}

/**
 * One page newest first by (timestamp, id), strictly after the cursor position when given.
 * `matching`: the events the filters match (SQLite, with `query`), which may let a broad search
 * test the events of a window after the cursor rather than list all its matches (windowPage).
 * `query` alone: a page read again while the audit log's search version holds is read by its
 * events' ids (SearchPage, db/search-counts.ts; an event's timestamp never changes).
 */
export async function listAuditEvents(
  database: Database,
  workspaceId: string,
  filters: AuditFilters,
  after: CursorPosition | undefined,
  limit: number,
  matching?: number,
): Promise<AuditEventsTable[]> {
  const page = (read: TextRead) => {
    let query = database.db
      .selectFrom('audit_events')
      .selectAll()
      .where((eb) => filterConditions(eb, database.dialect, workspaceId, filters, read));
    if (after) query = query.where(sql<SqlBool>`(timestamp, id) < (${after.timestamp}, ${after.id})`);
    return query.orderBy('timestamp', 'desc').orderBy('id', 'desc').limit(limit);
  };
  const pageKey =
    givenFilters(filters).length === 1 && filters.query
      ? searchPageKey(
          searchStartKey(workspaceId, 'audit_events', 'timestamp desc', filters.query),
          after ? `${after.timestamp}\u0000${after.id}` : '',
          limit,
        )
      : undefined;
  const known = pageKey === undefined ? undefined : rememberedPage(database.db, pageKey);
  if (known) {
    const found = await page('columns')
      .where('id', 'in', known.ids as string[])
      .where(startHolds(workspaceId, 'audit_events', known.version))
      .execute();
    if (found.length === known.ids.length) return found;
  }
  const version = pageKey === undefined ? undefined : await searchVersion(database.db, workspaceId, 'audit_events');
  let found: AuditEventsTable[] | undefined;
  if (database.dialect === 'sqlite' && filters.query && matching !== undefined && matching > 0)
    found = await windowPage(database, workspaceId, after, limit, matching, page('columns'));
  found ??= await page('index').execute();
  if (version !== undefined && pageKey !== undefined && found.length > 0)
    rememberStart(database.db, pageKey, { version, ids: found.map((event) => event.id) });
  return found;
}

/** The oldest event of a window of `size` events newest first, from `from` on. */
function windowEndOf(database: Database, workspaceId: string, size: number, from?: Expression<SqlBool>) {
  let ends = database.db.selectFrom('audit_events').select(['timestamp', 'id']).where('workspace_id', '=', workspaceId);
  if (from) ends = ends.where(from);
  return ends
    .orderBy('timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(size - 1)
    .executeTakeFirst();
}

/**
 * SQLite, a search matching a good share of the events (ListOptions.sortScan in lists/offset.ts does
 * the same for the lists): the page read by testing each event's own text, walking the page
 * index from the cursor to the end of a window of events (columnTestWindows: the window an even spread
 * of the matches needs, then, were they clustered further back, the largest whose test costs what
 * listing the matches does). Undefined when no window is worth trying, or none holds enough
 * matches: the text index lists them then.
 */
async function windowPage(
  database: Database,
  workspaceId: string,
  after: CursorPosition | undefined,
  limit: number,
  matching: number,
  textOnColumns: SelectQueryBuilder<Tables, 'audit_events', AuditEventsTable>,
): Promise<AuditEventsTable[] | undefined> {
  const events = await countedTotal(database.db, workspaceId, 'audit_events');
  const from = after ? sql<SqlBool>`(timestamp, id) < (${after.timestamp}, ${after.id})` : undefined;
  for (const window of columnTestWindows((limit * events) / matching, events, matching)) {
    const end = await windowEndOf(database, workspaceId, window, from);
    if (!end) return undefined;
    const found = await textOnColumns.where(sql<SqlBool>`(timestamp, id) >= (${end.timestamp}, ${end.id})`).execute();
    if (found.length === limit) return found;
  }
  return undefined;
}
